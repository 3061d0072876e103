import { healthyResponseSchema, unhealthyResponseSchema } from '#domain/health.ts';
import { routeModule } from '#server/routes.ts';

export const healthRoutes = routeModule('Health', (route, context) => {
  route.get('/api/health', {
    public: true,
    summary: 'Whether the server can reach its database.',
    description:
      '503 when the database cannot be reached within two seconds. Checked over a connection of its own, so a pool busy with requests does not fail it.',
    responses: { 200: healthyResponseSchema, 503: unhealthyResponseSchema },
    handle: async ({ reply }) => {
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
  });
});
