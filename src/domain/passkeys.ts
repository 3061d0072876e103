import { isIpAddressHost, isLoopbackIpHost } from './host-names.ts';
import { hasNoControlCharacters } from './text.ts';
import { z } from './zod.ts';

// Passkeys (issue 19): WebAuthn credentials a person adds from the account menu and signs in with on /auth, without
// a password. The browser and the server exchange the WebAuthn JSON forms (as @simplewebauthn names them); these
// schemas bound what the server reads of them, and the library checks everything they carry.

export const passkeyMessages = {
  notRegistered: 'That passkey is not registered with Perch.',
  notVerified: 'The passkey could not be verified.',
  expired: 'This passkey request has expired or was already used. Please try again.',
  notFound: 'Passkey not found.',
  nameRequired: 'Please give the passkey a name.',
  nameTooLong: 'A passkey name must be at most 60 characters.',
  nameInvalid: 'The passkey name contains characters that are not allowed.',
  alreadyRegistered: 'This passkey is already registered with Perch.',
  tooMany: 'You have 20 passkeys, the most an account can have. Remove one to add another.',
} as const;

/**
 * Why passkeys cannot work at the page's address, or null when they can (as far as the address goes). WebAuthn takes
 * a domain name as the relying party, never an IP address, and needs a secure context (https, or localhost): a
 * browser refuses either with an error that reads like its own failing. PUBLIC_URL is not known to the browser; on
 * this machine, localhost on the same port is the address (the quick start's).
 */
export function passkeyAddressProblem(
  page: { protocol: string; hostname: string; port: string },
  isSecureContext: boolean,
): string | null {
  if (isIpAddressHost(page.hostname)) {
    const instead = isLoopbackIpHost(page.hostname)
      ? `${page.protocol}//localhost${page.port ? `:${page.port}` : ''} (or its domain name)`
      : 'its domain name';
    return `Passkeys need a host name, not an IP address: open Perch at ${instead} to use them.`;
  }
  if (!isSecureContext) return 'Passkeys need a secure connection: open Perch at its https:// address to use them.';
  return null;
}

export const passkeyNameMaxLength = 60;
/** Enough for every device a person owns; bounds the list and the options sent to a browser. */
export const maxPasskeysPerAccount = 20;

export const passkeyNameSchema = z
  .string({ error: passkeyMessages.nameRequired })
  .trim()
  .min(1, passkeyMessages.nameRequired)
  .max(passkeyNameMaxLength, passkeyMessages.nameTooLong)
  .refine(hasNoControlCharacters, passkeyMessages.nameInvalid);

/** Names of browsers as a user agent string gives them away, most specific first (Edge says Chrome too). */
const browsers: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Headless)?(?:Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

export function browserNameOf(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  return browsers.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
}

/**
 * The name a new passkey gets when the person gives none: "Passkey on Chrome" after the browser that made it, or
 * "Passkey 1" when the browser cannot be told; a number is added when the person already has a passkey of that name.
 */
export function defaultPasskeyName(userAgent: string | undefined, existingNames: readonly string[]): string {
  const taken = new Set(existingNames.map((name) => name.toLowerCase()));
  const browser = browserNameOf(userAgent);
  const base = browser ? `Passkey on ${browser}` : 'Passkey';
  if (browser && !taken.has(base.toLowerCase())) return base;
  for (let number = browser ? 2 : 1; ; number += 1) {
    const name = `${base} ${number}`;
    if (!taken.has(name.toLowerCase())) return name;
  }
}

// The WebAuthn JSON forms. Every binary field is base64url; bounds keep a request small, well inside the body limit.
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'Not base64url');
const credentialId = base64url(1400);
/** The ways an authenticator can be reached, as WebAuthn names them; others a browser reports are not kept. */
export const passkeyTransports = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
const transport = z.enum(passkeyTransports);
const attachment = z.enum(['platform', 'cross-platform']);
const hint = z.enum(['hybrid', 'security-key', 'client-device']);

export const registrationResponseSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4000),
    attestationObject: base64url(24_000),
    authenticatorData: base64url(8000).optional(),
    transports: z.array(z.string().max(30)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8000).optional(),
  }),
  authenticatorAttachment: attachment.optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

export const authenticationResponseSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(8000),
    signature: base64url(2000),
    userHandle: base64url(200).optional(),
  }),
  authenticatorAttachment: attachment.optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});
export type AuthenticationResponse = z.infer<typeof authenticationResponseSchema>;

/** POST /api/user/passkeys */
export const addPasskeySchema = z.strictObject({
  response: registrationResponseSchema,
  name: passkeyNameSchema.optional(),
});
export type AddPasskeyInput = z.infer<typeof addPasskeySchema>;

/** POST /api/passkeys/authenticate */
export const passkeySignInSchema = z.strictObject({ response: authenticationResponseSchema });
export type PasskeySignInInput = z.infer<typeof passkeySignInSchema>;

const descriptor = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(transport).optional(),
});

/** POST /api/user/passkeys/registration-options: what navigator.credentials.create needs (JSON form). */
export const registrationOptionsSchema = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(descriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: attachment.optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  hints: z.array(hint).optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  extensions: z.record(z.string(), z.unknown()).optional(),
});
export type RegistrationOptions = z.infer<typeof registrationOptionsSchema>;

/** POST /api/passkeys/authentication-options: what navigator.credentials.get needs (JSON form). */
export const authenticationOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(descriptor).optional(),
  userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
  hints: z.array(hint).optional(),
  extensions: z.record(z.string(), z.unknown()).optional(),
});
export type AuthenticationOptions = z.infer<typeof authenticationOptionsSchema>;

/** One passkey as its owner sees it. */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.array(passkeySchema);
