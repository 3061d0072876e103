import http from 'node:http';
import net, { type AddressInfo } from 'node:net';

// Servers that misbehave on purpose, on loopback, for the tests of what Perch fetches from outside addresses: a
// discovery document that names whatever a test wants, a body of 100 MiB sent slowly, a redirect, an answer that
// never comes, a port that accepts and never says a word, and a port where nothing listens.

export interface PathStats {
  requests: number;
  /** Bytes of body this server wrote for the path (into the socket, whether or not the other side read them). */
  bytesWritten: number;
  /** Whether the other side hung up before the body was complete. */
  clientHungUp: boolean;
}

export type HostileHandler = (
  request: http.IncomingMessage,
  response: http.ServerResponse,
  stats: PathStats,
) => void | Promise<void>;

export interface HostileHttpServer {
  /** http://<host>:<port>, without a trailing slash. */
  url: string;
  host: string;
  port: number;
  /** Serves `path` (without its query) with the handler; unknown paths answer 404. */
  serve(path: string, handler: HostileHandler): void;
  stats(path: string): PathStats;
  close(): Promise<void>;
}

export async function startHostileHttpServer(
  options: { host?: string; port?: number } = {},
): Promise<HostileHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const handlers = new Map<string, HostileHandler>();
  const statsByPath = new Map<string, PathStats>();
  const statsOf = (path: string) => {
    let stats = statsByPath.get(path);
    if (!stats) {
      stats = { requests: 0, bytesWritten: 0, clientHungUp: false };
      statsByPath.set(path, stats);
    }
    return stats;
  };
  const sockets = new Set<net.Socket>();
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const stats = statsOf(path);
    stats.requests += 1;
    const handler = handlers.get(path);
    if (!handler) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
      return;
    }
    void Promise.resolve(handler(request, response, stats)).catch(() => response.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}`,
    host,
    port,
    serve: (path, handler) => handlers.set(path, handler),
    stats: statsOf,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Answers JSON (a discovery document, a key set...). */
export const answerJson =
  (body: unknown, status = 200): HostileHandler =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

/** Answers a redirect to `location`. */
export const answerRedirect =
  (location: string, status = 302): HostileHandler =>
  (_request, response) => {
    response.writeHead(status, { location }).end();
  };

/** Never answers: the request is read, and the connection stays open until the client gives up. */
export const answerNever = (): HostileHandler => () => {};

/**
 * A JSON-looking body of `bytes` bytes in chunks, waiting `pauseMs` between them and whenever the client stops
 * reading; it stops when the client hangs up. `declareLength` sends a Content-Length up front instead of chunking.
 */
export const answerHuge =
  (options: { bytes: number; chunkBytes?: number; pauseMs?: number; declareLength?: boolean }): HostileHandler =>
  async (_request, response, stats) => {
    const chunk = Buffer.alloc(options.chunkBytes ?? 64 * 1024, ' ');
    response.writeHead(200, {
      'content-type': 'application/json',
      ...(options.declareLength ? { 'content-length': String(options.bytes) } : {}),
    });
    let hungUp = false;
    const closed = new Promise<void>((resolve) =>
      response.once('close', () => {
        hungUp = !response.writableFinished;
        stats.clientHungUp = hungUp;
        resolve();
      }),
    );
    const written = () => stats.bytesWritten;
    while (written() < options.bytes && !hungUp && !response.destroyed) {
      const part = chunk.subarray(0, Math.min(chunk.length, options.bytes - written()));
      stats.bytesWritten += part.length;
      if (!response.write(part)) {
        await Promise.race([new Promise((resolve) => response.once('drain', resolve)), closed]);
      }
      if (options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    }
    if (!hungUp && !response.destroyed) response.end();
  };

export interface SilentPort {
  port: number;
  /** How many connections it has accepted. */
  readonly connections: number;
  close(): Promise<void>;
}

/** A TCP port that accepts connections and never says a word (as a database port does to an HTTP client). */
export async function startSilentPort(host = '127.0.0.1'): Promise<SilentPort> {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port on which nothing listens (it was free a moment ago): connecting to it is refused at once. */
export async function findClosedPort(host = '127.0.0.1'): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
