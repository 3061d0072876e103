// The floors feature's public entry: other features, pages and the app import it from here only.
export { AddFloorDialog } from './add-floor-dialog.tsx';
export { FloorFilterSelect } from './floor-filter-select.tsx';
export { FloorPicker } from './floor-picker.tsx';
export { type Floor, floorsQuery, useFloors } from './list-floors.ts';
export { refreshFloorPlanCaches } from './refresh-caches.ts';
export { requestUploadUrl } from './request-upload-url.ts';
export { updateFloorPlan } from './update-floor-plan.ts';
export { useUpdateFloorZoom } from './update-floor-zoom.ts';
