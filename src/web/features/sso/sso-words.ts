import type { SsoSettings } from '#domain/sso.ts';
import { listOfNames } from '#domain/text.ts';

// The Sign-in screen's sentences that depend on the saved connection.

// The reader's own zone, written the way the rest of Perch writes dates ("21 Nov 2026, 10:07").
const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export const formatDomainTime = (iso: string): string => dateTime.format(new Date(iso));

/** The toast once the connection is saved: who can sign in with it now, and what is left to do. */
export function savedSsoDescription(settings: SsoSettings, organizationName: string): string {
  if (!settings.configured) return '';
  const pending = settings.domainStatus.filter((entry) => !entry.verified).map((entry) => entry.domain);
  const hasVerified = settings.domainStatus.length > pending.length;
  if (!hasVerified) {
    return `Nobody can sign in with it until ${pending.length === 1 ? 'its domain is' : 'one of its domains is'} verified: publish the DNS record shown below, then press Verify.`;
  }
  if (pending.length === 0) return `People of ${organizationName} can now sign in with it.`;
  const waiting = pending.length === 1 ? 'waits for its DNS record' : 'wait for their DNS records';
  return `People of ${organizationName} at a verified domain can sign in with it; ${listOfNames(pending)} ${waiting}.`;
}
