// The floor plan feature's public entry: other features, pages and the app import it from here only.
// The floor editor is not here: the floor plan view loads it lazily, in its own chunk.
export { availabilityByDesk, type DeskStatistics, summariseAvailability } from './availability.ts';
export { DeskList } from './desk-list.tsx';
export { tileTransform, toDeskRect } from './desk-rect.ts';
export { FloorPlanView } from './floor-plan-view.tsx';
export { focusMap } from './use-desk-roving-focus.ts';
