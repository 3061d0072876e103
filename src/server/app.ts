import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { Mailer } from './mail/mailer.ts';
import { createMailer } from './mail/mailer.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { organizationRoutes } from './modules/organizations/routes.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSessions } from './plugins/session.ts';
import { registerWebApp } from './static.ts';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  mailer?: Mailer;
  /** Serve the built browser app (off in API tests). */
  serveWebApp?: boolean;
}

export async function buildApp(dependencies: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = dependencies;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only: a text/plain body (which other sites can send without a preflight) answers 415.
  app.removeContentTypeParser('text/plain');

  const mailer = dependencies.mailer ?? createMailer(config, app.log);
  const context: AppContext = { config, db: database.db, database, mailer, log: app.log };

  registerErrorHandler(app);
  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { threshold: 1024 });
  registerSecurity(app, config);
  registerSessions(app, context);

  await app.register(healthRoutes(context));
  await app.register(accountRoutes(context));
  await app.register(organizationRoutes(context));
  if (dependencies.serveWebApp ?? true) await registerWebApp(app);

  app.addHook('onClose', async () => mailer.close());
  return app;
}
