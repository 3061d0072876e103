import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookie } from './plugins/session.ts';

export const webDistDirectory = path.resolve(import.meta.dirname, '../../dist/web');

interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  css?: string[];
}

/** The mark a signed-in visitor's page carries: the app then asks for its first reads at once (src/web/main.tsx). */
export const signedInMark = '<meta name="perch-signed-in" content="">';

/**
 * What a signed-in visitor's page asks for at once, named in the page's head (issue 14: a phone on a slow
 * network otherwise waits for the app's script, then the dashboard's code, one after the other): the dashboard's
 * code and the chunks it imports, from Vite's build manifest. Never a read of data: Chromium keeps a preloaded
 * answer for whichever later fetch asks for it, so a list of organizations preloaded on the invitation page was
 * taken, after joining, for the dashboard's read, and the new member was sent to /setup (the app's own first reads,
 * started at once on the dashboard when the page carries `signedInMark`, go through its query cache instead, which
 * joining updates). Nothing is added without a session cookie, so a visitor who is not signed in loads nothing more
 * than before.
 */
export function signedInHints(manifest: Record<string, ManifestChunk>): string {
  const entry = Object.entries(manifest).find(([key]) => key.endsWith('pages/dashboard-page.tsx'));
  const files = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file) || key === 'index.html') return;
    files.add(chunk.file);
    for (const style of chunk.css ?? []) styles.add(style);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  if (!entry) return '';
  visit(entry[0]);
  // The dashboard's own styles (the map's tiles) as stylesheets: fetched beside the app's, instead of after the
  // dashboard's code is asked for (Vite's loader skips a stylesheet the page already has).
  return [
    signedInMark,
    ...[...styles].map((file) => `<link rel="stylesheet" href="/${file}">`),
    ...[...files].map((file) => `<link rel="modulepreload" href="/${file}">`),
  ].join('');
}

function readManifest(root: string): Record<string, ManifestChunk> {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >;
  } catch {
    return {};
  }
}

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
  const indexHtml = fs.readFileSync(indexFile, 'utf8');
  const signedInHtml = indexHtml.replace('</head>', `${signedInHints(readManifest(root))}</head>`);
  const serveIndex = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie')
      .type('text/html; charset=utf-8')
      .send(request.cookies?.[sessionCookie] ? signedInHtml : indexHtml);
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
