import fc from 'fast-check';

/** A JSON schema as @fastify/swagger writes it into the OpenAPI document. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
}

export interface Operation {
  method: string;
  /** The path with {name} placeholders, as in the document. */
  path: string;
  pathParameters: string[];
  query: JsonSchema | undefined;
  body: JsonSchema | undefined;
}

const methods = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of the document, with the schemas of its path, query and JSON body. */
export function operationsOf(document: any): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries<any>(document.paths)) {
    for (const method of methods) {
      const operation = item[method];
      if (!operation) continue;
      const parameters: Array<{ in: string; name: string; required?: boolean; schema: JsonSchema }> =
        operation.parameters ?? [];
      const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParameters: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
        query:
          queryParameters.length > 0
            ? {
                type: 'object',
                properties: Object.fromEntries(queryParameters.map((parameter) => [parameter.name, parameter.schema])),
                required: queryParameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
              }
            : undefined,
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

// Values chosen because they break parsers, databases and date arithmetic.
const edgeStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'null',
  'undefined',
  'true',
  '-1',
  '0',
  '1e309',
  'NaN',
  'Infinity',
  '2024-02-30',
  '2024-13-01',
  '0000-00-00',
  '1899-12-31',
  '9999-12-31',
  '2024-1-1',
  '+275760-09-13',
  '2024-02-29T25:61:00Z',
  'not-a-date',
  '../../etc/passwd',
  '%00',
  "' OR '1'='1' --",
  '"); DROP TABLE users; --',
  '<script>alert(1)</script>',
  '<svg onload=alert(1)>',
  '\u202eevil',
  '\ud800',
  '\udfff\ud800',
  '🪑'.repeat(300),
  'é'.repeat(5000),
  '__proto__',
  'constructor',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '{{7*7}}',
  '$' + '{7*7}',
];
const edgeNumbers = [
  -1,
  0,
  -0,
  0.5,
  1.5,
  -1e308,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MIN_SAFE_INTEGER - 2,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 63,
  Number.EPSILON,
  1e-320,
];

/** A string a client should never send: edges, random unicode (lone surrogates too), very long ones. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...edgeStrings) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 200, maxLength: 3000 }) },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(10_001), 'é'.repeat(70_000)) },
);

/** Any JSON value of the wrong kind: numbers at the edges, booleans, null, arrays, objects, hostile strings. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(...edgeNumbers) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(true, false, null, [], {}, [null], [[]], { __proto__: null }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** A date a booking form could send, or one it should not. */
const dateString = fc.oneof(
  fc
    .integer({ min: -400, max: 400 })
    .map((days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)),
  fc.constantFrom('2024-02-30', '1900-01-01', '9999-12-31', '2026-02-29', '0001-01-01'),
);

export interface Hints {
  /** Ids a tenant owns, so that near-valid requests reach the services rather than stopping at validation. */
  ids: string[];
  emails: string[];
}

/** A value that satisfies the schema, or nearly: what a real client sends, to reach deep into the services. */
export function plausibleValue(
  schema: JsonSchema | undefined,
  hints: Hints,
  name = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return hostileValue;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((variant) => plausibleValue(variant, hints, name, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((item) => item !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      if (/date/i.test(name)) return dateString;
      if (/email/i.test(name) || schema.format === 'email') {
        return fc.oneof(fc.constantFrom(...hints.emails), fc.emailAddress());
      }
      if (/id$/i.test(name) || /token/i.test(name)) return fc.oneof(fc.constantFrom(...hints.ids), fc.uuid());
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) });
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(plausibleValue(schema.items, hints, name, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      return fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([key, property]) => [key, plausibleValue(property, hints, key, depth + 1)]),
        ),
        { requiredKeys: (schema.required ?? []).filter((key) => key in properties) },
      );
    }
    default:
      return hostileValue;
  }
}

/** A near-valid object broken in one way: a required field gone, a field of the wrong kind, or an extra one. */
export function brokenObject(schema: JsonSchema | undefined, hints: Hints): fc.Arbitrary<unknown> {
  const keys = Object.keys(schema?.properties ?? {});
  const base = plausibleValue(schema, hints);
  if (keys.length === 0) return fc.tuple(base, hostileValue).map(([, value]) => ({ unexpected: value }));
  return fc
    .tuple(base, fc.constantFrom(...keys), hostileValue, fc.constantFrom('drop', 'swap', 'extra'))
    .map(([value, key, hostile, how]) => {
      const copy: Record<string, unknown> = value && typeof value === 'object' ? { ...(value as object) } : {};
      if (how === 'drop') delete copy[key];
      else if (how === 'swap') copy[key] = hostile;
      else copy[`${key}Extra`] = hostile;
      return copy;
    });
}
