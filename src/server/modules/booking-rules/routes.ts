import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookingRulesChangeSchema, bookingRulesResponseSchema } from '#domain/booking-rules.ts';
import { idParams } from '#domain/ids.ts';
import type { AppContext } from '#server/context.ts';
import { requireUser } from '#server/plugins/session.ts';
import * as bookingRules from './service.ts';

const params = idParams('id');

export function bookingRuleRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/organizations/:id/booking-rules',
      {
        schema: {
          tags: ['Organizations'],
          summary: 'The organization’s booking rules.',
          description:
            'One desk per person per half day, how many days ahead bookings open, a weekly quota of days, and whether admins are exempt from the last two. Any member may read them; 404 for others.',
          params,
          response: { 200: bookingRulesResponseSchema },
        },
      },
      async (request) => bookingRules.getBookingRules(context, request.params.id, requireUser(request).id),
    );

    app.put(
      '/api/organizations/:id/booking-rules',
      {
        schema: {
          tags: ['Organizations'],
          summary: 'Change the organization’s booking rules (admins).',
          description:
            'Takes any subset of the rules; the others stay. Applies to bookings made from now on; bookings already made stay. Turning check-in on releases only bookings whose window opens afterwards. 403 for a member, 404 for others; the change is in the audit log.',
          params,
          body: bookingRulesChangeSchema,
          response: { 200: bookingRulesResponseSchema },
        },
      },
      async (request) =>
        bookingRules.replaceBookingRules(context, request.params.id, requireUser(request).id, request.body),
    );
  };
}
