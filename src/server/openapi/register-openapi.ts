import fs from 'node:fs';
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '#domain/responses.ts';
import { sessionCookie } from '../plugins/session.ts';
import { apiTags } from './api-tags.ts';
import { collectRoutes, isWebAppRoute } from './route-catalog.ts';

const { version } = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

// Documentation only: every error answer has this shape (errorBodySchema, sent by plugins/error-handler.ts).
const { $schema: _dialect, ...errorBody } = z.toJSONSchema(errorBodySchema);
const errorJsonSchema = {
  description: 'An error: a sentence a person can act on, and sometimes a code and details.',
  ...errorBody,
};

const zodTransform = createJsonSchemaTransform({ skipList: [] });
type TransformInput = Parameters<typeof zodTransform>[0];

function transformRoute(input: TransformInput) {
  if (isWebAppRoute(input.url, input.schema as { hide?: boolean })) return { schema: { hide: true }, url: input.url };
  const result = zodTransform(input) as { schema: { tags?: string[]; response?: object } | undefined; url: string };
  const schema = result.schema ?? {};
  schema.response = { ...schema.response, '4XX': errorJsonSchema };
  return { schema, url: result.url };
}

/**
 * OpenAPI 3.1 from the routes' zod schemas. Registered before any route, so that it (and the route catalog the
 * security suites use) sees every one of them.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  collectRoutes(app);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Perch API',
        version,
        description:
          'Hot-desk booking. JSON in, JSON out. Sign in with POST /api/login: the session cookie authenticates every ' +
          'other call. State-changing calls from another origin are refused.',
      },
      tags: apiTags.map((tag) => ({ ...tag })),
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: sessionCookie } },
      },
    },
    transform: transformRoute as never,
    transformObject: jsonSchemaTransformObject,
  });
}
