/** The one error type services throw; the error handler maps it to HTTP. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string | undefined;
  readonly details: unknown;
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    message: string,
    options: { code?: string; details?: unknown; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.statusCode = statusCode;
    this.code = options.code;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }
}

export const badRequest = (message: string, details?: unknown) => new AppError(400, message, { details });
export const unauthorized = (message = 'Please sign in to continue.') => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string, details?: unknown) => new AppError(409, message, { details });
export const unprocessable = (message: string) => new AppError(422, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, { headers: { 'retry-after': String(retryAfterSeconds) } });

/** SQLSTATE of a database error, whichever driver raised it (drizzle wraps it in `cause`). */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * What the log keeps of an error: its type, the driver's own message and code, and the line that threw. Never the
 * stack, and never drizzle's "Failed query ... params:" message, whose parameters can be e-mails or password hashes.
 */
export function describeForLog(error: unknown): { type: string; message: string; code?: string; at?: string } {
  let source: unknown = error;
  for (let depth = 0; depth < 4; depth++) {
    const cause = (source as { cause?: unknown } | undefined)?.cause;
    if (!(cause instanceof Error)) break;
    source = cause;
  }
  const top = error instanceof Error ? error : new Error(String(error));
  const innermost = source instanceof Error ? source : top;
  const code = sqlState(error) ?? (innermost as { code?: unknown }).code;
  const at = top.stack
    ?.split('\n')
    .find((line) => line.trimStart().startsWith('at '))
    ?.trim();
  return {
    type: top.name,
    message: innermost === top && /^Failed query/.test(top.message) ? 'Failed query' : innermost.message,
    ...(typeof code === 'string' ? { code } : {}),
    ...(at ? { at } : {}),
  };
}
