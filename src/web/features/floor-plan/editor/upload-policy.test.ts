import { describe, expect, it } from 'vitest';
import {
  isRetryableStatus,
  needsFreshUploadUrl,
  shouldRetryUpload,
  uploadFailureMessage,
  uploadMessages,
  uploadPercent,
  uploadRetryDelaysMs,
  validateFloorPlanFile,
} from './upload-policy.ts';

const status = (code: number, body = '', statusText = '') =>
  ({ kind: 'status', status: code, statusText, body }) as const;

describe('upload retries', () => {
  it('waits 0, 1, 3 and 5 seconds between attempts', () => {
    expect(uploadRetryDelaysMs).toEqual([0, 1000, 3000, 5000]);
  });

  it('retries 408, 409, 429, 418, 423 and 5xx except 501 and 505', () => {
    for (const code of [408, 409, 429, 418, 423, 500, 502, 503, 504, 599]) expect(isRetryableStatus(code)).toBe(true);
    for (const code of [400, 401, 404, 413, 415, 422, 501, 505]) expect(isRetryableStatus(code)).toBe(false);
  });

  it('retries an expired address (403) with a fresh one', () => {
    expect(shouldRetryUpload(status(403))).toBe(true);
    expect(needsFreshUploadUrl(status(403))).toBe(true);
    expect(needsFreshUploadUrl(status(503))).toBe(false);
  });

  it('does not retry a network failure, a stall or a cancel', () => {
    expect(shouldRetryUpload({ kind: 'network' })).toBe(false);
    expect(shouldRetryUpload({ kind: 'stalled' })).toBe(false);
    expect(shouldRetryUpload({ kind: 'aborted' })).toBe(false);
  });
});

describe('upload messages', () => {
  it('shows the server sentence for a 4xx', () => {
    expect(uploadFailureMessage(status(415, '{"message":"Only PNG, JPEG or WebP images"}', 'Unsupported'))).toBe(
      'Only PNG, JPEG or WebP images',
    );
    expect(uploadFailureMessage(status(413, '', 'Payload Too Large'))).toBe('Payload Too Large');
  });

  it('names 401 and 403 as the spec does', () => {
    expect(uploadFailureMessage(status(401))).toBe('Authorization required');
    expect(uploadFailureMessage(status(403))).toBe('Request has expired');
  });

  it('shows the status text for other failures, else Non 2xx', () => {
    expect(uploadFailureMessage(status(503, '{"message":"internal detail"}', 'Service Unavailable'))).toBe(
      'Service Unavailable',
    );
    expect(uploadFailureMessage(status(502))).toBe('Non 2xx');
  });

  it('explains network errors, stalls and a missing address', () => {
    expect(uploadFailureMessage({ kind: 'network' })).toMatch(/network error.*blocked/);
    expect(uploadFailureMessage({ kind: 'stalled' })).toMatch(/timed out/);
    expect(uploadFailureMessage({ kind: 'missing-url' })).toBe('Cannot connect to an undefined URL');
    expect(uploadFailureMessage({ kind: 'unknown' })).toBe('Unknown error');
  });
});

describe('floor-plan files', () => {
  it('accepts PNG, JPEG and WebP up to 10,485,760 bytes', () => {
    expect(validateFloorPlanFile({ type: 'image/png', size: 10_485_760 })).toBeNull();
    expect(validateFloorPlanFile({ type: 'image/jpeg', size: 1 })).toBeNull();
    expect(validateFloorPlanFile({ type: 'image/webp', size: 500 })).toBeNull();
  });

  it('refuses other types, empty files and anything larger', () => {
    expect(validateFloorPlanFile({ type: 'image/svg+xml', size: 10 })).toBe(uploadMessages.wrongType);
    expect(validateFloorPlanFile({ type: 'image/png', size: 0 })).toBe(uploadMessages.empty);
    expect(validateFloorPlanFile({ type: 'image/png', size: 10_485_761 })).toBe(uploadMessages.tooLarge);
  });

  it('reports whole percentages', () => {
    expect(uploadPercent(0, 0)).toBe(0);
    expect(uploadPercent(333, 1000)).toBe(33);
    expect(uploadPercent(1000, 1000)).toBe(100);
  });
});
