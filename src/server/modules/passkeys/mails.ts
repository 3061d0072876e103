import type { MailMessage } from '#server/mail/mailer.ts';
import { quoteForMail, renderMail } from '#server/mail/templates.ts';

/**
 * Sent to the account's address whenever a passkey is added: a passkey is a way in that outlives a session, so
 * someone who took over a signed-in browser and added one is noticed by the account's owner.
 */
export function passkeyAddedMail(to: string, passkeyName: string, publicUrl: string): MailMessage {
  return {
    to,
    subject: 'A passkey was added to your Perch account',
    links: [publicUrl],
    ...renderMail({
      preview: 'If this was you, there is nothing to do.',
      heading: 'A passkey was added to your account',
      paragraphs: [
        `The passkey ${quoteForMail(passkeyName, 60)} can now sign in to the Perch account for this address without a password.`,
        'If this was you, there is nothing to do.',
        'If it was not, sign in, remove it under your account menu’s Passkeys, and change your password.',
      ],
      action: { label: 'Open Perch', url: publicUrl },
    }),
  };
}
