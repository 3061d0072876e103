// What one Perch instance allows a connection: how long a client may take to send a request, how long an idle
// kept-alive connection stays open, and how many connections it holds at once. Without these, connections that
// send half a body stay open forever, and enough of them exhaust the instance's file descriptors.
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyServerOptions } from 'fastify';

export interface HttpLimits {
  /** The whole request, headers and body, must arrive within this time; a stalled body is cut off with 408. */
  requestTimeoutMs: number;
  /** How long a kept-alive connection may stay idle between two requests. */
  keepAliveTimeoutMs: number;
  /** Connections held at once; the ones beyond are closed as soon as they are accepted. */
  maxConnections: number;
}

/** The longest the request line and headers may take, whatever the request timeout allows for a body. */
export const maxHeadersTimeoutMs = 10_000;

/** Node checks its request and header deadlines on an interval: often enough to keep each within about 5 %. */
export function checkingIntervalMs(requestTimeoutMs: number): number {
  return Math.min(1000, Math.max(25, Math.floor(requestTimeoutMs / 20)));
}

// Answers for requests Node refuses before Fastify sees them; every 4xx carries a sentence (house style).
const clientErrorAnswers: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    message: 'The request took too long to arrive and was cut off. Please check your connection and try again.',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    message: 'The request headers are too large. Please clear this site’s cookies and try again.',
  },
};
const malformedAnswer = {
  status: 400,
  message: 'The request could not be read as HTTP. Please try again with an up-to-date browser.',
};

function answerClientError(
  this: { log: { debug(details: object, message: string): void } },
  error: Error,
  socket: Socket,
) {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (code === 'ECONNRESET' || socket.destroyed) return;
  const answer = clientErrorAnswers[code] ?? malformedAnswer;
  this.log.debug({ code }, 'client error before a request was read');
  if (socket.writable) {
    const body = JSON.stringify({ message: answer.message });
    socket.write(
      `HTTP/1.1 ${answer.status} ${http.STATUS_CODES[answer.status]}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * The Fastify constructor options that apply the limits: a server created with Node's own request, header and
 * keep-alive deadlines and a connection cap, and sentences for what Node refuses before a route runs.
 * Requests only: a response that has started (a live event stream) is never cut by these deadlines.
 */
export function httpServerOptions(
  limits: HttpLimits,
): Pick<FastifyServerOptions, 'serverFactory' | 'clientErrorHandler'> {
  return {
    serverFactory: (handler, options) => {
      const server = http.createServer(
        {
          requestTimeout: limits.requestTimeoutMs,
          headersTimeout: Math.min(limits.requestTimeoutMs, maxHeadersTimeoutMs),
          keepAliveTimeout: limits.keepAliveTimeoutMs,
          connectionsCheckingInterval: checkingIntervalMs(limits.requestTimeoutMs),
        },
        handler,
      );
      server.maxConnections = limits.maxConnections;
      warnOnDroppedConnections(server, limits.maxConnections, options.logger as Logger | undefined);
      return server;
    },
    clientErrorHandler: answerClientError,
  };
}

interface Logger {
  warn(details: object, message: string): void;
}

/** One warning a minute at most while connections are refused, with how many were. */
function warnOnDroppedConnections(server: http.Server, maxConnections: number, log: Logger | undefined): void {
  let dropped = 0;
  let lastWarning = 0;
  server.on('drop', () => {
    dropped += 1;
    const now = Date.now();
    if (now - lastWarning < 60_000) return;
    lastWarning = now;
    log?.warn(
      { maxConnections, dropped },
      `Connections refused: this instance holds MAX_CONNECTIONS=${maxConnections} connections already`,
    );
    dropped = 0;
  });
}
