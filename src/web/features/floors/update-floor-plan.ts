import type { FloorPlanSaved } from '#domain/floor-plan.ts';
import { apiRequest } from '#web/app/api.ts';

/** PUT /api/floors/{floorId}/floor-plan {floorPlanURL}: saves the location an upload answered with. */
export function updateFloorPlan(floorId: string, location: string): Promise<FloorPlanSaved> {
  return apiRequest('PUT', `/api/floors/${floorId}/floor-plan`, { floorPlanURL: location });
}
