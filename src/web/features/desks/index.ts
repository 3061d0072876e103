// The desks feature's public entry: other features, pages and the app import it from here only.
export { useCreateDesk } from './create-desk.ts';
export { useDeleteAllDesks } from './delete-all-desks.ts';
export { useDeleteDesks } from './delete-desk.ts';
export { addToCache, removeFromCache, writePlacements } from './desk-cache.ts';
export { type Desk, floorDesksKey, useFloorDesks } from './list-floor-desks.ts';
export { organizationDesksKey, organizationDesksQuery, useOrganizationDesks } from './list-organization-desks.ts';
export { type DeskChange, useUpdateDesks } from './update-desk.ts';
