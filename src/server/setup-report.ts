import { isIpAddressHost } from '#domain/host-names.ts';
import type { Config } from './config.ts';

export interface SetupReport {
  /** Each adapter in force, named for the start-up log. */
  adapters: { database: string; mail: string; storage: string; billing: string };
  /** Sentences for settings that work but are probably not what a public deployment wants. */
  warnings: string[];
}

const billingNames = {
  local: 'local checkout (no payment is taken)',
  sandbox: 'PayPal sandbox',
  live: 'PayPal live',
  off: 'off (every feature enabled, no seat limit)',
} as const;

/** What the start-up log says about this configuration: the adapters in force and what to look at. */
export function describeSetup(config: Config): SetupReport {
  const warnings: string[] = [];
  if (!config.isLoopback && !config.smtpUrl) {
    warnings.push(
      `SMTP_URL is not set: mail is written to ${config.dataDir}/outbox on this machine and nobody will receive it (password resets, invitations, confirmations).`,
    );
  }
  if (config.storage.kind === 'local' && config.databaseUrl) {
    warnings.push(
      `STORAGE is local with DATABASE_URL: floor-plan images live in ${config.dataDir}/objects on this instance only; with several instances, set STORAGE=s3.`,
    );
  }
  if (config.payments.mode === 'local' && !config.isLoopback) {
    warnings.push(
      'BILLING is local on a public address (LOCAL_CHECKOUT_ACKNOWLEDGED=demo): no payment is taken and any admin can approve any plan.',
    );
  }
  if (!config.ssoSecretKey && !config.isLoopback) {
    warnings.push(
      'SSO_SECRET_KEY is not set: single sign-on is off (no organization can connect an identity provider). Set it to 32 random bytes in base64 (openssl rand -base64 32).',
    );
  }
  const publicHost = new URL(config.publicUrl).hostname;
  if (isIpAddressHost(publicHost)) {
    warnings.push(
      `PUBLIC_URL is an IP address (${publicHost}): passkeys need a host name and cannot be used there. Use http://localhost:PORT on this machine, or a domain name.`,
    );
  }
  return {
    adapters: {
      database: config.databaseUrl
        ? `PostgreSQL at ${hostOf(config.databaseUrl)}`
        : `PGlite in ${config.dataDir}/pglite`,
      mail: config.smtpUrl ? `SMTP via ${hostOf(config.smtpUrl)}` : `local outbox in ${config.dataDir}/outbox`,
      storage:
        config.storage.kind === 's3'
          ? `S3 bucket ${config.storage.bucket}${config.storage.endpoint ? ` at ${config.storage.endpoint}` : ''}`
          : `local files in ${config.dataDir}/objects`,
      billing: billingNames[config.payments.mode],
    },
    warnings,
  };
}

/** host:port of a connection string, never its user or password. */
function hostOf(url: string): string {
  return new URL(url).host;
}
