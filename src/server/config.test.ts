import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, trustProxyOption } from './config.ts';
import { describeSetup } from './setup-report.ts';

describe('configuration from the environment', () => {
  it('starts with the documented defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      requireEmailVerification: false,
      defaultTimeZone: 'Europe/London',
      sessionDays: 30,
    });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('stops with a sentence naming each wrong variable', () => {
    expect(() => loadConfig({ PORT: 'abc', DEFAULT_TIME_ZONE: 'Mars/Base' })).toThrow(
      /PORT must be a port number \(it is "abc"\)\..*DEFAULT_TIME_ZONE must be an IANA time zone name/,
    );
    expect(() => loadConfig({ REQUIRE_EMAIL_VERIFICATION: 'maybe' })).toThrow(ConfigError);
  });

  it('never repeats a connection string, which may hold a password, in its message', () => {
    const attempt = () =>
      loadConfig({ DATABASE_URL: 'mysql://admin:hunter2@db/perch', SMTP_URL: 'http://u:s3cret@mail' });
    expect(attempt).toThrow(/DATABASE_URL must be a URL/);
    expect(attempt).toThrow(/SMTP_URL must be a URL/);
    expect(attempt).not.toThrow(/hunter2|s3cret/);
  });

  it('switches to PostgreSQL and SMTP when their URLs are given', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://perch@db:5432/perch',
      SMTP_URL: 'smtps://u:p@smtp.example.com:465',
      PUBLIC_URL: 'https://desks.example.com/',
      BILLING: 'off',
    });
    expect(config.databaseUrl).toBe('postgres://perch@db:5432/perch');
    expect(config.smtpUrl).toBe('smtps://u:p@smtp.example.com:465');
    expect(config.publicUrl).toBe('https://desks.example.com');
  });
});

describe('billing is a choice outside a loopback address', () => {
  const publicSite = { PUBLIC_URL: 'https://desks.example.com' };

  it('keeps the local checkout for the quick start on a loopback address', () => {
    for (const url of [
      'http://localhost:3000',
      'http://127.0.0.1:8080',
      'http://perch.localhost',
      'http://[::1]:3000',
    ]) {
      const config = loadConfig({ PUBLIC_URL: url });
      expect(config.isLoopback).toBe(true);
      expect(config.payments.mode).toBe('local');
    }
  });

  it('refuses to start on a public address until billing is chosen, naming the setting', () => {
    expect(() => loadConfig(publicSite)).toThrow(
      /BILLING must be chosen when PUBLIC_URL is not a loopback address: sandbox or live \(PayPal\), off/,
    );
    expect(() => loadConfig({ HOST: '0.0.0.0', PUBLIC_URL: 'http://192.168.1.20:3000' })).toThrow(
      /BILLING must be chosen/,
    );
  });

  it('runs the local checkout on a public address only with the demo acknowledged', () => {
    expect(() => loadConfig({ ...publicSite, BILLING: 'local' })).toThrow(/LOCAL_CHECKOUT_ACKNOWLEDGED must be demo/);
    const demo = loadConfig({ ...publicSite, BILLING: 'local', LOCAL_CHECKOUT_ACKNOWLEDGED: 'demo' });
    expect(demo.payments.mode).toBe('local');
    expect(describeSetup(demo).warnings.join(' ')).toMatch(/no payment is taken and any admin can approve any plan/);
  });

  it('turns billing off for a company hosting Perch for itself', () => {
    const config = loadConfig({ ...publicSite, BILLING: 'off' });
    expect(config.payments).toEqual({ mode: 'off' });
    expect(config.isLoopback).toBe(false);
  });
});

describe('the start-up report', () => {
  it('names every adapter in force without echoing credentials', () => {
    const report = describeSetup(
      loadConfig({
        DATABASE_URL: 'postgres://perch:hunter2@db.internal:5432/perch',
        SMTP_URL: 'smtps://mailer:s3cret@smtp.example.com:465',
        STORAGE: 's3',
        S3_BUCKET: 'perch-floor-plans',
        PUBLIC_URL: 'https://desks.example.com',
        BILLING: 'off',
        SSO_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
      }),
    );
    expect(report.adapters).toEqual({
      database: 'PostgreSQL at db.internal:5432',
      mail: 'SMTP via smtp.example.com:465',
      storage: 'S3 bucket perch-floor-plans',
      billing: 'off (every feature enabled, no seat limit)',
    });
    expect(report.warnings).toEqual([]);
    expect(JSON.stringify(report)).not.toMatch(/hunter2|s3cret/);
  });

  it('warns that nobody receives mail from the outbox on a public address', () => {
    const report = describeSetup(loadConfig({ PUBLIC_URL: 'https://desks.example.com', BILLING: 'off' }));
    expect(report.adapters.mail).toMatch(/^local outbox in /);
    expect(report.warnings.join(' ')).toMatch(/SMTP_URL is not set: .*nobody will receive it/);
  });

  it('says single sign-on is off on a public address without SSO_SECRET_KEY', () => {
    const report = describeSetup(loadConfig({ PUBLIC_URL: 'https://desks.example.com', BILLING: 'off' }));
    expect(report.warnings.join(' ')).toMatch(/SSO_SECRET_KEY is not set: single sign-on is off/);
  });

  it('reads SSO_SECRET_KEY as 32 bytes and refuses anything else without echoing it', () => {
    const key = Buffer.alloc(32, 9).toString('base64');
    expect(loadConfig({ SSO_SECRET_KEY: key }).ssoSecretKey?.equals(Buffer.alloc(32, 9))).toBe(true);
    expect(() => loadConfig({ SSO_SECRET_KEY: 'too-short-to-be-a-key' })).toThrow(
      /^Perch cannot start: SSO_SECRET_KEY must be 32 random bytes in base64, such as the output of: openssl rand -base64 32\.$/,
    );
  });

  it('does not warn about the outbox on the quick start’s loopback address', () => {
    expect(describeSetup(loadConfig({})).warnings).toEqual([]);
  });

  it('warns that local files live on one instance when the database is shared', () => {
    const report = describeSetup(loadConfig({ DATABASE_URL: 'postgres://perch@db:5432/perch' }));
    expect(report.warnings.join(' ')).toMatch(/STORAGE is local with DATABASE_URL: .* on this instance only/);
  });
});

describe('TRUST_PROXY', () => {
  it('reads true, false, a hop count or a list of addresses and CIDRs', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
  });

  it('stops with a sentence for anything else', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'nginx' })).toThrow(
      /TRUST_PROXY must be true, false, a number of proxy hops/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY must be/);
  });

  it('trusts exactly the nearest hops when given a count', () => {
    const trust = trustProxyOption(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => trust('10.0.0.1', hop))).toEqual([true, true, false]);
  });
});
