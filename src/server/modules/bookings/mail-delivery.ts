import type { BookingView } from '#domain/bookings-responses.ts';
import type { AppContext } from '#server/context.ts';
import { describeForLog } from '#server/errors.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { bookingsCancelledMail, type MailOrganization } from './mails.ts';
import { findRecipientZones } from './repo.ts';

/**
 * Mail is written and sent after the answer: a slow or failing mail server never delays or fails a
 * booking, which the database has already committed. Failures are logged.
 */
export function sendInBackground(context: AppContext, composeMessage: () => MailMessage | Promise<MailMessage>): void {
  setImmediate(async () => {
    let message: MailMessage | undefined;
    try {
      message = await composeMessage();
      await context.mailer.send(message);
    } catch (error) {
      logMailFailure(context, error, message?.subject);
    }
  });
}

/** The zone a person's mails write times in: their home site's, else the organization's first site's (issue 28). */
export async function recipientZoneOf(context: AppContext, organizationId: string, userId: string): Promise<string> {
  const { organizationZone, zones } = await findRecipientZones(context.db, organizationId, [userId]);
  return zones.get(userId) ?? organizationZone;
}

function logMailFailure(context: AppContext, error: unknown, subject: string | undefined): void {
  context.log.error({ error: describeForLog(error), subject }, 'booking mail could not be sent');
}

/** One mail per owner other than the one who cancelled, listing that owner's cancelled bookings. */
export function notifyOwners(
  context: AppContext,
  cancelled: BookingView[],
  cancelledBy: string,
  organization: MailOrganization,
  reason: string,
): void {
  const byOwner = new Map<string, BookingView[]>();
  for (const booking of cancelled) {
    if (booking.userId === cancelledBy) continue;
    byOwner.set(booking.user.email, [...(byOwner.get(booking.user.email) ?? []), booking]);
  }
  if (byOwner.size === 0) return;
  // Each owner reads the times in their own zone too: looked up once for all of them, after the answer.
  const organizationId = cancelled[0]?.organizationId ?? '';
  const owners = [...new Set(cancelled.map((booking) => booking.userId))];
  let zones: ReturnType<typeof findRecipientZones> | undefined;
  const zonesOnce = () => {
    zones ??= findRecipientZones(context.db, organizationId, owners).catch(() => ({
      organizationZone: organization.timeZone,
      zones: new Map<string, string>(),
    }));
    return zones;
  };
  for (const [email, bookings] of byOwner) {
    sendInBackground(context, async () => {
      const found = await zonesOnce();
      const zone = found.zones.get(bookings[0]?.userId ?? '') ?? found.organizationZone;
      return bookingsCancelledMail(email, bookings, organization, reason, context.config.publicUrl, zone);
    });
  }
}
