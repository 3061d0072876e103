import { hasNoControlCharacters } from './text.ts';
import { z } from './zod.ts';

// Single sign-on with OpenID Connect, one provider per organization (issue 19). The pure rules: e-mail domains an
// organization claims, which connection covers an address, the callback address, and the sentences for refusals.

export const maxSsoDomains = 20;

export const ssoMessages = {
  issuerInvalid: 'Enter the issuer URL your provider shows, such as https://accounts.google.com',
  clientIdRequired: 'Enter the client id your provider gave you',
  clientSecretRequired: 'Enter the client secret your provider gave you',
  domainsRequired: 'Enter at least one e-mail domain, such as example.com',
  domainInvalid: 'Enter e-mail domains such as example.com, separated by commas',
  tooManyDomains: `Enter at most ${maxSsoDomains} e-mail domains`,
  noConnectionForDomain: 'No single sign-on is set up for that e-mail domain',
  requiredForMembers:
    'Your organization requires single sign-on: use “Sign in with single sign-on” with your work e-mail.',
  secretKeyMissing:
    'Single sign-on is off on this server: its administrator must set SSO_SECRET_KEY so client secrets can be stored encrypted.',
} as const;

/** Lower-case, without a trailing dot; undefined when it is not a plausible DNS name with a dot. */
export function normalizeDomain(input: string): string | undefined {
  const domain = input.trim().toLowerCase().replace(/^@/, '').replace(/\.$/, '');
  if (domain.length < 3 || domain.length > 253) return undefined;
  const labels = domain.split('.');
  if (labels.length < 2) return undefined;
  const label = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
  if (!labels.every((part) => label.test(part))) return undefined;
  if (!/^[a-z]{2,63}$|^xn--[a-z0-9-]+$/.test(labels.at(-1) ?? '')) return undefined;
  return domain;
}

/** Domains typed in one field: split on commas, spaces or new lines, normalised, duplicates dropped. */
export function parseDomainList(input: string): { domains: string[]; invalid: string[] } {
  const parts = input.split(/[\s,;]+/).filter((part) => part !== '');
  const domains: string[] = [];
  const invalid: string[] = [];
  for (const part of parts) {
    const domain = normalizeDomain(part);
    if (!domain) invalid.push(part);
    else if (!domains.includes(domain)) domains.push(domain);
  }
  return { domains, invalid };
}

/** The domain part of an address, lower-case; undefined when there is none. */
export function emailDomainOf(email: string): string | undefined {
  const at = email.lastIndexOf('@');
  if (at < 1) return undefined;
  return normalizeDomain(email.slice(at + 1));
}

/** Which of the connections covers this address: the one claiming its exact domain (one domain, one organization). */
export function connectionCovering<T extends { domains: readonly string[] }>(
  email: string,
  connections: readonly T[],
): T | undefined {
  const domain = emailDomainOf(email);
  if (!domain) return undefined;
  return connections.find((connection) => connection.domains.includes(domain));
}

/** The address to register at the provider as the redirect URI. */
export function ssoCallbackUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/$/, '')}/api/sso/callback`;
}

/** Why a single sign-on came back to /auth: the code in ?sso= and the sentence the page shows for it. */
export const ssoRefusals = {
  'wrong-issuer': 'Sign-in failed: the identity provider that answered is not the one your organization set up.',
  'wrong-audience': 'Sign-in failed: the identity provider’s answer was meant for another application.',
  'expired-token': 'Sign-in failed: the identity provider’s answer had expired. Please try again.',
  'replayed-state': 'This sign-in link was already used or has expired. Please start again.',
  'nonce-mismatch':
    'Sign-in failed: the identity provider’s answer did not belong to this sign-in. Please start again.',
  'unverified-email':
    'Your identity provider has not verified your e-mail address, so it cannot be linked to your existing Perch account.',
  'wrong-domain':
    'Your identity provider signed you in with an e-mail address outside the domains your organization set up.',
  'seat-limit': "This organization has reached its plan's user limit. Ask an administrator to upgrade the plan.",
  'provider-error': 'Sign-in with your identity provider did not complete. Please try again or ask your administrator.',
} as const;
export type SsoRefusal = keyof typeof ssoRefusals;

export function isSsoRefusal(code: string | null | undefined): code is SsoRefusal {
  return code !== null && code !== undefined && Object.hasOwn(ssoRefusals, code);
}

const issuer = z
  .string({ error: ssoMessages.issuerInvalid })
  .trim()
  .max(500, ssoMessages.issuerInvalid)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.search && !url.hash && !url.username;
    } catch {
      return false;
    }
  }, ssoMessages.issuerInvalid);

const domainList = z
  .array(z.string().max(253, ssoMessages.domainInvalid), { error: ssoMessages.domainsRequired })
  .min(1, ssoMessages.domainsRequired)
  .max(maxSsoDomains, ssoMessages.tooManyDomains)
  .transform((values, context) => {
    const { domains, invalid } = parseDomainList(values.join(','));
    if (invalid.length > 0) {
      context.addIssue({ code: 'custom', message: `${ssoMessages.domainInvalid} (${invalid.join(', ')})` });
      return z.NEVER;
    }
    return domains;
  });

export const ssoConnectionInputSchema = z.strictObject({
  issuer,
  clientId: z
    .string({ error: ssoMessages.clientIdRequired })
    .trim()
    .min(1, ssoMessages.clientIdRequired)
    .max(500, ssoMessages.clientIdRequired)
    .refine(hasNoControlCharacters, ssoMessages.clientIdRequired),
  /** Kept as saved when omitted or empty; required for a first connection. */
  clientSecret: z.string().max(2000, ssoMessages.clientSecretRequired).optional(),
  domains: domainList,
  required: z.boolean({ error: 'Require single sign-on must be on or off' }).default(false),
});
export type SsoConnectionInput = z.infer<typeof ssoConnectionInputSchema>;

export const ssoConnectionSchema = z.object({
  configured: z.literal(true),
  issuer: z.string(),
  clientId: z.string(),
  domains: z.array(z.string()),
  required: z.boolean(),
  hasClientSecret: z.boolean(),
  callbackUrl: z.string(),
  updatedAt: z.string(),
});
export const ssoNotConfiguredSchema = z.object({ configured: z.literal(false), callbackUrl: z.string() });
export const ssoSettingsSchema = z.union([ssoConnectionSchema, ssoNotConfiguredSchema]);
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

export const ssoStartSchema = z.strictObject({
  email: z
    .string({ error: 'Please enter your work email' })
    .trim()
    .min(1, 'Please enter your work email')
    .max(254, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address'))
    .transform((value) => value.toLowerCase()),
});
export type SsoStartInput = z.infer<typeof ssoStartSchema>;
export const ssoStartResponseSchema = z.object({ redirectUrl: z.string() });
export type SsoStartResponse = z.infer<typeof ssoStartResponseSchema>;
