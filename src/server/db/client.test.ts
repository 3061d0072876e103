import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabase } from '#test-support/harness.ts';
import { registerErrorHandler } from '../plugins/error-handler.ts';

// The node-postgres pool only: PGlite runs in this process and has no connection to lose.
describe.skipIf(testDatabase !== 'postgres')('the PostgreSQL pool when a connection dies', () => {
  it('survives a held connection that the server closes, answers 503 for it, and serves the next query', async () => {
    const { database, drop } = await openTestDatabase();
    try {
      const failure = await database.sql
        .withConnection(async (connection) => {
          const [{ pid }] = (await connection.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')) as [
            { pid: number },
          ];
          // Another connection ends this one while it is checked out and idle, as a database crash or restart does.
          await database.sql.query('SELECT pg_terminate_backend($1)', [pid]);
          // Until the server has really ended it, however slow the machine: not a fixed pause.
          while ((await database.sql.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).length > 0) {
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
          await connection.query('SELECT 1');
        })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);

      const app = Fastify({ logger: false });
      registerErrorHandler(app);
      app.get('/', async () => {
        throw failure;
      });
      const answer = await app.inject({ method: 'GET', url: '/' });
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');

      expect(await database.sql.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
      await drop();
    }
  });
});
