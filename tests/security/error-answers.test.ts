import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from '#server/plugins/error-handler.ts';

/** A Fastify app with Perch's error handler whose log lines are kept. */
function appThatThrows(error: Error) {
  const lines: string[] = [];
  const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } });
  registerErrorHandler(app);
  app.get('/boom', async () => {
    throw error;
  });
  return { app, lines };
}

// What drizzle throws: the query and its parameters in the message, the driver's error as the cause.
function failedQuery(code: string, message: string): Error {
  const cause = Object.assign(new Error(message), { code, detail: 'Key (email)=(ada@example.com) already exists.' });
  return new Error(
    'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: ada@example.com,$argon2id$v=19$secret',
    { cause },
  );
}

describe('errors nobody expected', () => {
  it('answer 500 with a sentence, without the stack, the message or the query', async () => {
    const { app } = appThatThrows(failedQuery('XX000', 'internal error'));
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    expect(response.body).not.toMatch(/at |Failed query|argon2|users/);
  });

  it('are logged with their type, message, code and place, but no stack trace and no query parameters', async () => {
    const { app, lines } = appThatThrows(failedQuery('XX000', 'internal error'));
    await app.inject({ method: 'GET', url: '/boom' });
    const logged = lines.join('\n');
    expect(logged).toContain('unhandled error');
    expect(logged).toContain('internal error');
    expect(logged).toContain('XX000');
    expect(logged).not.toMatch(/"stack"|\\n\s+at /);
    expect(logged).not.toMatch(/argon2|ada@example\.com|params/);
  });

  it('log a lost database as a warning of one line, and answer 503 with Retry-After', async () => {
    const lost = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const { app, lines } = appThatThrows(lost);
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json().message).toBe('Perch is temporarily unavailable. Please try again in a moment.');
    expect(lines.join('\n')).not.toMatch(/"stack"/);
  });
});
