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
