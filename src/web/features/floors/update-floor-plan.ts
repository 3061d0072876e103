import { apiRequest } from '../../app/api.ts';

/** PUT /api/floors/{floorId}/floor-plan {floorPlanURL}: saves the location an upload answered with. */
export function updateFloorPlan(floorId: string, location: string): Promise<{ message: string; floorPlanUrl: string }> {
  return apiRequest('PUT', `/api/floors/${floorId}/floor-plan`, { floorPlanURL: location });
}
