import { beforeAll, describe, expect, it } from 'vitest';
import { startForFile } from '#test-support/for-file.ts';
import { startTestAppForFile, uniqueEmail } from '#test-support/harness.ts';
import { parseMime, partOfType, startSmtpServer, stoppedSmtpServerUrl } from '#test-support/smtp.ts';
import { createTeam, newClient, teamTestEnvironment } from '#test-support/team.ts';

const mailFrom = 'Perch Test <no-reply@perch.test>';

/** A header as a mail program shows it: RFC 2047 encoded words (used for a subject with quotes) decoded. */
function decodeHeader(value: string | undefined): string {
  const decodeQ = (text: string) =>
    Buffer.from(
      text
        .replaceAll('_', ' ')
        .split(/(=[0-9A-F]{2})/i)
        .flatMap((piece) =>
          /^=[0-9A-F]{2}$/i.test(piece) ? [Number.parseInt(piece.slice(1), 16)] : [...Buffer.from(piece)],
        ),
    ).toString('utf8');
  return (value ?? '').replace(
    /=\?UTF-8\?([QB])\?([^?]*)\?=(?:\s+(?==\?))?/gi,
    (_word, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQ(text),
  );
}

describe('invitation mail over SMTP', () => {
  const smtp = startForFile(startSmtpServer);
  const testApp = startTestAppForFile(() => ({
    environment: { ...teamTestEnvironment, SMTP_URL: smtp.url, MAIL_FROM: mailFrom },
    mailer: 'as configured',
  }));

  it('delivers one mail per invitation, with text and HTML parts, whose link signs the invitee up', async () => {
    const team = await createTeam(testApp);
    const [invitee, other] = [uniqueEmail('invitee'), uniqueEmail('other')];
    const invited = await team.admin.client.post(`/api/organizations/${team.id}/invite`, {
      emails: `${invitee}\n${other}`,
      role: 'admin',
    });
    expect(invited.body.summary).toEqual({ sent: 2, failed: 0 });

    const mails = [await smtp.nextMail(), await smtp.nextMail()];
    expect(mails.map((mail) => mail.envelopeTo).sort()).toEqual([[invitee], [other]].sort());
    const mail = mails.find((item) => item.envelopeTo[0] === invitee);
    const message = parseMime(mail?.raw ?? '');
    expect(message.headers.get('from')).toBe(mailFrom);
    expect(message.headers.get('to')).toBe(invitee);
    expect(decodeHeader(message.headers.get('subject'))).toBe('You\'re invited to join "Acme Corp" on Perch');
    expect(message.headers.get('content-type')).toMatch(/^multipart\/alternative/i);
    expect(message.headers.has('links')).toBe(false);

    const text = partOfType(message, 'text/plain')?.body ?? '';
    const html = partOfType(message, 'text/html')?.body ?? '';
    expect(text).toContain('"Ada Admin" has invited you to join "Acme Corp" on Perch as an admin.');
    expect(text).toContain('expires in 7 days');
    const link = /http:\/\/perch\.test\/signup\?token=[A-Za-z0-9_-]+/.exec(text)?.[0] ?? '';
    expect(link).not.toBe('');
    expect(html).toContain(`href="${link}"`);
    const token = new URL(link).searchParams.get('token') ?? '';

    const browser = newClient(testApp);
    expect((await browser.get(`/api/invitations/${token}`)).body).toEqual({
      organizationName: 'Acme Corp',
      role: 'admin',
      email: invitee,
      hasAccount: false,
    });
    const signup = await browser.post('/api/signup-with-invitation', {
      token,
      firstName: 'Grace',
      lastName: 'Hopper',
      password: 'a password from the mail',
    });
    expect(signup.status).toBe(201);
    expect(signup.body.email).toBe(invitee);
    expect((await browser.get('/api/organizations')).body.map((organization: any) => organization.role)).toEqual([
      'admin',
    ]);
    expect((await browser.get(`/api/invitations/${token}`)).status).toBe(404);
  });
});

describe('invitation mail when the SMTP server is down', () => {
  let stoppedUrl: string;
  beforeAll(async () => {
    stoppedUrl = await stoppedSmtpServerUrl();
  });
  const testApp = startTestAppForFile(() => ({
    environment: { ...teamTestEnvironment, SMTP_URL: stoppedUrl },
    mailer: 'as configured',
  }));

  it('reports each unsent invitation as failed, keeps it pending for a resend, and answers resend with 503', async () => {
    const team = await createTeam(testApp);
    const email = uniqueEmail();
    const response = await team.admin.client.post(`/api/organizations/${team.id}/invite`, { emails: [email] });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      message: 'The invitation could not be sent.',
      summary: { sent: 0, failed: 1 },
      errors: [
        {
          email,
          message: 'The invitation email could not be sent. Try resending it from the pending invitations.',
        },
      ],
    });
    const [pending] = (await team.admin.client.get(`/api/organizations/${team.id}/invitations`)).body;
    expect(pending.email).toBe(email);
    const resend = await team.admin.client.post(`/api/organizations/${team.id}/invitations/${pending.id}/resend`);
    expect(resend.status).toBe(503);
    expect(resend.body.message).toBe('The invitation email could not be sent. Please try again in a moment.');
  });
});
