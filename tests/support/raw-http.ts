// HTTP/1.1 over a plain TCP socket, for tests that need what a browser's client hides: half a request, a held
// kept-alive connection, the moment the server closes it, or a chosen source address (127.0.0.2, 127.0.0.3...).
import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RawConnection {
  /** Everything received and not yet taken by nextResponse. */
  readonly pending: string;
  /** True once the server (or the network) closed the connection. */
  readonly isClosed: boolean;
  /** Resolves when the connection closes, whoever closed it. */
  closed: Promise<void>;
  send(text: string): void;
  /** The next complete response on this connection (a Content-Length body); rejects if it closes first. */
  nextResponse(): Promise<RawResponse>;
  /** Sends a GET with Host and the given headers, and answers its response. */
  get(path: string, headers?: Record<string, string>): Promise<RawResponse>;
  close(): void;
}

// A guard against a test hanging forever, not a measure of speed.
const waitLimitMs = 15_000;

/** Connects to a loopback base URL, from `localAddress` when given; resolves once connected. */
export function connectRaw(baseUrl: string, options: { localAddress?: string } = {}): Promise<RawConnection> {
  const url = new URL(baseUrl);
  const socket = net.connect({ host: url.hostname, port: Number(url.port), localAddress: options.localAddress });
  let received = '';
  let isClosed = false;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
    notify();
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      isClosed = true;
      notify();
      resolve();
    }),
  );

  const takeResponse = (): RawResponse | undefined => {
    const end = received.indexOf('\r\n\r\n');
    if (end < 0) return undefined;
    const [statusLine = '', ...lines] = received.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    const length = Number(headers['content-length'] ?? 0);
    const bodyBytes = Buffer.from(received.slice(end + 4));
    if (bodyBytes.length < length) return undefined;
    const body = bodyBytes.subarray(0, length).toString();
    received = bodyBytes.subarray(length).toString();
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  };

  const nextResponse = () =>
    new Promise<RawResponse>((resolve, reject) => {
      const check = () => {
        const response = takeResponse();
        if (response) {
          cleanup();
          resolve(response);
        } else if (isClosed) {
          cleanup();
          reject(new Error(`the connection closed before a whole response; received ${JSON.stringify(received)}`));
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no response arrived; received ${JSON.stringify(received)}`));
      }, waitLimitMs);
      const cleanup = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      check();
    });

  const connection: RawConnection = {
    get pending() {
      return received;
    },
    get isClosed() {
      return isClosed;
    },
    closed,
    send: (text) => {
      socket.write(text);
    },
    nextResponse,
    get: (path, headers = {}) => {
      const lines = Object.entries({ host: url.host, ...headers }).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.write(`GET ${path} HTTP/1.1\r\n${lines.join('')}\r\n`);
      return nextResponse();
    },
    close: () => {
      socket.destroy();
    },
  };
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(connection));
    socket.once('error', reject);
  });
}

/** Resolves when the connection closes; rejects after the test's wait limit, so a test never hangs. */
export function closedWithin(connection: RawConnection, label: string): Promise<void> {
  return Promise.race([
    connection.closed,
    new Promise<void>((_, reject) =>
      setTimeout(() => reject(new Error(`${label} was still open`)), waitLimitMs).unref(),
    ),
  ]);
}
