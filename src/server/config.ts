import path from 'node:path';
import { z } from 'zod';
import { isTimeZone } from '../domain/organization.ts';

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

const environmentSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('production'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be 0 to 65535')
    .max(65535, 'must be 0 to 65535')
    .default(3000),
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
  TRUST_PROXY: booleanFlag.default(false),
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
  SESSION_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int('must be a whole number')
    .min(1, 'must be 1 to 365')
    .max(365, 'must be 1 to 365')
    .default(30),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  ...storageSettings,
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  publicUrl: string;
  trustProxy: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  requireEmailVerification: boolean;
  defaultTimeZone: string;
  sessionDays: number;
  logLevel: string;
  storage: StorageConfig;
}

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

const secretSettings = new Set(['DATABASE_URL', 'SMTP_URL', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']);

/** Reads every setting from the environment; a wrong value stops start-up with a sentence naming it. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = environmentSchema.superRefine(checkStorageSettings).safeParse(present);
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
  const shownHost = values.HOST === '0.0.0.0' || values.HOST === '::' ? 'localhost' : values.HOST;
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    publicUrl: (values.PUBLIC_URL ?? `http://${shownHost}:${values.PORT}`).replace(/\/$/, ''),
    trustProxy: values.TRUST_PROXY,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    requireEmailVerification: values.REQUIRE_EMAIL_VERIFICATION,
    defaultTimeZone: values.DEFAULT_TIME_ZONE,
    sessionDays: values.SESSION_DAYS,
    logLevel: values.LOG_LEVEL,
    storage: toStorageConfig(values),
  };
}

type Environment = z.infer<typeof environmentSchema>;

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
