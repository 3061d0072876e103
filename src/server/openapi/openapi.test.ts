import { describe, expect, it } from 'vitest';
import { startTestAppForFile } from '#test-support/harness.ts';
import { apiTags } from './api-tags.ts';
import { listApiRoutes } from './route-catalog.ts';

const apiTagNames = apiTags.map((tag) => tag.name);

const testApp = startTestAppForFile();

const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const isSuccess = (status: string) => /^[23]/.test(status);

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 at GET /api/openapi.json and describes every API route that is registered', async () => {
    const response = await testApp.client().get('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body.openapi).toBe('3.1.0');
    expect(response.body.info.title).toBe('Perch API');
    const routes = listApiRoutes(testApp.app);
    expect(routes.length).toBeGreaterThan(30);
    const missing = routes.filter(
      (route) => !response.body.paths[toOpenApiPath(route.url)]?.[route.method.toLowerCase()],
    );
    expect(missing.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it('gives every route a response schema for its success status, so no route can be added without one', () => {
    const withoutResponse = listApiRoutes(testApp.app).filter(
      (route) => !Object.keys(route.schema?.response ?? {}).some(isSuccess),
    );
    expect(withoutResponse.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it('puts every route in exactly one group of the fixed list, so the reference has no stray groups', () => {
    const untagged = listApiRoutes(testApp.app).filter((route) => {
      const tags = (route.schema as { tags?: unknown } | undefined)?.tags;
      return !Array.isArray(tags) || tags.length !== 1 || !apiTagNames.includes(tags[0]);
    });
    expect(untagged.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it('gives every route a one-sentence summary', () => {
    const withoutSummary = listApiRoutes(testApp.app).filter((route) => {
      const summary = (route.schema as { summary?: unknown } | undefined)?.summary;
      return typeof summary !== 'string' || !/^[A-Z].*\.$/.test(summary) || summary.length > 140;
    });
    expect(withoutSummary.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it('gives every route with path parameters a schema for them', () => {
    const withoutParams = listApiRoutes(testApp.app).filter(
      (route) => route.url.includes(':') && !route.schema?.params,
    );
    expect(withoutParams.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it('describes request bodies, parameters and answers from the zod schemas', async () => {
    const { body } = await testApp.client().get('/api/openapi.json');
    const register = body.paths['/api/register'].post;
    const registerBody = register.requestBody.content['application/json'].schema;
    expect(registerBody.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(register.responses['201'].content['application/json'].schema.properties).toHaveProperty('email');
    expect(register.responses['4XX'].content['application/json'].schema.required).toEqual(['message']);
    const floorDesks = body.paths['/api/floors/{floorId}/desks'].get;
    expect(floorDesks.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'path', name: 'floorId', required: true })]),
    );
    expect(floorDesks.tags).toEqual(['Floors and desks']);
    expect(floorDesks.summary).toBe('The desks of one floor.');
    expect(body.tags.map((tag: { name: string }) => tag.name)).toEqual(apiTagNames);
    expect(body.components.securitySchemes.session).toEqual({ type: 'apiKey', in: 'cookie', name: 'perch_session' });
  });
});

describe('the reference page', () => {
  it('answers the reference as an HTML page at GET /api/docs with no script at all, under the strict policy', async () => {
    const response = await testApp.client().get('/api/docs');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(response.text).not.toMatch(/<script/i);
    expect(response.text).not.toMatch(/\son\w+=/i);
    const styleSheets = [...response.text.matchAll(/<link([^>]*)>/g)].map(([, attributes]) => attributes);
    expect(styleSheets).toEqual([' rel="stylesheet" href="/api/docs/reference.css"']);
  });

  it('shows every operation of the document, grouped, with a curl line addressed to the public URL', async () => {
    const client = testApp.client();
    const { body: document } = await client.get('/api/openapi.json');
    const operations = Object.values(document.paths as Record<string, object>).flatMap((item) =>
      Object.keys(item).filter((key) => ['get', 'post', 'put', 'patch', 'delete'].includes(key)),
    );
    const page = (await client.get('/api/docs')).text;
    expect(page.match(/<details /g)).toHaveLength(operations.length);
    expect(page.match(/<h2 /g)).toHaveLength(apiTagNames.length);
    expect(page).toContain('<a href="#group-floors-and-desks">Floors and desks<span class="count">');
    expect(page).toContain('<details id="post--api-bookings">');
    expect(page).toContain("curl -X POST -b cookies.txt 'http://perch.test/api/bookings'");
  });

  it('serves the page’s style sheet with its type, and no script', async () => {
    const client = testApp.client();
    const style = await client.get('/api/docs/reference.css');
    expect(style.status).toBe(200);
    expect(style.headers['content-type']).toMatch(/^text\/css/);
    expect(style.headers['content-security-policy']).toContain("script-src 'self'");
    expect((await client.get('/api/docs/reference.js')).status).toBe(404);
  });
});
