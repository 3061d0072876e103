import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';

export function healthRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['Health'],
          summary: 'Whether the server can reach its database.',
          description:
            '503 when the database cannot be reached within two seconds. Checked over a connection of its own, so a pool busy with requests does not fail it.',
          response: {
            200: z.object({ status: z.literal('ok') }),
            503: z.object({ status: z.literal('unavailable'), message: z.string() }),
          },
        },
      },
      async (_request, reply) => {
        try {
          await Promise.race([
            context.database.ping(),
            new Promise((_, reject) => setTimeout(() => reject(new Error('database check timed out')), 2000).unref()),
          ]);
          return { status: 'ok' as const };
        } catch {
          return reply.status(503).send({ status: 'unavailable' as const, message: 'The database cannot be reached.' });
        }
      },
    );
  };
}
