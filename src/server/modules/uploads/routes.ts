import type { FastifyError } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  floorPlanLocationSchema,
  floorPlanMediaTypes,
  floorPlanSavedSchema,
  maxFloorPlanBytes,
  uploadedLocationSchema,
  uploadUrlResponseSchema,
} from '#domain/floor-plan.ts';
import { floorParams, idParams } from '#domain/ids.ts';
import { fileResponse, redirectResponse } from '#server/response-schemas.ts';
import { routeModule, routesOf } from '#server/routes.ts';
import * as uploads from './service.ts';

const createUploadBody = z
  .strictObject({ organizationId: z.string({ error: 'organizationId must be a string' }).max(100).optional() })
  .nullish(); // no body at all is fine
const rawBodyTypes = [...floorPlanMediaTypes, 'application/octet-stream'];

// Images are served with the security headers of a file, not of a page.
const imageHeaders = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cache-control': uploads.servedCacheControl,
};

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  return (ifNoneMatch ?? '').split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}

export const uploadRoutes = routeModule('Floor plans and uploads', async (route, context, app) => {
  route.post('/api/objects/upload', {
    summary: 'Get a single-use upload URL for a floor-plan image (15 minutes).',
    description: 'Admins only.',
    body: createUploadBody,
    response: uploadUrlResponseSchema,
    handle: ({ user, body }) => uploads.createUploadUrl(context, user.id, body?.organizationId ?? undefined),
  });

  // Uploads to a bucket go straight to it; only the local store receives bytes here.
  if (context.objectStore.kind === 'local') {
    await app.register(async (raw) => {
      // Exactly one raw body of any declared type: the bytes are sniffed, the type is not trusted.
      raw.removeAllContentTypeParsers();
      const keepBuffer = (_request: unknown, body: Buffer, done: (error: null, body: Buffer) => void) =>
        done(null, body);
      raw.addContentTypeParser(rawBodyTypes, { parseAs: 'buffer', bodyLimit: maxFloorPlanBytes }, keepBuffer);
      raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxFloorPlanBytes }, keepBuffer);
      raw.setErrorHandler((error: FastifyError) => {
        throw error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? uploads.tooLarge() : error;
      });

      routesOf(raw.withTypeProvider<ZodTypeProvider>(), 'Floor plans and uploads').put('/api/objects/upload/:token', {
        public: true,
        summary: 'Upload the image bytes to a URL from POST /api/objects/upload.',
        description:
          'PNG, JPEG or WebP, checked by content, at most 10,485,760 bytes: 415 for anything else, 413 when too large.',
        params: z.object({ token: z.string().max(100) }),
        response: uploadedLocationSchema,
        options: {
          bodyLimit: maxFloorPlanBytes,
          preParsing: async (request, _reply, payload) => {
            await uploads.checkUploadToken(context, (request.params as { token: string }).token);
            return payload;
          },
        },
        handle: ({ params, request }) =>
          uploads.receiveUpload(context, params.token, request.body as Buffer | undefined),
      });
    });
  }

  // A floor's image and the organization's are set alike, each to a location this server issued.
  const settingFloorPlan = {
    description: 'Admins only; only a location this server issued is accepted.',
    body: floorPlanLocationSchema,
    response: floorPlanSavedSchema,
  };
  route.put('/api/floors/:floorId/floor-plan', {
    ...settingFloorPlan,
    summary: 'Set a floor’s floor-plan image to an uploaded location.',
    params: floorParams,
    handle: ({ user, params, body }) =>
      uploads.setFloorPlan(context, user.id, { floorId: params.floorId }, body.floorPlanURL),
  });
  route.put('/api/organizations/:orgId/floor-plan', {
    ...settingFloorPlan,
    summary: 'Set the organization’s floor-plan image to an uploaded location.',
    params: idParams('orgId'),
    handle: ({ user, params, body }) =>
      uploads.setFloorPlan(context, user.id, { organizationId: params.orgId }, body.floorPlanURL),
  });

  route.get('/api/objects/:uploadId', {
    summary: 'A floor-plan image.',
    description: 'Members of the organization that owns it only (404 otherwise).',
    params: idParams('uploadId'),
    responses: {
      200: fileResponse('The image, as an inert file.', ...floorPlanMediaTypes),
      302: redirectResponse,
      304: z.null().describe('Not modified: the If-None-Match tag still matches.'),
    },
    handle: async ({ user, params, request, reply }) => {
      const found = await uploads.findServableObject(context, user.id, params.uploadId);
      if (found.served.kind === 'redirect') {
        // Cached for half the presigned URL's life, so a cached redirect never leads to an expired URL.
        reply.header('cache-control', `private, max-age=${Math.floor(found.served.expiresInSeconds / 2)}`);
        return reply.redirect(found.served.url, 302);
      }
      reply.headers({ ...imageHeaders, etag: found.etag });
      if (matchesEtag(request.headers['if-none-match'], found.etag)) {
        found.served.stream.destroy();
        return reply.status(304).send(null);
      }
      reply.header('content-length', found.served.size);
      // A stream is sent as it is; the schema only documents the image types.
      return reply.type(found.contentType).send(found.served.stream as unknown as string);
    },
  });
});
