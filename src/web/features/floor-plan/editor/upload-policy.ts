import { floorPlanMediaTypes, maxFloorPlanBytes } from '#domain/floor-plan.ts';
import { errorBodyOf } from '#web/app/api.ts';

/** Spec section 9: a failed attempt is tried again after 0, 1, 3 and 5 seconds. */
export const uploadRetryDelaysMs = [0, 1000, 3000, 5000] as const;

/** An upload that reports no progress for this long is abandoned. */
export const uploadStallTimeoutMs = 30_000;

export type UploadFailure =
  | { kind: 'status'; status: number; statusText: string; body: string }
  | { kind: 'network' }
  | { kind: 'stalled' }
  | { kind: 'missing-url' }
  | { kind: 'aborted' }
  | { kind: 'unknown' };

export const uploadMessages = {
  expired: 'Request has expired',
  unauthorized: 'Authorization required',
  non2xx: 'Non 2xx',
  unknown: 'Unknown error',
  missingUrl: 'Cannot connect to an undefined URL',
  stalled: `Connection timed out: no upload progress for ${uploadStallTimeoutMs / 1000} seconds, aborting.`,
  network:
    'This looks like a network error: the upload endpoint might be blocked by a firewall, a proxy or a browser extension.',
  aborted: 'Upload cancelled',
  wrongType: 'Please choose a PNG, JPEG or WebP image',
  tooLarge: 'The image is larger than 10 MB',
  empty: 'The image file is empty',
} as const;

/** Spec section 8: 408, 409, 429, 418, 423 and 5xx except 501 and 505 are tried again. */
export function isRetryableStatus(status: number): boolean {
  if ([408, 409, 418, 423, 429].includes(status)) return true;
  return status >= 500 && status <= 599 && status !== 501 && status !== 505;
}

/**
 * Whether another attempt may succeed. An expired upload address (403) is retried too: the
 * uploader asks the server for a fresh one first.
 */
export function shouldRetryUpload(failure: UploadFailure): boolean {
  if (failure.kind !== 'status') return false;
  return failure.status === 403 || isRetryableStatus(failure.status);
}

export function needsFreshUploadUrl(failure: UploadFailure): boolean {
  return failure.kind === 'status' && failure.status === 403;
}

/** What the person is told: the server's sentence for a 4xx, the status text for anything else. */
export function uploadFailureMessage(failure: UploadFailure): string {
  switch (failure.kind) {
    case 'status':
      if (failure.status === 401) return uploadMessages.unauthorized;
      if (failure.status === 403) return uploadMessages.expired;
      if (failure.status >= 400 && failure.status < 500) {
        return errorBodyOf(failure.body)?.message || failure.statusText || uploadMessages.non2xx;
      }
      return failure.statusText || uploadMessages.non2xx;
    case 'network':
      return uploadMessages.network;
    case 'stalled':
      return uploadMessages.stalled;
    case 'missing-url':
      return uploadMessages.missingUrl;
    case 'aborted':
      return uploadMessages.aborted;
    case 'unknown':
      return uploadMessages.unknown;
  }
}

/** One file, a PNG, JPEG or WebP image of at most 10,485,760 bytes (spec sections 5 and 9). */
export function validateFloorPlanFile(file: { size: number; type: string }): string | null {
  if (!(floorPlanMediaTypes as readonly string[]).includes(file.type)) return uploadMessages.wrongType;
  if (file.size === 0) return uploadMessages.empty;
  if (file.size > maxFloorPlanBytes) return uploadMessages.tooLarge;
  return null;
}

/** Whole percentage of bytes sent, 0 to 100. */
export function uploadPercent(loaded: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((loaded / total) * 100)));
}
