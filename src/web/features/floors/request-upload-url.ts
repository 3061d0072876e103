import { apiRequest } from '../../app/api.ts';

/** POST /api/objects/upload {organizationId}: a short-lived, single-use address to PUT one image to. */
export async function requestUploadUrl(organizationId: string): Promise<string | undefined> {
  const answer = await apiRequest<{ uploadURL?: string }>('POST', '/api/objects/upload', { organizationId });
  return answer?.uploadURL;
}
