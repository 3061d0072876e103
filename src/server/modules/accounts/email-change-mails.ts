import type { MailMessage } from '#server/mail/mailer.ts';
import { renderMail } from '#server/mail/templates.ts';

// Issue 27: the mails of an e-mail address change. Only the new address gets a link; the old one is told, without
// any link that could act on the account, since whoever reads it may no longer be the account's owner.

export function emailChangeConfirmationMail(to: string, url: string): MailMessage {
  return {
    to,
    subject: 'Confirm your new email address for Perch',
    links: [url],
    ...renderMail({
      preview: 'One click and Perch uses this address for your account.',
      heading: 'Confirm your new email address',
      paragraphs: [
        'Someone signed in to a Perch account asked to use this address for it from now on.',
        'Confirm with the button below: the account then signs in with this address. The link works once and expires in 24 hours.',
      ],
      action: { label: 'Confirm my new address', url },
      footnote: 'If you did not ask for this, you can ignore this mail: nothing changes unless the link is followed.',
    }),
  };
}

export function emailChangeRequestedMail(to: string, newEmail: string): MailMessage {
  return {
    to,
    subject: 'A change of your Perch email address was requested',
    links: [],
    ...renderMail({
      preview: `Your Perch account may soon use ${newEmail}.`,
      heading: 'Your email address may change',
      paragraphs: [
        `Someone signed in to the Perch account for this address, with its password, asked to use ${newEmail} for it instead. We have sent a confirmation link there; the address changes only when it is followed, within 24 hours.`,
        'If this was not you, sign in to Perch now and change your password from the account menu (Account settings): that ends every other session and cancels the change.',
      ],
    }),
  };
}

export function emailChangedMail(to: string, newEmail: string): MailMessage {
  return {
    to,
    subject: 'Your Perch email address was changed',
    links: [],
    ...renderMail({
      preview: `Your Perch account now uses ${newEmail}.`,
      heading: 'Your email address was changed',
      paragraphs: [
        `The Perch account that used this address now signs in with ${newEmail}, which was confirmed through a link sent to it. Mail about the account goes there from now on.`,
        'If this was not you, contact your organization’s administrator or Perch support at once.',
      ],
    }),
  };
}
