import fc from 'fast-check';
import {
  brokenObject,
  type Hints,
  hostileString,
  hostileValue,
  type Operation,
  plausibleValue,
} from './openapi-arbitraries.ts';

export type Caller = 'admin' | 'member' | 'stranger' | 'none';

export interface FuzzRequest {
  operation: string;
  caller: Caller;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload: string | undefined;
  /** How the request was made wrong, for the report and for a failure's message. */
  mode: string;
}

const jsonType = 'application/json';
const wrongTypes = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'image/svg+xml',
  'application/json; charset=utf-7',
  'application/jsonx',
];
// Segments sent as they are, not encoded: what a hand-written or hostile client puts in a path.
const rawSegments = ['%', '%zz', '%00', '..', '.', '%2e%2e%2f', '%ff%fe', ';', '%0a', '%20', '-1', '1e999'];

/** Percent-encodes; a lone surrogate becomes the bytes of an invalid UTF-8 sequence, which is what such a client sends. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value].map((char) => (/[\ud800-\udfff]/.test(char) ? '%ED%A0%80' : encodeURIComponent(char))).join('');
  }
}

function pathParameter(hints: Hints): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...hints.ids) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 3, arbitrary: hostileString.filter((value) => value.length > 0).map(encode) },
    { weight: 1, arbitrary: fc.constantFrom(...rawSegments) },
  );
}

function queryString(value: unknown): string {
  if (!value || typeof value !== 'object') return `q=${encode(String(value))}`;
  const search = new URLSearchParams();
  for (const [key, item] of Object.entries(value)) {
    for (const part of Array.isArray(item) ? item : [item]) {
      search.append(key, typeof part === 'object' && part !== null ? JSON.stringify(part) : String(part));
    }
  }
  return search.toString();
}

function query(operation: Operation, hints: Hints): fc.Arbitrary<string> {
  const schema = operation.query;
  return fc.oneof(
    { weight: 3, arbitrary: plausibleValue(schema, hints).map(queryString) },
    { weight: 3, arbitrary: brokenObject(schema, hints).map(queryString) },
    { weight: 1, arbitrary: fc.constantFrom('', '%zz=1', 'a=%', 'startDate=2024-01-01&startDate=2024-01-02', '&&==') },
  );
}

interface Body {
  payload: string | undefined;
  contentType: string | undefined;
  mode: string;
}

function body(operation: Operation, hints: Hints): fc.Arbitrary<Body> {
  const schema = operation.body;
  const plausible = plausibleValue(schema, hints);
  const json = (mode: string) => (value: unknown) => ({ payload: JSON.stringify(value), contentType: jsonType, mode });
  const modes: Array<fc.WeightedArbitrary<Body>> = [
    { weight: 3, arbitrary: brokenObject(schema, hints).map(json('broken field')) },
    { weight: 2, arbitrary: hostileValue.map(json('wrong type')) },
    {
      weight: 1,
      arbitrary: fc.tuple(plausible, fc.nat()).map(([value, cut]) => {
        const text = JSON.stringify(value) ?? '{}';
        return { payload: text.slice(0, cut % Math.max(1, text.length)), contentType: jsonType, mode: 'truncated' };
      }),
    },
    { weight: 1, arbitrary: hostileString.map((text) => ({ payload: text, contentType: jsonType, mode: 'not JSON' })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(plausible, fc.constantFrom(...wrongTypes))
        .map(([value, type]) => ({ payload: JSON.stringify(value), contentType: type, mode: 'wrong content type' })),
    },
    { weight: 1, arbitrary: fc.constant({ payload: '', contentType: jsonType, mode: 'empty' }) },
    { weight: 1, arbitrary: fc.constant({ payload: undefined, contentType: undefined, mode: 'no body' }) },
    {
      weight: 1,
      arbitrary: plausible.map((value) => ({
        payload: JSON.stringify({ value, padding: 'x'.repeat(70_000) }),
        contentType: jsonType,
        mode: 'huge',
      })),
    },
  ];
  if (schema) modes.push({ weight: 3, arbitrary: plausible.map(json('plausible')) });
  else
    modes.push({ weight: 6, arbitrary: fc.constant({ payload: undefined, contentType: undefined, mode: 'no body' }) });
  return fc.oneof(...modes);
}

// Signing in, up or out replaces or ends the session the other requests use: those routes are fuzzed signed out.
// (The test checks at the end that the sessions survived, so a new route of that kind cannot go unnoticed.)
const sessionPaths = [
  '/api/logout',
  '/api/login',
  '/api/register',
  '/api/signup-with-invitation',
  '/api/verify-email/{token}',
];
const endsSession = (operation: Operation) => sessionPaths.includes(operation.path);

/** Requests for one operation, made wrong in every way the document lets us think of. */
export function requestsFor(operation: Operation, hints: Hints): fc.Arbitrary<FuzzRequest> {
  const callers: fc.Arbitrary<Caller> = endsSession(operation)
    ? fc.constant('none')
    : fc.oneof(
        { weight: 4, arbitrary: fc.constant<Caller>('admin') },
        { weight: 1, arbitrary: fc.constantFrom<Caller>('member', 'stranger', 'none') },
      );
  const parameters = fc.tuple(...operation.pathParameters.map(() => pathParameter(hints)));
  return fc
    .record({
      caller: callers,
      parameters,
      query: operation.query || operation.method === 'GET' ? query(operation, hints) : fc.constant(''),
      body: body(operation, hints),
      origin: fc.oneof(
        { weight: 9, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.constantFrom('http://evil.test', 'null', 'http://perch.test') },
      ),
    })
    .map(({ caller, parameters: values, query: search, body: sent, origin }) => {
      let index = 0;
      const path = operation.path.replace(/\{\w+\}/g, () => values[index++] ?? '');
      const headers: Record<string, string> = {};
      if (sent.contentType) headers['content-type'] = sent.contentType;
      if (origin) headers.origin = origin;
      return {
        operation: `${operation.method} ${operation.path}`,
        caller,
        method: operation.method,
        url: search ? `${path}?${search}` : path,
        headers,
        payload: sent.payload,
        mode: sent.mode,
      };
    });
}
