import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const webDistDirectory = path.resolve(import.meta.dirname, '../../dist/web');

/**
 * Serves the built browser app: hashed assets cached for a year, index.html never cached,
 * and every path outside /api answered with the app, whose router shows the 404 screen.
 */
export async function registerWebApp(app: FastifyInstance, root = webDistDirectory): Promise<void> {
  const indexFile = path.join(root, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`no built web app in ${root}; run "npm run build" to serve the pages`);
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders(response, filePath) {
      const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
      response.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  const indexHtml = fs.readFileSync(indexFile);
  const serveIndex = (_request: unknown, reply: import('fastify').FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  app.get('/', serveIndex);
  app.get('/*', (request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply.status(404).send({ message: `There is no GET ${request.url.split('?')[0]} here.` });
    }
    const file = request.url.split('?')[0]!.slice(1);
    if (
      file &&
      !file.includes('..') &&
      fs.existsSync(path.join(root, file)) &&
      fs.statSync(path.join(root, file)).isFile()
    ) {
      return reply.sendFile(file);
    }
    return serveIndex(request, reply);
  });
}
