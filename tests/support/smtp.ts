import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A loopback SMTP server that collects what it receives, and a small MIME reader, for mail tests.

export interface ReceivedMail {
  envelopeTo: string[];
  raw: string;
}

/** An SMTP server on a loopback port that keeps what it receives and hands it out in order. */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const waiting: Array<(mail: ReceivedMail) => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    disableReverseLookup: true,
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = {
          envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        const waiter = waiting.shift();
        if (waiter) waiter(mail);
        else received.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** The next message to arrive (the reset mail is sent in the background, after the answer). */
    nextMail: () =>
      new Promise<ReceivedMail>((resolve, reject) => {
        const mail = received.shift();
        if (mail) return resolve(mail);
        // A guard against hanging until the test time-out, not a speed requirement.
        const guard = setTimeout(() => reject(new Error('No mail reached the SMTP server.')), 10_000);
        waiting.push((arrived) => {
          clearTimeout(guard);
          resolve(arrived);
        });
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The address of an SMTP server that has stopped: nothing listens there (mail that cannot be sent). */
export async function stoppedSmtpServerUrl(): Promise<string> {
  const server = await startSmtpServer();
  await server.close();
  return server.url;
}

export interface MimePart {
  headers: Map<string, string>;
  body: string;
  parts: MimePart[];
}

/** Just enough MIME to read what nodemailer writes: headers, multipart nesting, quoted-printable and base64. */
export function parseMime(raw: string): MimePart {
  const normalized = raw.replace(/\r\n/g, '\n');
  const split = normalized.indexOf('\n\n');
  const head = split === -1 ? normalized : normalized.slice(0, split);
  const rawBody = split === -1 ? '' : normalized.slice(split + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = rawBody.split(`--${boundary}`).slice(1);
    const parts = sections
      .filter((section) => !section.startsWith('--'))
      .map((section) => parseMime(section.replace(/^\n/, '')));
    return { headers, body: '', parts };
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  return { headers, body: decodeBody(rawBody, encoding), parts: [] };
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\n/g, '')
      .split(/(=[0-9A-F]{2})/i)
      .flatMap((piece) =>
        /^=[0-9A-F]{2}$/i.test(piece) ? [Number.parseInt(piece.slice(1), 16)] : [...Buffer.from(piece, 'utf8')],
      );
    return Buffer.from(bytes).toString('utf8');
  }
  return body;
}

function leafParts(part: MimePart): MimePart[] {
  return part.parts.length === 0 ? [part] : part.parts.flatMap(leafParts);
}

export function partOfType(message: MimePart, type: string): MimePart | undefined {
  return leafParts(message).find((part) => (part.headers.get('content-type') ?? '').toLowerCase().startsWith(type));
}
