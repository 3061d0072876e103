import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const asset = (name: string) => fs.readFileSync(new URL(`./${name}`, import.meta.url), 'utf8');

// No inline script or style: the page loads both from Perch, so the strict Content-Security-Policy holds here too.
const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Perch API reference</title>
<link rel="stylesheet" href="/api/docs/reference.css">
<script src="/api/docs/reference.js" defer></script>
</head>
<body>
<main id="reference">
<h1>Perch API reference</h1>
<p id="status">Loading the reference…</p>
<noscript><p>This page needs JavaScript. The document itself is at <a href="/api/openapi.json">/api/openapi.json</a>.</p></noscript>
</main>
</body>
</html>
`;

const text = (type: string, description: string) => ({ description, content: { [type]: { schema: z.string() } } });

/** GET /api/openapi.json (the document) and GET /api/docs (a page that renders it). */
export function openApiRoutes(): FastifyPluginAsyncZod {
  const script = asset('reference.js');
  const style = asset('reference.css');
  return async (app) => {
    let document: string | undefined;
    app.get(
      '/api/openapi.json',
      {
        schema: {
          tags: ['API reference'],
          summary: 'This document: OpenAPI 3.1, generated from the routes’ schemas.',
          response: { 200: z.record(z.string(), z.unknown()).describe('An OpenAPI 3.1 document.') },
        },
      },
      async (_request, reply) => {
        document ??= JSON.stringify(app.swagger());
        // A JSON string is sent as it is.
        return reply.type('application/json; charset=utf-8').send(document as unknown as Record<string, unknown>);
      },
    );

    app.get(
      '/api/docs',
      {
        schema: {
          tags: ['API reference'],
          summary: 'A readable reference of this API, grouped by topic.',
          response: { 200: text('text/html', 'An HTML page.') },
        },
      },
      async (_request, reply) => reply.type('text/html; charset=utf-8').send(page),
    );

    app.get(
      '/api/docs/reference.js',
      {
        schema: {
          tags: ['API reference'],
          summary: 'The reference page’s script.',
          response: { 200: text('text/javascript', 'JavaScript.') },
        },
      },
      async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(script),
    );

    app.get(
      '/api/docs/reference.css',
      {
        schema: {
          tags: ['API reference'],
          summary: 'The reference page’s style sheet.',
          response: { 200: text('text/css', 'CSS.') },
        },
      },
      async (_request, reply) => reply.type('text/css; charset=utf-8').send(style),
    );
  };
}
