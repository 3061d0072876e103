import type { MailMessage } from '#server/mail/mailer.ts';
import { quoteForMail, renderMail } from '#server/mail/templates.ts';

// What single sign-on tells an account's owner and an organization's admins (issue 26): a way into an account that
// its owner did not open themselves is never silent.

interface Provider {
  organizationName: string;
  providerHost: string;
}

/** Sent when an account is entered through an organization's single sign-on for the first time (linked). */
export function ssoLinkedMail(to: string, provider: Provider, publicUrl: string): MailMessage {
  const organization = quoteForMail(provider.organizationName, 80);
  return {
    to,
    subject: `Your Perch account now signs in through ${organization}’s single sign-on`,
    links: [publicUrl],
    ...renderMail({
      preview: 'If this was you, there is nothing to do.',
      heading: 'Single sign-on was linked to your account',
      paragraphs: [
        `The Perch account for this address can now be signed in to through the identity provider of ${organization} at ${quoteForMail(provider.providerHost, 120)}.`,
        'If this was you, there is nothing to do.',
        'If it was not, sign in with your password, change it, and tell the administrators of that organization.',
      ],
      action: { label: 'Open Perch', url: publicUrl },
    }),
  };
}

/** Sent when an organization's provider asserted this address and Perch refused to enter the account. */
export function ssoRefusedMail(to: string, provider: Provider, publicUrl: string): MailMessage {
  const organization = quoteForMail(provider.organizationName, 80);
  return {
    to,
    subject: 'A single sign-on into your Perch account was refused',
    links: [publicUrl],
    ...renderMail({
      preview: 'Nothing was changed in your account.',
      heading: 'A single sign-on was refused',
      paragraphs: [
        `The identity provider of ${organization} at ${quoteForMail(provider.providerHost, 120)} said it had signed in this address, but that organization has not proven it owns your e-mail domain, so Perch did not let it into your account. Nothing was changed.`,
        'If this was you, sign in with your password or passkey instead.',
        'If it was not, someone may be trying to take over your account: there is nothing more to do, but tell us if it happens again.',
      ],
      action: { label: 'Open Perch', url: publicUrl },
    }),
  };
}

/** Sent to an organization's admins when a domain's TXT record has gone missing for several days in a row. */
export function domainUnverifiedMail(
  to: string,
  details: { organizationName: string; domain: string; recordValue: string },
  publicUrl: string,
): MailMessage {
  // A domain is a normalised DNS name (domain/sso.ts): nothing in it needs quoting.
  const domain = details.domain;
  return {
    to,
    subject: `${domain} is no longer verified for single sign-on`,
    links: [publicUrl],
    ...renderMail({
      preview: 'People of this domain cannot sign in with single sign-on until it is verified again.',
      heading: `${domain} is no longer verified`,
      paragraphs: [
        `Perch has not found the TXT record ${details.recordValue} at ${domain} or _perch.${domain} for three days in a row, so ${quoteForMail(details.organizationName, 80)} no longer owns this domain for single sign-on.`,
        'People with addresses at this domain cannot sign in with single sign-on until the record is published again and the domain is verified from Sign-in in Perch.',
      ],
      action: { label: 'Open Perch', url: publicUrl },
    }),
  };
}
