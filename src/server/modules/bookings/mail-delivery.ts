import type { BookingView } from '#domain/bookings-responses.ts';
import type { AppContext } from '#server/context.ts';
import { describeForLog } from '#server/errors.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { bookingsCancelledMail, type MailOrganization } from './mails.ts';

/**
 * Mail is written and sent after the answer: a slow or failing mail server never delays or fails a
 * booking, which the database has already committed. Failures are logged.
 */
export function sendInBackground(context: AppContext, composeMessage: () => MailMessage): void {
  setImmediate(() => {
    let message: MailMessage | undefined;
    try {
      message = composeMessage();
      context.mailer.send(message).catch((error: unknown) => logMailFailure(context, error, message?.subject));
    } catch (error) {
      logMailFailure(context, error, message?.subject);
    }
  });
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
  for (const [email, bookings] of byOwner) {
    sendInBackground(context, () =>
      bookingsCancelledMail(email, bookings, organization, reason, context.config.publicUrl),
    );
  }
}
