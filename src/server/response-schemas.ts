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
