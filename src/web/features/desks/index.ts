// The desks feature's public entry: other features, pages and the app import it from here only.
export { useBatchDesks } from './batch-desks.ts';
export { useCreateDesk } from './create-desk.ts';
export { useDeleteAllDesks } from './delete-all-desks.ts';
export { useDeleteDesks } from './delete-desk.ts';
export { addToCache, removeFromCache, writeDesks } from './desk-cache.ts';
export { amenitiesKey, amenitiesQuery, useAmenities } from './list-amenities.ts';
export { type Desk, floorDesksKey, useFloorDesks } from './list-floor-desks.ts';
export { organizationDesksKey, organizationDesksQuery, useOrganizationDesks } from './list-organization-desks.ts';
export { useSaveAmenities } from './save-amenities.ts';
export { useUpdateDeskProperties, useUpdateDesks } from './update-desk.ts';
