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
  noVerifiedDomain:
    'This organization’s single sign-on is not ready: an administrator must first verify one of its e-mail domains.',
  organizationRequired: 'Enter your work email or the organization you sign in to',
} as const;

// A domain is an organization's for single sign-on only once it is proven (issue 26): a DNS TXT record holding the
// claim's random token, at the domain itself or at _perch.<domain>; re-checked daily, lost after repeated misses.

export const verificationRecordPrefix = 'perch-verification=';
/** Daily checks in a row that find no record before a verified domain stops being verified (about two days' grace). */
export const missedChecksAllowed = 3;

/** Where the owner may publish the record, and what it says. */
export function verificationRecordOf(domain: string, token: string): { names: [string, string]; value: string } {
  return { names: [domain, `_perch.${domain}`], value: `${verificationRecordPrefix}${token}` };
}

/** Whether one of the TXT records found is this claim's record (exactly; other organizations' tokens prove nothing). */
export function hasVerificationRecord(records: readonly string[], token: string): boolean {
  const expected = `${verificationRecordPrefix}${token}`;
  return records.some((record) => record.trim() === expected);
}

export type DomainCheck = 'found' | 'missing' | 'dns-error';
export interface DomainState {
  verifiedAt: Date | null;
  missedChecks: number;
}

/**
 * A domain's state after a check: found verifies it (again) and forgets misses; missing counts a miss against a
 * verified domain and takes the verification away at missedChecksAllowed; a DNS failure (timeout, server failure)
 * proves nothing either way and changes nothing.
 */
export function afterDomainCheck(
  state: DomainState,
  check: DomainCheck,
  now: Date,
): DomainState & { change: 'verified' | 'unverified' | null } {
  if (check === 'dns-error') return { ...state, change: null };
  if (check === 'found') {
    return { verifiedAt: state.verifiedAt ?? now, missedChecks: 0, change: state.verifiedAt ? null : 'verified' };
  }
  if (!state.verifiedAt) return { verifiedAt: null, missedChecks: 0, change: null };
  const missedChecks = state.missedChecks + 1;
  if (missedChecks >= missedChecksAllowed) return { verifiedAt: null, missedChecks: 0, change: 'unverified' };
  return { verifiedAt: state.verifiedAt, missedChecks, change: null };
}

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

/** The host a browser is sent to, as the start page names it before leaving Perch. */
export function hostOf(url: string): string {
  return new URL(url).host;
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
    'Your identity provider signed you in with an e-mail address outside the domains your organization has verified.',
  'account-not-linked':
    'A Perch account with this e-mail address already exists, and your organization has not verified its domain, so single sign-on cannot enter it. Nothing was changed: sign in with your password or passkey.',
  'other-browser':
    'This sign-in was started in another browser, or too long ago. Nothing was changed: please start again here.',
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

/**
 * The Sign-in screen's form: its fields as typed (the domains in one field, the secret left empty to keep the saved
 * one), checked as ssoConnectionInputSchema would check what is sent, each problem said on the field it is about
 * (the first one of each field). A first connection needs its client secret too, asked once all else is right.
 */
export function ssoConnectionFormSchema({ isFirstConnection }: { isFirstConnection: boolean }) {
  return z
    .object({
      issuer: z.string(),
      clientId: z.string(),
      clientSecret: z.string(),
      domains: z.string(),
      required: z.boolean(),
    })
    .transform(({ clientSecret, domains, ...fields }, context) => {
      const parsed = ssoConnectionInputSchema.safeParse({
        ...fields,
        ...(clientSecret ? { clientSecret } : {}),
        domains: domains.split(/[\s,;]+/).filter(Boolean),
      });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          context.addIssue({ code: 'custom', message: issue.message, path: issue.path.slice(0, 1) });
        }
        return z.NEVER;
      }
      if (isFirstConnection && !clientSecret) {
        context.addIssue({ code: 'custom', message: ssoMessages.clientSecretRequired, path: ['clientSecret'] });
        return z.NEVER;
      }
      return parsed.data;
    });
}
export type SsoConnectionFields = z.input<ReturnType<typeof ssoConnectionFormSchema>>;

/** An identity waiting, in this browser, for its account's owner to link it (GET /api/sso/pending-link). */
export const ssoPendingLinkSchema = z.object({
  organizationName: z.string(),
  providerHost: z.string(),
  email: z.string(),
});
export type SsoPendingLink = z.infer<typeof ssoPendingLinkSchema>;

/** A claimed domain and how to prove it: the TXT record to publish, whether it is verified, when it was last checked. */
export const ssoDomainStatusSchema = z.object({
  domain: z.string(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  checkedAt: z.string().nullable(),
  recordNames: z.array(z.string()),
  recordValue: z.string(),
});
export type SsoDomainStatus = z.infer<typeof ssoDomainStatusSchema>;

export const ssoConnectionSchema = z.object({
  configured: z.literal(true),
  issuer: z.string(),
  clientId: z.string(),
  domains: z.array(z.string()),
  domainStatus: z.array(ssoDomainStatusSchema),
  required: z.boolean(),
  hasClientSecret: z.boolean(),
  callbackUrl: z.string(),
  updatedAt: z.string(),
});
export const ssoNotConfiguredSchema = z.object({ configured: z.literal(false), callbackUrl: z.string() });
export const ssoSettingsSchema = z.union([ssoConnectionSchema, ssoNotConfiguredSchema]);
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

export const ssoEmailSchema = z
  .string({ error: 'Please enter your work email' })
  .trim()
  .min(1, 'Please enter your work email')
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'))
  .transform((value) => value.toLowerCase());

/** Starts a sign-in for a work e-mail: the /auth page's single sign-on form. */
export const ssoEmailStartSchema = z.strictObject({ email: ssoEmailSchema });

/** Starts a sign-in for a work e-mail, or for an organization named by its slug or id (GET /api/login's page). */
export const ssoStartSchema = z.union([
  ssoEmailStartSchema,
  z.strictObject({
    organization: z
      .string({ error: ssoMessages.organizationRequired })
      .trim()
      .min(1, ssoMessages.organizationRequired)
      .max(100, ssoMessages.organizationRequired),
  }),
]);
export type SsoStartInput = z.infer<typeof ssoStartSchema>;
/** Where the browser goes, and what the page says before it leaves Perch: whose sign-in, at which host. */
export const ssoStartResponseSchema = z.object({
  redirectUrl: z.string(),
  organizationName: z.string(),
  providerHost: z.string(),
});
export type SsoStartResponse = z.infer<typeof ssoStartResponseSchema>;
