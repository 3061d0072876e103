import { bookingRulesChangeSchema, bookingRulesResponseSchema } from '#domain/booking-rules.ts';
import { organizationParams } from '#domain/ids.ts';
import { routeModule } from '#server/routes.ts';
import * as bookingRules from './service.ts';

export const bookingRuleRoutes = routeModule('Organizations', (route, context) => {
  route.get('/api/organizations/:id/booking-rules', {
    summary: 'The organization’s booking rules.',
    description:
      'One desk per person per half day, how many days ahead bookings open, a weekly quota of days, and whether admins are exempt from the last two. Any member may read them; 404 for others.',
    params: organizationParams,
    response: bookingRulesResponseSchema,
    handle: ({ user, params }) => bookingRules.getBookingRules(context, params.id, user.id),
  });

  route.put('/api/organizations/:id/booking-rules', {
    summary: 'Change the organization’s booking rules (admins).',
    description:
      'Takes any subset of the rules; the others stay. Applies to bookings made from now on; bookings already made stay. Turning check-in on releases only bookings whose window opens afterwards. 403 for a member, 404 for others; the change is in the audit log.',
    params: organizationParams,
    body: bookingRulesChangeSchema,
    response: bookingRulesResponseSchema,
    handle: ({ user, params, body }) => bookingRules.replaceBookingRules(context, params.id, user.id, body),
  });
});
