import type { MailMessage } from '#server/mail/mailer.ts';
import { renderMail } from '#server/mail/templates.ts';

export function passwordResetMail(to: string, url: string): MailMessage {
  return {
    to,
    subject: 'Reset your Perch password',
    links: [url],
    ...renderMail({
      preview: 'Use this link within an hour to choose a new password.',
      heading: 'Reset your password',
      paragraphs: [
        'Someone, hopefully you, asked to reset the password of the Perch account for this address.',
        'Choose a new password with the button below. The link works once and expires in 1 hour.',
      ],
      action: { label: 'Choose a new password', url },
      footnote: 'If you did not ask for this, you can ignore this mail: your password stays as it is.',
    }),
  };
}

export function verificationMail(to: string, url: string): MailMessage {
  return {
    to,
    subject: 'Confirm your email address for Perch',
    links: [url],
    ...renderMail({
      preview: 'One click and your Perch account is ready.',
      heading: 'Confirm your email address',
      paragraphs: ['Welcome to Perch! Confirm that this address is yours to finish creating your account.'],
      action: { label: 'Confirm my address', url },
      footnote: 'The link expires in 24 hours. If you did not sign up for Perch, you can ignore this mail.',
    }),
  };
}

/**
 * Sent after every password reset: the owner of the address hears of it even if someone else used the link. A new
 * password does not change the calendar feed's secret address (issue 26), so a person who has one is told it still
 * works and how to replace it, should someone else have it.
 */
export function passwordChangedMail(
  to: string,
  {
    hasCalendarFeed,
    publicUrl,
    changedIn = 'reset-link',
  }: { hasCalendarFeed: boolean; publicUrl: string; changedIn?: 'reset-link' | 'account-settings' },
): MailMessage {
  return {
    to,
    subject: 'Your Perch password was changed',
    links: [publicUrl],
    ...renderMail({
      preview: 'If this was you, there is nothing more to do.',
      heading: 'Your password was changed',
      paragraphs: [
        `The password of the Perch account for this address was changed ${changedIn === 'reset-link' ? 'with a reset link' : 'in its account settings'}, and every other browser signed in to the account was signed out.`,
        ...(hasCalendarFeed
          ? [
              'Your calendar link still works: calendar apps subscribed to it keep showing your desk bookings. If someone else may have it, replace it: in Perch, open your account menu, choose Add to calendar, then Replace link. The old link stops working at once.',
            ]
          : []),
        'If you did not change your password, ask for a new reset link on the sign-in page (Forgot password?) now.',
      ],
      action: { label: 'Open Perch', url: publicUrl },
    }),
  };
}
