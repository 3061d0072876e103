import { describe, expect, it } from 'vitest';
import { element, type Html, prose, renderChildren } from './reference-html.ts';
import {
  curlLine,
  describeResponse,
  fieldTable,
  type Operation,
  operationId,
  renderOperation,
  renderShape,
} from './reference-operation.ts';
import { type ReferenceDocument, renderReferencePage } from './reference-page.ts';
import type { Components, JsonSchema } from './reference-schema.ts';

const origin = 'https://perch.example';
const components: Components = {};
const markup = (html: Html[]) => renderChildren(html);
/** The page's visible text, tags removed, for reading what a person sees. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('element', () => {
  it('escapes text and attribute values, so the document cannot add markup to the page', () => {
    const html = element('p', { title: 'a "quoted" <b>' }, '<script>alert(1)</script> & more');
    expect(html.markup).toBe(
      '<p title="a &quot;quoted&quot; &lt;b&gt;">&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</p>',
    );
  });

  it('leaves out null and undefined children and flattens lists', () => {
    expect(element('ul', {}, [element('li', {}, 'a'), null, [undefined, element('li', {}, 'b')]]).markup).toBe(
      '<ul><li>a</li><li>b</li></ul>',
    );
  });

  it('shows `backticks` in prose as code', () => {
    expect(prose('p', 'Send `deskId` and `date`.').markup).toBe(
      '<p>Send <code>deskId</code> and <code>date</code>.</p>',
    );
  });
});

describe('curlLine', () => {
  const login: Operation = {
    requestBody: {
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: { email: { type: 'string', format: 'email' }, password: { type: 'string', minLength: 8 } },
            required: ['email', 'password'],
          },
        },
      },
    },
  };

  it.each<[string, string, 'get' | 'post' | 'delete', Operation, string]>([
    ['a read with the cookie', '/api/user', 'get', {}, "curl -b cookies.txt 'https://perch.example/api/user'"],
    [
      'a removal',
      '/api/bookings/{id}',
      'delete',
      {},
      "curl -X DELETE -b cookies.txt 'https://perch.example/api/bookings/{id}'",
    ],
    [
      'sign-in, which stores the cookie',
      '/api/login',
      'post',
      login,
      "curl -X POST -c cookies.txt 'https://perch.example/api/login' -H 'content-type: application/json' " +
        '-d \'{"email":"ann@example.com","password":"xxxxxxxx"}\'',
    ],
    [
      'a stream, unbuffered',
      '/api/events',
      'get',
      { responses: { 200: { content: { 'text/event-stream': {} } } } },
      "curl -N -b cookies.txt 'https://perch.example/api/events'",
    ],
    [
      'the required query parameters only',
      '/api/availability',
      'get',
      {
        parameters: [
          { name: 'date', in: 'query', required: true, schema: { type: 'string', format: 'date' } },
          { name: 'slot', in: 'query', schema: { type: 'string' } },
        ],
      },
      "curl -b cookies.txt 'https://perch.example/api/availability?date=2030-01-31'",
    ],
  ])('writes %s', (_case, path, method, operation, expected) => {
    expect(curlLine(origin, path, method, operation, components)).toBe(expected);
  });

  it('quotes a single quote for the shell', () => {
    const operation: Operation = {
      requestBody: { content: { 'application/json': { schema: { const: "it's" } } } },
    };
    expect(curlLine(origin, '/api/x', 'post', operation, components)).toContain(`-d '"it'\\''s"'`);
  });
});

describe('describeResponse', () => {
  it.each([
    ['201', 'Default Response', 'Created'],
    ['204', undefined, 'No content'],
    ['418', 'Default Response', ''],
    ['200', 'The booking.', 'The booking.'],
  ])('describes %s "%s" as "%s"', (status, description, expected) => {
    expect(describeResponse(status, description)).toBe(expected);
  });
});

describe('renderShape and fieldTable', () => {
  const shapeText = (schema: JsonSchema, inRequest = false) =>
    textOf(markup(renderShape('Response 200', schema, components, inRequest)));

  it.each<[string, JsonSchema, string]>([
    ['an empty object', { type: 'object', properties: {} }, 'An empty object.'],
    ['a nullable empty object', { anyOf: [{ type: 'object' }, { type: 'null' }] }, 'An empty object (or null).'],
    ['a list of plain values', { type: 'array', items: { type: 'string' } }, 'A list of string values.'],
    [
      'a plain value with its limits and description',
      { type: 'string', maxLength: 10, description: 'A name.' },
      'A string (at most 10 characters). A name.',
    ],
  ])('says %s in a sentence', (_case, schema, expected) => {
    expect(shapeText(schema)).toBe(expected);
  });

  it('shows a list of objects as a sentence and a table of each item', () => {
    const schema: JsonSchema = {
      type: 'array',
      maxItems: 50,
      items: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    };
    const html = markup(renderShape('Response 200', schema, components, false));
    expect(html).toContain('<p class="shape">A list (at most 50 items); each item:</p>');
    expect(html).toContain('<caption>Response 200: each item</caption>');
    expect(textOf(html)).toContain('id string required');
  });

  it('shows each alternative of a union in turn, captioned', () => {
    const schema: JsonSchema = {
      oneOf: [
        { type: 'object', properties: { a: { type: 'string' } } },
        { type: 'object', properties: { b: { type: 'integer' } } },
      ],
    };
    const html = markup(renderShape('Request body', schema, components, true));
    expect(textOf(html)).toMatch(/^Either: .* a string optional .*Or: .* b integer optional/);
    expect(html).toContain('<caption>Request body, alternative 2 of 2</caption>');
  });

  it('puts constraints and description in the last column, and the In column in parameter tables only', () => {
    const row = {
      name: 'floorId',
      in: 'path',
      type: 'string',
      required: true,
      constraints: 'not empty',
      description: 'The floor.',
    };
    const parameters = fieldTable('Parameters', [row], ['Name', 'In', 'Type', 'Required', 'Constraints']);
    expect(parameters.markup).toContain('<table class="parameters">');
    expect(parameters.markup).toContain(
      '<tr><td><code>floorId</code></td><td>path</td><td>string</td><td>required</td><td>not empty. The floor.</td></tr>',
    );
    expect(fieldTable('Fields', [row]).markup).toContain(
      '<tr><td><code>floorId</code></td><td>string</td><td>required</td><td>not empty. The floor.</td></tr>',
    );
  });
});

describe('renderOperation', () => {
  const book: Operation = {
    tags: ['Bookings'],
    summary: 'Book a desk for a date and time slot.',
    description: 'Send `deskId`.',
    parameters: [
      { name: 'orgId', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'x-trace', in: 'header', schema: { type: 'string' } },
    ],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: { deskId: { type: 'string', minLength: 1, maxLength: 100 } },
            required: ['deskId'],
            additionalProperties: false,
          },
        },
      },
    },
    responses: {
      201: { description: 'Default Response', content: { 'application/json': { schema: { type: 'object' } } } },
      '4XX': { description: 'An error.', content: { 'application/json': { schema: { type: 'object' } } } },
    },
  };
  const html = renderOperation(origin, '/api/organizations/{orgId}/bookings', 'post', book, components).markup;

  it('is a closed <details> whose summary names the method, the path and the summary', () => {
    expect(operationId('/api/organizations/{orgId}/bookings', 'post')).toBe('post--api-organizations-orgId-bookings');
    expect(html).toMatch(
      /^<details id="post--api-organizations-orgId-bookings"><summary><span class="method post">POST<\/span><code class="path">\/api\/organizations\/\{orgId\}\/bookings<\/code><span class="summary">Book a desk for a date and time slot\.<\/span><\/summary>/,
    );
  });

  it('shows the description, the parameters (not headers), the body, the answers and an example in that order', () => {
    expect(textOf(html)).toMatch(
      /Send deskId \. Parameters.* orgId path string required.* Request body \(application\/json\).* deskId string required 1–100 characters.* Responses 201 Created application\/json An empty object\. 4xx An error\. application\/json An empty object\. Example curl -X POST/,
    );
    expect(html).not.toContain('x-trace');
    expect(html).toContain('<span class="code s4">4xx</span>');
  });

  it('says an optional request body is optional', () => {
    const optional = { ...book, requestBody: { ...book.requestBody, required: false } };
    expect(renderOperation(origin, '/api/x', 'post', optional, components).markup).toContain(
      '<h3>Request body (application/json, optional)</h3>',
    );
  });
});

describe('renderReferencePage', () => {
  const document: ReferenceDocument = {
    openapi: '3.1.0',
    info: { version: '1.2.3', description: 'Hot-desk booking.' },
    tags: [
      { name: 'Accounts', description: 'Sign-in.' },
      { name: 'Empty', description: 'No operations here.' },
      { name: 'Bookings' },
    ],
    paths: {
      '/api/bookings': { get: { tags: ['Bookings'], summary: 'Your bookings.' }, post: { tags: ['Bookings'] } },
      '/api/login': { post: { tags: ['Accounts'] } },
      '/api/other': { get: {} },
    },
  };
  const page = renderReferencePage(document, origin);

  it('is a whole page with its style sheet and no script', () => {
    expect(page).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(page).toContain('<link rel="stylesheet" href="/api/docs/reference.css">');
    expect(page).not.toContain('<script');
  });

  it('groups operations by their first tag in the document’s order, leaves out empty groups, and adds Other', () => {
    expect([...page.matchAll(/<h2 id="([^"]+)">/g)].map(([, id]) => id)).toEqual([
      'group-accounts',
      'group-bookings',
      'group-other',
    ]);
    expect(page).toContain(
      '<nav aria-label="Groups"><ul><li><a href="#group-accounts">Accounts<span class="count"> 1</span></a></li>' +
        '<li><a href="#group-bookings">Bookings<span class="count"> 2</span></a></li>' +
        '<li><a href="#group-other">Other<span class="count"> 1</span></a></li></ul></nav>',
    );
    expect(page).toContain(
      '<section aria-labelledby="group-accounts"><h2 id="group-accounts">Accounts</h2><p>Sign-in.</p>',
    );
  });

  it('names the version and links the document', () => {
    expect(textOf(page)).toContain('Hot-desk booking. Version 1.2.3, OpenAPI 3.1.0. The document: /api/openapi.json .');
  });
});
