import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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
    });
    expect(config.databaseUrl).toBe('postgres://perch@db:5432/perch');
    expect(config.smtpUrl).toBe('smtps://u:p@smtp.example.com:465');
    expect(config.publicUrl).toBe('https://desks.example.com');
  });
});
