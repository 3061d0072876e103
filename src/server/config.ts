import path from 'node:path';
import { z } from 'zod';
import { isTimeZone } from '#domain/organization.ts';
import { isDnsServer, isLoopbackUrl, parsePlanIds, parseTrustProxy, type TierPlanIds } from './config-values.ts';
import type { HttpLimits } from './http-limits.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const urlWith = (protocols: string[], example: string) =>
  z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `must be a URL such as ${example}`);

// Floor-plan images: local disk under DATA_DIR by default, or any S3-compatible bucket.
const storageSettings = {
  STORAGE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name such as perch-floor-plans')
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, 'must be a region name such as us-east-1')
    .default('us-east-1'),
  S3_ENDPOINT: urlWith(['http:', 'https:'], 'https://s3.example.com').optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
};

/** A whole number from min to max, `fallback` when unset; `unit` says what a non-number should have been. */
const wholeNumber = (unit: string, min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: `must be ${unit}` })
    .int('must be a whole number')
    .min(min, `must be ${min} to ${max}`)
    .max(max, `must be ${min} to ${max}`)
    .default(fallback);
const milliseconds = (min: number, max: number, fallback: number) =>
  wholeNumber('a number of milliseconds', min, max, fallback);

// What one instance allows a connection (src/server/http-limits.ts): a stalled request is cut off, idle
// kept-alive connections end, and connections beyond the cap are refused.
const httpSettings = {
  REQUEST_TIMEOUT_MS: milliseconds(100, 120_000, 20_000),
  KEEP_ALIVE_TIMEOUT_MS: milliseconds(100, 600_000, 72_000),
  MAX_CONNECTIONS: wholeNumber('a number of connections', 1, 1_000_000, 5000),
};

export const defaultPlatformOrganizationId = '00000000-0000-4000-8000-00000000feed';

// Billing: an explicit choice outside a loopback address. The built-in local checkout on the quick start's
// loopback address; PayPal's sandbox or live REST API with credentials; off for a company hosting Perch for itself.
const planIdList = z
  .string()
  .refine(
    (value) => parsePlanIds(value) !== undefined,
    'must list a PayPal plan id for every tier, such as tier-1=P-1AB,tier-2=P-2CD,tier-3=P-3EF,tier-4=P-4GH',
  );
const paymentSettings = {
  BILLING: z.enum(['local', 'sandbox', 'live', 'off'], { error: 'must be sandbox, live, off or local' }).optional(),
  LOCAL_CHECKOUT_ACKNOWLEDGED: z.enum(['demo'], { error: 'must be demo' }).optional(),
  PAYPAL_CLIENT_ID: z.string().max(200, 'must be at most 200 characters').optional(),
  PAYPAL_CLIENT_SECRET: z.string().max(200, 'must be at most 200 characters').optional(),
  PAYPAL_WEBHOOK_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be the webhook id PayPal shows, such as 1JE4291016473214C')
    .optional(),
  PAYPAL_SANDBOX_PLAN_IDS: planIdList.optional(),
  PAYPAL_LIVE_PLAN_IDS: planIdList.optional(),
  PAYPAL_API_URL: urlWith(['http:', 'https:'], 'https://api-m.sandbox.paypal.com').optional(),
  PAYPAL_TIMEOUT_MS: milliseconds(100, 60_000, 10_000),
  PLATFORM_ORGANIZATION_ID: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'must be a lowercase uuid')
    .default(defaultPlatformOrganizationId),
};

const environmentSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('production'),
  PORT: wholeNumber('a port number', 0, 65_535, 3000),
  HOST: z.string().min(1, 'must not be empty').default('localhost'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: urlWith(['postgres:', 'postgresql:'], 'postgres://user:password@host:5432/perch').optional(),
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(500, 'must be at most 500')
    .default(10),
  PUBLIC_URL: urlWith(['http:', 'https:'], 'https://perch.example.com').optional(),
  TRUST_PROXY: z
    .string()
    .refine(
      (value) => parseTrustProxy(value) !== undefined,
      'must be true, false, a number of proxy hops such as 1, or a comma-separated list of proxy addresses or CIDRs such as 10.0.0.0/8,127.0.0.1',
    )
    .default('false'),
  SMTP_URL: urlWith(['smtp:', 'smtps:'], 'smtps://user:password@smtp.example.com:465').optional(),
  MAIL_FROM: z
    .string()
    .min(3, 'must be an address such as "Perch <no-reply@example.com>"')
    .default('Perch <no-reply@perch.localhost>'),
  REQUIRE_EMAIL_VERIFICATION: booleanFlag.default(false),
  DEFAULT_TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone name such as Europe/London')
    .default('Europe/London'),
  SESSION_DAYS: wholeNumber('a number of days', 1, 365, 30),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  // Single sign-on: 32 random bytes, base64, that encrypt each organization's client secret (AES-256-GCM).
  SSO_SECRET_KEY: z
    .string()
    .refine(
      (value) => Buffer.from(value, 'base64').length === 32 && /^[A-Za-z0-9+/_-]+=*$/.test(value),
      'must be 32 random bytes in base64, such as the output of: openssl rand -base64 32',
    )
    .optional(),
  // The DNS servers Perch asks (domain verification, outside addresses it fetches): "host[:port]", comma-separated.
  DNS_SERVERS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine(
      (servers) => servers.length > 0 && servers.every(isDnsServer),
      'must be addresses such as 1.1.1.1,8.8.8.8:53',
    )
    .optional(),
  ...storageSettings,
  ...httpSettings,
  ...paymentSettings,
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  publicUrl: string;
  /** True when PUBLIC_URL is a loopback address: Perch tried on one's own machine, reachable by nobody else. */
  isLoopback: boolean;
  /** Fastify's trustProxy: trust every proxy, none, the last N hops, or only these addresses and CIDRs. */
  trustProxy: boolean | number | string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  requireEmailVerification: boolean;
  defaultTimeZone: string;
  sessionDays: number;
  logLevel: string;
  http: HttpLimits;
  storage: StorageConfig;
  payments: PaymentsConfig;
  /** The organization whose admins administer the platform (spec section 1). */
  platformOrganizationId: string;
  /**
   * The key that encrypts single sign-on client secrets: from SSO_SECRET_KEY; on a loopback address without it, one
   * kept in DATA_DIR (modules/sso/secret-box.ts); elsewhere without it, single sign-on is off.
   */
  ssoSecretKey: Buffer | undefined;
  /** DNS servers to ask instead of the system's (DNS_SERVERS): domain verification and outside addresses. */
  dnsServers: string[] | undefined;
}

export type PaymentsConfig =
  | { mode: 'local'; timeoutMs: number }
  | { mode: 'off' }
  | {
      mode: 'sandbox' | 'live';
      apiUrl: string;
      clientId: string;
      clientSecret: string;
      webhookId: string;
      /** The provider's plan id of each tier: the sandbox set or the live set, whichever the mode names. */
      planIds: TierPlanIds;
      timeoutMs: number;
    };

export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      /** Both or neither; neither means the SDK's own credential chain (instance role, AWS_* variables). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

export class ConfigError extends Error {}

/** Fastify's option: a hop count becomes "trust the nearest N hops", as proxy-addr reads a number. */
export function trustProxyOption(
  trustProxy: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trustProxy === 'number' ? (_address, hop) => hop < trustProxy : trustProxy;
}

const secretSettings = new Set([
  'DATABASE_URL',
  'SMTP_URL',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'PAYPAL_CLIENT_SECRET',
  'SSO_SECRET_KEY',
]);

/** Reads every setting from the environment; a wrong value stops start-up with a sentence naming it. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = environmentSchema
    .superRefine(checkStorageSettings)
    .superRefine(checkBillingChoice)
    .superRefine(checkPaymentSettings)
    .safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      // Connection strings may carry passwords: never echo them.
      const shown =
        secretSettings.has(name) || environment[name] === undefined
          ? ''
          : ` (it is ${JSON.stringify(environment[name])})`;
      return `${name} ${issue.message}${shown}.`;
    });
    throw new ConfigError(`Perch cannot start: ${lines.join(' ')}`);
  }
  const values = parsed.data;
  const publicUrl = publicUrlOf(values);
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    publicUrl,
    isLoopback: isLoopbackUrl(publicUrl),
    trustProxy: parseTrustProxy(values.TRUST_PROXY) ?? false,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    requireEmailVerification: values.REQUIRE_EMAIL_VERIFICATION,
    defaultTimeZone: values.DEFAULT_TIME_ZONE,
    sessionDays: values.SESSION_DAYS,
    logLevel: values.LOG_LEVEL,
    http: {
      requestTimeoutMs: values.REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: values.KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: values.MAX_CONNECTIONS,
    },
    storage: toStorageConfig(values),
    payments: toPaymentsConfig(values),
    platformOrganizationId: values.PLATFORM_ORGANIZATION_ID,
    ssoSecretKey: values.SSO_SECRET_KEY ? Buffer.from(values.SSO_SECRET_KEY, 'base64') : undefined,
    dnsServers: values.DNS_SERVERS,
  };
}

type Environment = z.infer<typeof environmentSchema>;

function publicUrlOf(values: Environment): string {
  const shownHost = values.HOST === '0.0.0.0' || values.HOST === '::' ? 'localhost' : values.HOST;
  return (values.PUBLIC_URL ?? `http://${shownHost}:${values.PORT}`).replace(/\/$/, '');
}

/**
 * The local checkout approves any plan for free: it is the default only where nobody else can reach Perch.
 * Anywhere else billing is chosen on purpose, and the local checkout only with its demo acknowledged.
 */
