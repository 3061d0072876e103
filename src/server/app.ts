import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Config, trustProxyOption } from './config.ts';
import type { AppContext } from './context.ts';
import type { DatabaseHandle } from './db/client.ts';
import { httpServerOptions } from './http-limits.ts';
import { withoutTokens } from './log-redaction.ts';
import type { Mailer } from './mail/mailer.ts';
import { createMailer } from './mail/mailer.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { forgetEndedSessions } from './modules/accounts/session-cache.ts';
import { amenityRoutes } from './modules/amenities/routes.ts';
import { analyticsRoutes } from './modules/analytics/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { bookingRuleRoutes } from './modules/booking-rules/routes.ts';
import { bookingSeriesRoutes } from './modules/booking-series/routes.ts';
import { bookingRoutes } from './modules/bookings/routes.ts';
import { calendarFeedRoutes } from './modules/calendar-feed/routes.ts';
import { checkInRoutes } from './modules/check-in/routes.ts';
import { deskHereRoutes } from './modules/desk-here/routes.ts';
import { deskRoutes } from './modules/desks/routes.ts';
import { eventRoutes } from './modules/events/routes.ts';
import { streamCheck } from './modules/events/service.ts';
import { floorRoutes } from './modules/floors/routes.ts';
import { followingRoutes } from './modules/following/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { invitationRoutes, invitationSignupRoutes } from './modules/invitations/routes.ts';
import { memberRoutes } from './modules/members/routes.ts';
import { neighbourhoodRoutes } from './modules/neighbourhoods/routes.ts';
import { organizationRoutes } from './modules/organizations/routes.ts';
import { passkeyRoutes } from './modules/passkeys/routes.ts';
import { ensurePlatformOrganization } from './modules/platform/bootstrap.ts';
import { platformRoutes } from './modules/platform/routes.ts';
import { preferenceRoutes } from './modules/preferences/routes.ts';
import { releaseRoutes } from './modules/releases/routes.ts';
import { siteRoutes } from './modules/sites/routes.ts';
import { ssoRoutes } from './modules/sso/routes.ts';
import { mayApproveLocalCheckout } from './modules/subscriptions/checkout.ts';
import { paypalRoutes, subscriptionRoutes } from './modules/subscriptions/routes.ts';
import { teamBookingRoutes } from './modules/team-bookings/routes.ts';
import { teamRoutes } from './modules/teams/routes.ts';
import { uploadRoutes } from './modules/uploads/routes.ts';
import { openApiRoutes } from './openapi/openapi-routes.ts';
import { registerOpenApi } from './openapi/register-openapi.ts';
import { createPayments, type Payments } from './payments/create-payments.ts';
import { localCheckoutRoutes } from './payments/local-checkout/routes.ts';
import { answerRouterError, registerErrorHandler } from './plugins/error-handler.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSessions } from './plugins/session.ts';
import { registerSsoRequirement } from './plugins/sso-requirement.ts';
import { startRealtime } from './realtime/start-realtime.ts';
import { registerWebApp } from './static.ts';
import { createObjectStore } from './storage/create-object-store.ts';
import type { ObjectStore } from './storage/object-store.ts';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  mailer?: Mailer;
  /** Where floor-plan images live; built from config.storage when not given. */
  objectStore?: ObjectStore;
  /** The payment provider; built from config.payments when not given. */
  payments?: Payments;
  /** Serve the built browser app (off in API tests). */
  serveWebApp?: boolean;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): void };
}

export async function buildApp(dependencies: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = dependencies;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(dependencies.logStream ? { stream: dependencies.logStream } : {}),
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: withoutTokens(request.url),
          remoteAddress: request.ip,
        }),
      },
    },
    trustProxy: trustProxyOption(config.trustProxy),
    // What the router refuses (an id past maxParamLength, a badly encoded address) goes through the error handler
    // too, in the one error shape, instead of Fastify's own body that repeats the address.
    frameworkErrors: (error, _request, reply) => answerRouterError(error, reply),
    bodyLimit: 64 * 1024,
    ...httpServerOptions(config.http),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only: a text/plain body (which other sites can send without a preflight) answers 415.
  app.removeContentTypeParser('text/plain');

  const mailer = dependencies.mailer ?? createMailer(config, app.log);
  const objectStore = dependencies.objectStore ?? (await createObjectStore(config));
  // Live updates (decision 007): the database's change announcements, fanned out to this instance's streams.
  const realtime = await startRealtime({
    database,
    log: app.log,
    checkStreams: streamCheck(database.db),
    onSessionsEnded: forgetEndedSessions,
  });
  const payments = dependencies.payments ?? createPayments(config, database.db);
  const context: AppContext = {
    config,
    db: database.db,
    database,
    mailer,
    objectStore,
    payments,
    log: app.log,
    realtime: realtime.hub,
  };

  app.decorate('perch', context);
  await ensurePlatformOrganization(database.db, config);

  registerErrorHandler(app);
  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { threshold: 1024 });
  registerSecurity(app, config, objectStore.browserOrigin);
  registerSessions(app, context);
  registerSsoRequirement(app, context);
  // Before any route: the OpenAPI document and the route catalog see every route registered after this.
  await registerOpenApi(app);

  await app.register(openApiRoutes());
  await app.register(healthRoutes(context));
  await app.register(accountRoutes(context));
  await app.register(ssoRoutes(context));
  await app.register(organizationRoutes(context));
  await app.register(memberRoutes(context));
  await app.register(invitationRoutes(context));
  await app.register(invitationSignupRoutes(context));
  await app.register(siteRoutes(context));
  await app.register(teamRoutes(context));
  await app.register(floorRoutes(context));
  await app.register(deskRoutes(context));
  await app.register(neighbourhoodRoutes(context));
  await app.register(amenityRoutes(context));
  await app.register(bookingRoutes(context));
  await app.register(bookingSeriesRoutes(context));
  await app.register(releaseRoutes(context));
  await app.register(teamBookingRoutes(context));
  await app.register(followingRoutes(context));
  await app.register(analyticsRoutes(context));
  await app.register(bookingRuleRoutes(context));
  await app.register(calendarFeedRoutes(context));
  await app.register(passkeyRoutes(context));
  await app.register(preferenceRoutes(context));
  await app.register(checkInRoutes(context));
  await app.register(deskHereRoutes(context));
  await app.register(uploadRoutes(context));
  await app.register(subscriptionRoutes(context));
  await app.register(paypalRoutes(context));
  if (payments.local) {
    await app.register(
      localCheckoutRoutes(payments.local, (id, userId) => mayApproveLocalCheckout(context, id, userId)),
    );
  }
  await app.register(platformRoutes(context));
  await app.register(auditRoutes(context));
  await app.register(eventRoutes(context));
  if (dependencies.serveWebApp ?? true) await registerWebApp(app);

  // Open event streams would hold the server open: they end before it closes (browsers reconnect elsewhere).
  app.addHook('preClose', async () => realtime.hub.closeAll());
  app.addHook('onClose', async () => realtime.stop());
  app.addHook('onClose', async () => mailer.close());
  app.addHook('onClose', async () => objectStore.close());
  app.addHook('onClose', async () => payments.provider.close());
  return app;
}
