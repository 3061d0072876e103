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
}

export class ConfigError extends Error {}

const secretSettings = new Set(['DATABASE_URL', 'SMTP_URL']);

/** Reads every setting from the environment; a wrong value stops start-up with a sentence naming it. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      // Connection strings may carry passwords: never echo them.
      const shown = secretSettings.has(name) ? '' : ` (it is ${JSON.stringify(environment[name])})`;
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
  };
}
