import type { UploadUrlResponse } from '#domain/floor-plan.ts';
import { apiRequest } from '#web/app/api.ts';

/** POST /api/objects/upload {organizationId}: a short-lived, single-use address to PUT one image to. */
export async function requestUploadUrl(organizationId: string): Promise<string | undefined> {
  const answer = await apiRequest<UploadUrlResponse>('POST', '/api/objects/upload', { organizationId });
  return answer?.uploadURL;
}
