import { z } from 'zod';

/**
 * A navigation answered with a redirect: no body, the Location header says where. It only documents the answer
 * (OpenAPI), so it stays with the server; the answers with a body live in src/domain beside their requests.
 */
export const redirectResponse = z.null().describe('A redirect: the Location header says where to go.');