function checkBillingChoice(values: Environment, context: z.RefinementCtx): void {
  if (isLoopbackUrl(publicUrlOf(values))) return;
  if (!values.BILLING) {
    context.addIssue({
      code: 'custom',
      path: ['BILLING'],
      message:
        'must be chosen when PUBLIC_URL is not a loopback address: sandbox or live (PayPal), off (a company hosting Perch for itself: every feature, no seat limit, no subscriptions), or local with LOCAL_CHECKOUT_ACKNOWLEDGED=demo (a demonstration where anyone approves any plan for free)',
    });
  } else if (values.BILLING === 'local' && values.LOCAL_CHECKOUT_ACKNOWLEDGED !== 'demo') {
    context.addIssue({
      code: 'custom',
      path: ['LOCAL_CHECKOUT_ACKNOWLEDGED'],
      message:
        'must be demo to run the local checkout on a public address: it takes no payment and approves any plan for free',
    });
  }
}

/** Settings that only make sense together, checked once the single values are valid. */
function checkStorageSettings(values: Environment, context: z.RefinementCtx): void {
  if (values.STORAGE !== 's3') return;
  const missing = (name: string, message: string) => context.addIssue({ code: 'custom', path: [name], message });
  if (!values.S3_BUCKET) missing('S3_BUCKET', 'must be set when STORAGE is s3');
  if (values.S3_ACCESS_KEY_ID && !values.S3_SECRET_ACCESS_KEY) {
    missing('S3_SECRET_ACCESS_KEY', 'must be set when S3_ACCESS_KEY_ID is');
  }
  if (values.S3_SECRET_ACCESS_KEY && !values.S3_ACCESS_KEY_ID) {
    missing('S3_ACCESS_KEY_ID', 'must be set when S3_SECRET_ACCESS_KEY is');
  }
}

function toStorageConfig(values: Environment): StorageConfig {
  if (values.STORAGE === 'local' || !values.S3_BUCKET) return { kind: 'local' };
  return {
    kind: 's3',
    bucket: values.S3_BUCKET,
    region: values.S3_REGION,
    endpoint: values.S3_ENDPOINT?.replace(/\/$/, ''),
    credentials:
      values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: values.S3_ACCESS_KEY_ID, secretAccessKey: values.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: values.S3_FORCE_PATH_STYLE,
  };
}

function checkPaymentSettings(values: Environment, context: z.RefinementCtx): void {
  if (values.BILLING !== 'sandbox' && values.BILLING !== 'live') return;
  const missing = (name: string) =>
    context.addIssue({
      code: 'custom',
      path: [name],
      message: `must be set when BILLING is ${values.BILLING}`,
    });
  if (!values.PAYPAL_CLIENT_ID) missing('PAYPAL_CLIENT_ID');
  if (!values.PAYPAL_CLIENT_SECRET) missing('PAYPAL_CLIENT_SECRET');
  if (!values.PAYPAL_WEBHOOK_ID) missing('PAYPAL_WEBHOOK_ID');
  if (values.BILLING === 'sandbox' && !values.PAYPAL_SANDBOX_PLAN_IDS) missing('PAYPAL_SANDBOX_PLAN_IDS');
  if (values.BILLING === 'live' && !values.PAYPAL_LIVE_PLAN_IDS) missing('PAYPAL_LIVE_PLAN_IDS');
}

const paypalApiUrls = { sandbox: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' } as const;

function toPaymentsConfig(values: Environment): PaymentsConfig {
  const mode = values.BILLING ?? 'local';
  if (mode === 'off') return { mode: 'off' };
  const planList = mode === 'live' ? values.PAYPAL_LIVE_PLAN_IDS : values.PAYPAL_SANDBOX_PLAN_IDS;
  const planIds = planList ? parsePlanIds(planList) : undefined;
  if (mode === 'local' || !values.PAYPAL_CLIENT_ID || !values.PAYPAL_CLIENT_SECRET || !values.PAYPAL_WEBHOOK_ID) {
    return { mode: 'local', timeoutMs: values.PAYPAL_TIMEOUT_MS };
  }
  if (!planIds) return { mode: 'local', timeoutMs: values.PAYPAL_TIMEOUT_MS };
  return {
    mode,
    apiUrl: (values.PAYPAL_API_URL ?? paypalApiUrls[mode]).replace(/\/$/, ''),
    clientId: values.PAYPAL_CLIENT_ID,
    clientSecret: values.PAYPAL_CLIENT_SECRET,
    webhookId: values.PAYPAL_WEBHOOK_ID,
    planIds,
    timeoutMs: values.PAYPAL_TIMEOUT_MS,
  };
}
