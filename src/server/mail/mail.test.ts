import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startForFile } from '#test-support/for-file.ts';
import { signUp, startTestAppForFile } from '#test-support/harness.ts';
import { parseMime, partOfType, startSmtpServer, stoppedSmtpServerUrl } from '#test-support/smtp.ts';
import { loadConfig } from '../config.ts';
import { createMailer, createOutboxMailer } from './mailer.ts';

const mailFrom = 'Perch Test <no-reply@perch.test>';

describe('mail over SMTP', () => {
  const smtp = startForFile(startSmtpServer);
  // The same choice the server makes at start-up: SMTP_URL set, so mail goes over SMTP.
  const testApp = startTestAppForFile(() => ({
    environment: { SMTP_URL: smtp.url, MAIL_FROM: mailFrom },
    mailer: 'as configured',
  }));

  it('delivers a password reset mail whose link resets the password through the API', async () => {
    const { email, password } = await signUp(testApp);
    const asked = await testApp.client().post('/api/forgot-password', { email });
    expect(asked.status).toBe(200);

    const mail = await smtp.nextMail();
    expect(mail.envelopeTo).toEqual([email]);
    const message = parseMime(mail.raw);
    expect(message.headers.get('to')).toBe(email);
    expect(message.headers.get('from')).toBe(mailFrom);
    expect(message.headers.get('subject')).toBe('Reset your Perch password');
    expect(message.headers.get('content-type')).toMatch(/^multipart\/alternative/i);

    const text = partOfType(message, 'text/plain')?.body ?? '';
    const html = partOfType(message, 'text/html')?.body ?? '';
    expect(text).toContain('Reset your password');
    expect(html).toMatch(/<a href="http:\/\/perch\.test\/reset-password\?token=/);

    const link = /http:\/\/perch\.test\/reset-password\?token=[A-Za-z0-9_-]+/.exec(text)?.[0] ?? '';
    expect(link).not.toBe('');
    expect(html).toContain(link);
    const token = new URL(link).searchParams.get('token') ?? '';

    const browser = testApp.client();
    expect((await browser.get(`/api/reset-password/${token}`)).status).toBe(200);
    const newPassword = 'a password from the mail';
    expect((await browser.post('/api/reset-password', { token, newPassword })).status).toBe(200);
    expect((await browser.post('/api/login', { email, password: newPassword })).status).toBe(200);
    expect((await testApp.client().post('/api/login', { email, password })).status).toBe(401);
  });

  it("sends the mail without Perch's internal list of links as a header", async () => {
    const { email } = await signUp(testApp);
    await testApp.client().post('/api/forgot-password', { email });
    const mail = await smtp.nextMail();
    const message = parseMime(mail.raw);
    expect(message.headers.has('links')).toBe(false);
    expect(mail.raw).not.toMatch(/^links:/im);
  });
});

describe('mail when the SMTP server is down', () => {
  let stoppedUrl: string;
  beforeAll(async () => {
    stoppedUrl = await stoppedSmtpServerUrl();
  });
  const testApp = startTestAppForFile(() => ({ environment: { SMTP_URL: stoppedUrl }, mailer: 'as configured' }));

  it('still answers forgot-password with the usual 200, so the outage reveals nothing about the address', async () => {
    const { email } = await signUp(testApp);
    const response = await testApp.client().post('/api/forgot-password', { email });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      message: 'If an account exists for that email, we have sent a link to reset the password.',
    });
  });
});

describe('local outbox mailer', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), 'perch-outbox-'));
  });
  afterAll(async () => {
    await fs.rm(directory, { recursive: true, force: true });
  });

  function recordingLogger() {
    const entries: Array<{ object: Record<string, unknown>; message: string }> = [];
    return { entries, info: (object: object, message: string) => entries.push({ object: { ...object }, message }) };
  }

  it('writes each mail as an .eml file with text and HTML parts and logs its links', async () => {
    const outbox = path.join(directory, 'plain');
    const logger = recordingLogger();
    const mailer = createOutboxMailer(outbox, mailFrom, logger);
    const link = 'http://perch.test/reset-password?token=abc123';
    await mailer.send({
      to: 'grace@example.com',
      subject: 'Reset your Perch password',
      text: `Choose a new password: ${link}`,
      html: `<p><a href="${link}">Choose a new password</a></p>`,
      links: [link],
    });
    mailer.close();

    const files = await fs.readdir(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/grace@example\.com\.eml$/);
    const message = parseMime(await fs.readFile(path.join(outbox, files[0] ?? ''), 'utf8'));
    expect(message.headers.get('to')).toBe('grace@example.com');
    expect(message.headers.get('from')).toBe(mailFrom);
    expect(message.headers.get('subject')).toBe('Reset your Perch password');
    expect(partOfType(message, 'text/plain')?.body).toContain(link);
    expect(partOfType(message, 'text/html')?.body).toContain(`href="${link}"`);

    expect(logger.entries).toEqual([
      {
        message: 'mail written to the local outbox',
        object: {
          to: 'grace@example.com',
          subject: 'Reset your Perch password',
          file: path.join(outbox, files[0] ?? ''),
          links: [link],
        },
      },
    ]);
  });

  it('keeps the file inside the outbox whatever the recipient address looks like', async () => {
    const outbox = path.join(directory, 'hostile');
    const mailer = createOutboxMailer(outbox, mailFrom, recordingLogger());
    await mailer.send({ to: '../../escape/x@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' });
    mailer.close();
    const files = await fs.readdir(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).not.toContain('/');
    expect(await fs.readdir(directory)).toEqual(expect.arrayContaining(['hostile']));
    expect(await fs.readdir(directory)).not.toContain('escape');
  });

  it('is the mailer chosen when no SMTP_URL is configured, writing into the data directory', async () => {
    const dataDir = path.join(directory, 'data');
    const logger = recordingLogger();
    const mailer = createMailer(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), logger);
    await mailer.send({
      to: 'ada@example.com',
      subject: 'Hi',
      text: 'Hi',
      html: '<p>Hi</p>',
      links: ['http://x.test/a'],
    });
    mailer.close();
    expect(await fs.readdir(path.join(dataDir, 'outbox'))).toHaveLength(1);
    expect(logger.entries[0]?.object.links).toEqual(['http://x.test/a']);
  });

  it('never prints mail links, which carry tokens, to the log when PUBLIC_URL is not a loopback address', async () => {
    const dataDir = path.join(directory, 'public');
    const logger = recordingLogger();
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'https://desks.example.com',
      BILLING: 'off',
    });
    const mailer = createMailer(config, logger);
    const link = 'https://desks.example.com/reset-password/secret-token-value';
    await mailer.send({ to: 'ada@example.com', subject: 'Hi', text: 'Hi', html: '<p>Hi</p>', links: [link] });
    mailer.close();
    expect(await fs.readdir(path.join(dataDir, 'outbox'))).toHaveLength(1);
    expect(logger.entries).toHaveLength(1);
    expect(JSON.stringify(logger.entries)).not.toContain('secret-token-value');
  });
});
