import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ReferenceDocument, renderReferencePage } from './reference-page.ts';

const style = fs.readFileSync(new URL('./reference.css', import.meta.url), 'utf8');

const text = (type: string, description: string) => ({ description, content: { [type]: { schema: z.string() } } });

/**
 * GET /api/openapi.json (the document) and GET /api/docs (the document as a readable page). Both are made once,
 * on the first request, when every route is registered.
 */
export function openApiRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    let document: string | undefined;
    let page: string | undefined;
    const documentText = () => {
      document ??= JSON.stringify(app.swagger());
      return document;
    };
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
        // A JSON string is sent as it is.
        return reply.type('application/json; charset=utf-8').send(documentText() as unknown as Record<string, unknown>);
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
      async (_request, reply) => {
        // Rendered from the served document itself, so the page shows exactly what /api/openapi.json says.
        page ??= renderReferencePage(
          JSON.parse(documentText()) as ReferenceDocument,
          new URL(app.perch.config.publicUrl).origin,
        );
        return reply.type('text/html; charset=utf-8').send(page);
      },
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
