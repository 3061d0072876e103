import { type ErrorBody, errorBodySchema } from '#domain/responses.ts';

/** The server's error answer (errorBodySchema) in a body's text; the browser reads error bodies only through here. */
export function errorBodyOf(text: string): ErrorBody | undefined {
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Spec section 8: a non-success answer becomes an error whose message is "status: body text". */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  /** The server's error answer, when the body is one: its sentence, and the code and details some refusals carry. */
  readonly problem: ErrorBody | undefined;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.status = status;
    this.body = body;
    this.problem = errorBodyOf(body);
  }

  /** The server's sentence (its JSON `message`), when it sent one. */
  get serverMessage(): string | undefined {
    return this.problem?.message;
  }
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const body = await response.text();
  throw new ApiError(response.status, response.statusText, body);
}

/** Every call sends credentials; a body goes as JSON only when present. */
export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** The default read: a GET to the path made by joining the query key's parts with '/'. */
export function getQueryFn<T>(options: { on401: 'returnNull' | 'throw' }) {
  return async ({ queryKey }: { queryKey: readonly unknown[] }): Promise<T | null> => {
    const response = await fetch(queryKey.join('/'), { credentials: 'include' });
    if (options.on401 === 'returnNull' && response.status === 401) {
      await response.text(); // drain the body so the connection is released
      return null;
    }
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

/** The message a screen shows: the server's sentence, else the spec's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status >= 500) return fallback;
    return error.serverMessage ?? fallback;
  }
  return fallback;
}
