import { z } from 'zod';

/**
 * zod as every schema of src/domain uses it. In a browser its parsers are interpreted, not compiled: Perch's
 * Content-Security-Policy has no 'unsafe-eval', and zod's probe for compiling (`new Function`), made when a
 * schema is built, is reported by the browser as a policy violation (Lighthouse: best practices). The server
 * keeps the compiled parsers. Set here, before any schema of src/domain is built, since they all import z from
 * this module.
 */
z.config({ jitless: 'document' in globalThis });

export { z };
