import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * A navigation answered with a redirect: no body, the Location header says where. It only documents the answer
 * (OpenAPI), so it stays with the server; the answers with a body live in src/domain beside their requests.
 */
export const redirectResponse = z.null().describe('A redirect: the Location header says where to go.');

/**
 * An answer that is a file or a stream, not JSON (a CSV file, a calendar, an event stream, an image): documented by
 * its media types; the route sends its bytes as they are.
 */
export function fileResponse(description: string, ...mediaTypes: string[]) {
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: z.string() }])) };
}

/** A CSV file (RFC 4180, UTF-8 with a byte order mark). */
export const csvFile = (description: string) => fileResponse(description, 'text/csv');

/**
 * Sends a CSV file (see csvFile) as a download that no cache keeps: whole, or line by line as the client reads when
 * `body` is an iterable of chunks (a whole audit log or booking list is not held in memory).
 */
export function sendCsvFile(
  reply: FastifyReply,
  { filename, body }: { filename: string; body: string | AsyncIterable<string> | Iterable<string> },
) {
  return (
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      // A stream is sent as it is read; the route's schema only documents it.
      .send(typeof body === 'string' ? body : (Readable.from(body) as unknown as string))
  );
}
