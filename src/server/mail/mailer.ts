import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Links the message asks the reader to follow; the local outbox prints them to the log. */
  links?: string[];
  attachments?: Array<{ filename: string; content: string; contentType: string }>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

interface Logger {
  info(object: object, message: string): void;
}

/**
 * Real SMTP when SMTP_URL is set; otherwise a local outbox folder. Its links (reset and confirmation tokens)
 * are printed to the log only on a loopback PUBLIC_URL, where the person reading the log is the one trying Perch.
 */
export function createMailer(config: Config, logger: Logger): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, logger, {
        logLinks: config.isLoopback,
      });
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...withoutLinks(message) });
    },
    close: () => transport.close(),
  };
}

export function createOutboxMailer(
  directory: string,
  from: string,
  logger: Logger,
  options: { logLinks: boolean } = { logLinks: true },
): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...withoutLinks(message) });
      await fs.mkdir(directory, { recursive: true });
      const stamp = new Date().toISOString().replaceAll(':', '-');
      const file = path.join(directory, `${stamp}-${message.to.replace(/[^a-z0-9@.-]/gi, '_')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      const shown = { to: message.to, subject: message.subject, file };
      logger.info(
        options.logLinks ? { ...shown, links: message.links ?? [] } : shown,
        'mail written to the local outbox',
      );
    },
    close: () => transport.close(),
  };
}

function withoutLinks(message: MailMessage) {
  const { links: _links, ...rest } = message;
  return rest;
}
