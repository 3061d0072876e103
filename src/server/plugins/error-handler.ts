import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { ErrorBody } from '#domain/responses.ts';
import { AppError, describeForLog, sqlState } from '../errors.ts';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

function describeValidation(issues: ValidationIssue[], context: string | undefined): string {
  const first = issues[0];
  if (!first) return 'The request is invalid.';
  const path =
    first.params?.issue?.path?.map(String).join('.') || first.instancePath?.replace(/^\//, '').replaceAll('/', '.');
  const message = first.params?.issue?.message ?? first.message ?? 'Invalid input';
  if (!path) return context === 'body' ? `Request body: ${message}` : message;
  return `${message} (${path})`;
}

// SQLSTATE classes a client can cause with values the schemas let through; everything else is ours.
const clientStates: Record<string, [number, string]> = {
  '22001': [400, 'A value is too long.'],
  '22003': [400, 'A number is out of range.'],
  '22007': [400, 'A date or time is invalid.'],
  '22008': [400, 'A date or time is out of range.'],
  '22021': [400, 'A text value contains a character that is not allowed (such as a NUL character).'],
  '22P02': [400, 'A value has the wrong format.'],
  '23505': [409, 'That already exists.'],
};
const lockNotAvailable = '55P03';
const unavailableStates = /^(08|53|57P0[1-3])/;

/** Every error answer leaves through here, in the one shape of src/domain (errorBodySchema). */
function answer(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  return reply.status(status).send(body);
}

/** What the router refuses before any route (Fastify's frameworkErrors): an id too long, a badly encoded address. */
export function answerRouterError(error: FastifyError, reply: FastifyReply): FastifyReply {
  return answer(reply, error.statusCode ?? 400, { message: describeFastifyError(error) });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return answer(reply, error.statusCode, {
        message: error.message,
        ...(error.code ? { code: error.code } : {}),
        ...(error.details !== undefined ? { details: error.details } : {}),
      });
    }
    if (error.validation) {
      return answer(reply, 400, {
        message: describeValidation(error.validation as ValidationIssue[], error.validationContext),
      });
    }
    const clientStatus =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : undefined;
    if (clientStatus) return answer(reply, clientStatus, { message: describeFastifyError(error) });
    const state = sqlState(error);
    const mapped = state ? clientStates[state] : undefined;
    if (mapped) return answer(reply, mapped[0], { message: mapped[1] });
    if (state === lockNotAvailable) {
      // A lock held past the pool's lock_timeout (decision 013): contention, not a failure; the client may retry.
      reply.header('retry-after', '1');
      return answer(reply, 429, { message: 'Someone else is changing the same thing right now. Please try again.' });
    }
    if ((state && unavailableStates.test(state)) || isConnectionFailure(error)) {
      request.log.warn({ error: describeForLog(error) }, 'database unavailable');
      reply.header('retry-after', '5');
      return answer(reply, 503, { message: 'Perch is temporarily unavailable. Please try again in a moment.' });
    }
    request.log.error({ error: describeForLog(error) }, 'unhandled error');
    return answer(reply, 500, { message: 'Something went wrong on our side. Please try again.' });
  });

  app.setNotFoundHandler((request, reply) => {
    answer(reply, 404, { message: `There is no ${request.method} ${request.url.split('?')[0]} here.` });
  });
}

function describeFastifyError(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as JSON (Content-Type: application/json).';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty; send a JSON object.';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'The address is too long.';
    case 'FST_ERR_BAD_URL':
      return 'The address is not valid.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'The request body is not valid JSON.';
    default:
      return error.statusCode === 400 && /JSON/i.test(error.message)
        ? 'The request body is not valid JSON.'
        : 'The request could not be understood.';
  }
}

function isConnectionFailure(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}` : '';
  return /ECONNREFUSED|ECONNRESET|Connection terminated|timeout exceeded when trying to connect|not queryable|PGlite is closed/i.test(
    text,
  );
}
