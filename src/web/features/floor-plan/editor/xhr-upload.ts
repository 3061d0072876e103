import {
  needsFreshUploadUrl,
  shouldRetryUpload,
  type UploadFailure,
  uploadFailureMessage,
  uploadRetryDelaysMs,
  uploadStallTimeoutMs,
} from './upload-policy.ts';

export class UploadError extends Error {
  readonly failure: UploadFailure;
  constructor(failure: UploadFailure) {
    super(uploadFailureMessage(failure));
    this.failure = failure;
  }
}

type Attempt = { ok: true; body: string } | { ok: false; failure: UploadFailure };

/** One PUT of the raw file, reporting real upload progress; abandoned after 30 s without progress. */
function putFile(
  url: string,
  file: File,
  onProgress: (loaded: number, total: number) => void,
  signal: AbortSignal,
): Promise<Attempt> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    let settled = false;
    let stallTimer: ReturnType<typeof setTimeout> | undefined;
    const finish = (attempt: Attempt) => {
      if (settled) return;
      settled = true;
      clearTimeout(stallTimer);
      signal.removeEventListener('abort', abort);
      resolve(attempt);
    };
    const watchForStall = () => {
      clearTimeout(stallTimer);
      stallTimer = setTimeout(() => {
        finish({ ok: false, failure: { kind: 'stalled' } });
        xhr.abort();
      }, uploadStallTimeoutMs);
    };
    const abort = () => {
      finish({ ok: false, failure: { kind: 'aborted' } });
      xhr.abort();
    };

    xhr.open('PUT', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', file.type);
    xhr.upload.addEventListener('progress', (event) => {
      watchForStall();
      onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    });
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) finish({ ok: true, body: xhr.responseText });
      else {
        const failure = { kind: 'status', status: xhr.status, statusText: xhr.statusText, body: xhr.responseText };
        finish({ ok: false, failure: failure as UploadFailure });
      }
    });
    xhr.addEventListener('error', () => finish({ ok: false, failure: { kind: 'network' } }));
    xhr.addEventListener('abort', () => finish({ ok: false, failure: { kind: 'aborted' } }));
    signal.addEventListener('abort', abort);
    if (signal.aborted) return abort();
    watchForStall();
    xhr.send(file);
  });
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms === 0 || signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

function locationOf(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { location?: unknown };
    return typeof parsed.location === 'string' && parsed.location ? parsed.location : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Uploads the file to a single-use address and answers the stored location. Retryable failures
 * are tried again after 0, 1, 3 and 5 s; an expired address (403) is exchanged for a fresh one.
 */
export async function uploadWithRetries({
  file,
  getUploadUrl,
  onProgress,
  signal,
}: {
  file: File;
  getUploadUrl: () => Promise<string | undefined>;
  onProgress: (loaded: number, total: number) => void;
  signal: AbortSignal;
}): Promise<string> {
  let url = await getUploadUrl();
  for (let attempt = 0; ; attempt += 1) {
    if (!url) throw new UploadError({ kind: 'missing-url' });
    const result = await putFile(url, file, onProgress, signal);
    if (result.ok) {
      const location = locationOf(result.body);
      if (!location) throw new UploadError({ kind: 'unknown' });
      return location;
    }
    const delay = uploadRetryDelaysMs[attempt];
    if (delay === undefined || signal.aborted || !shouldRetryUpload(result.failure)) {
      throw new UploadError(result.failure);
    }
    await wait(delay, signal);
    if (signal.aborted) throw new UploadError({ kind: 'aborted' });
    if (needsFreshUploadUrl(result.failure)) url = await getUploadUrl();
    onProgress(0, file.size);
  }
}
