import { checkInResponseSchema } from '#domain/check-in.ts';
import { idParams } from '#domain/ids.ts';
import { routeModule } from '#server/routes.ts';
import { checkIn } from './service.ts';

export const checkInRoutes = routeModule('Bookings', (route, context) => {
  route.post('/api/bookings/:bookingId/check-in', {
    summary: 'Check in to a booking: the person is at the desk.',
    description:
      'The owner, or an admin of the organization for them (audited). The window opens 30 minutes before the slot starts and closes the organization’s grace minutes after, on the clock of the desk’s site (its time zone and office hours): outside it, 422 with a sentence saying when it opens or that it closed. A cancelled or released booking: 409. Someone else’s booking: 404. Checking in again answers the first check-in.',
    params: idParams('bookingId'),
    response: checkInResponseSchema,
    handle: ({ user, params }) => checkIn(context, user.id, params.bookingId),
  });
});
