import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { sessionCookie } from './plugins/session.ts';
import { registerWebApp, signedInHints } from './static.ts';

const manifest = {
  'index.html': { file: 'assets/index-abc.js', src: 'index.html', imports: [] },
  'pages/dashboard-page.tsx': {
    file: 'assets/dashboard-page-def.js',
    src: 'pages/dashboard-page.tsx',
    imports: ['index.html', '_schemas-123.js', '_dialog-456.js'],
    css: ['assets/dashboard-page-def.css'],
  },
  '_schemas-123.js': { file: 'assets/schemas-123.js' },
  '_dialog-456.js': { file: 'assets/dialog-456.js', imports: ['_schemas-123.js'] },
  'pages/auth-page.tsx': { file: 'assets/auth-page-789.js', src: 'pages/auth-page.tsx' },
};

describe('signedInHints', () => {
  it("names the dashboard's chunks and nothing else", () => {
    const hints = signedInHints(manifest);
    expect(hints.match(/href="[^"]+"/g)).toEqual([
      'href="/assets/dashboard-page-def.css"',
      'href="/assets/dashboard-page-def.js"',
      'href="/assets/schemas-123.js"',
      'href="/assets/dialog-456.js"',
    ]);
  });

  it('never preloads a read of data: Chromium keeps a preloaded answer for whichever later fetch asks, which may come after the user joined an organization or signed in again', () => {
    expect(signedInHints(manifest)).not.toContain('/api/');
    expect(signedInHints({})).toBe('');
  });

  it("marks the page as a signed-in visitor's and links the dashboard's styles as stylesheets", () => {
    const hints = signedInHints(manifest);
    expect(hints).toContain('<meta name="perch-signed-in" content="">');
    expect(hints).toContain('<link rel="stylesheet" href="/assets/dashboard-page-def.css">');
  });
});

describe('the app page', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-static-'));
  fs.mkdirSync(path.join(root, '.vite'));
  fs.writeFileSync(path.join(root, 'index.html'), '<html><head><title>Perch</title></head><body></body></html>');
  fs.writeFileSync(path.join(root, '.vite', 'manifest.json'), JSON.stringify(manifest));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('adds the hints only for a visitor with a session cookie, and says the page varies by cookie', async () => {
    const app = Fastify();
    await app.register(cookie);
    await registerWebApp(app, root);
    const signedOut = await app.inject({ url: '/' });
    expect(signedOut.body).not.toContain('modulepreload');
    expect(signedOut.body).not.toContain('perch-signed-in');
    expect(signedOut.body).not.toContain('/api/user');
    expect(signedOut.headers.vary).toBe('Cookie');
    const signedIn = await app.inject({ url: '/', cookies: { [sessionCookie]: 'anything' } });
    expect(signedIn.body).toContain('<link rel="modulepreload" href="/assets/dashboard-page-def.js">');
    expect(signedIn.body).not.toContain('/api/');
    expect(signedIn.body.indexOf('modulepreload')).toBeLessThan(signedIn.body.indexOf('</head>'));
    // A deep link is the same app page.
    const deep = await app.inject({ url: '/subscription', cookies: { [sessionCookie]: 'anything' } });
    expect(deep.body).toBe(signedIn.body);
    await app.close();
  });
});
