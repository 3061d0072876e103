import { describe, expect, it } from 'vitest';
import {
  type Components,
  constraintsOf,
  exampleOf,
  fieldRows,
  type JsonSchema,
  typeName,
  unwrapNullable,
} from './reference-schema.ts';

const components: Components = {
  Floor: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  Alias: { $ref: '#/components/schemas/Floor' },
};
const safeInteger = { type: 'integer', minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };

describe('unwrapNullable', () => {
  it.each<[string, JsonSchema, JsonSchema, boolean]>([
    ['a plain string', { type: 'string' }, { type: 'string' }, false],
    ['X | null written as anyOf', { anyOf: [{ type: 'string' }, { type: 'null' }] }, { type: 'string' }, true],
    ['X | null written as oneOf', { oneOf: [{ type: 'null' }, { type: 'integer' }] }, { type: 'integer' }, true],
    ['a type list with null', { type: ['string', 'null'] }, { type: 'string' }, true],
    [
      'a union of two types and null, kept as a union',
      { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] },
      { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] },
      false,
    ],
    ['a reference, followed through another', { $ref: '#/components/schemas/Alias' }, components.Floor!, false],
  ])('reads %s', (_case, schema, expected, nullable) => {
    expect(unwrapNullable(schema, components)).toEqual({ schema: expected, nullable });
  });

  it('answers an empty schema, which accepts anything, for an absent one', () => {
    expect(unwrapNullable(undefined, components)).toEqual({ schema: {}, nullable: false });
  });
});

describe('typeName', () => {
  it.each<[JsonSchema, string]>([
    [{ type: 'string' }, 'string'],
    [{ type: 'integer' }, 'integer'],
    [{}, 'any'],
    [{ const: 'morning' }, 'constant'],
    [{ enum: ['member', 'admin'] }, 'string'],
    [{ enum: [1, 2] }, 'number'],
    [{ type: 'object', properties: {} }, 'object'],
    [{ properties: { id: { type: 'string' } } }, 'object'],
    [{ type: 'array', items: { type: 'string' } }, 'array of strings'],
    [{ type: 'array', items: { $ref: '#/components/schemas/Floor' } }, 'array of objects'],
    [{ anyOf: [{ type: 'string' }, { type: 'integer' }] }, 'string or integer'],
    [{ type: ['string', 'number'] }, 'string or number'],
  ])('calls %j %s', (schema, expected) => {
    expect(typeName(schema, components)).toBe(expected);
  });
});

describe('constraintsOf', () => {
  it.each<[JsonSchema, string]>([
    [{ type: 'string' }, ''],
    [{ type: 'string', minLength: 1 }, 'not empty'],
    [{ type: 'string', minLength: 1, maxLength: 100 }, '1–100 characters'],
    [{ type: 'string', minLength: 8 }, 'at least 8 characters'],
    [{ type: 'string', maxLength: 200 }, 'at most 200 characters'],
    [{ type: 'string', format: 'email' }, 'format email'],
    [{ type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }, 'matches ^\\d{4}-\\d{2}-\\d{2}$'],
    [{ const: 'full' }, 'always "full"'],
    [{ enum: ['morning', 'afternoon'] }, 'one of "morning", "afternoon"'],
    [safeInteger, ''],
    [{ ...safeInteger, minimum: 1 }, '≥ 1'],
    [{ type: 'number', minimum: 0.5, maximum: 3 }, '≥ 0.5; ≤ 3'],
    [{ type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 }, '> 0; < 1'],
    [{ type: 'array', minItems: 1, maxItems: 50 }, 'at least 1 items; at most 50 items'],
    [{ type: 'boolean', default: false }, 'default false'],
  ])('says %j as "%s"', (schema, expected) => {
    expect(constraintsOf(schema)).toBe(expected);
  });

  it('says "no other fields" of a closed object in a request, not in an answer', () => {
    const closed: JsonSchema = { type: 'object', additionalProperties: false };
    expect(constraintsOf(closed, true)).toBe('no other fields');
    expect(constraintsOf(closed, false)).toBe('');
  });
});

describe('fieldRows', () => {
  it('lists fields with their type, whether they are required, their limits and description', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        email: { type: 'string', format: 'email', description: 'Where mail goes.' },
        note: { anyOf: [{ type: 'string', maxLength: 200 }, { type: 'null' }] },
      },
      required: ['email'],
    };
    expect(fieldRows(schema, components, true)).toEqual([
      { name: 'email', type: 'string', required: true, constraints: 'format email', description: 'Where mail goes.' },
      { name: 'note', type: 'string or null', required: false, constraints: 'at most 200 characters', description: '' },
    ]);
  });

  it('names nested fields with dots, the items of lists with [], and the values of a map as <any key>', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        desk: { type: 'object', properties: { floor: { $ref: '#/components/schemas/Floor' } } },
        bookings: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } },
        counts: { type: 'object', additionalProperties: { type: 'integer' } },
      },
    };
    expect(fieldRows(schema, components, false).map((row) => `${row.name}: ${row.type}`)).toEqual([
      'desk: object',
      'desk.floor: object',
      'desk.floor.name: string',
      'bookings: array of objects',
      'bookings[].id: string',
      'counts: object',
      'counts.<any key>: integer',
    ]);
  });

  it('stops at six levels of nesting, so a schema that contains itself ends', () => {
    const looping: Components = {
      Node: { type: 'object', properties: { child: { $ref: '#/components/schemas/Node' } } },
    };
    const rows = fieldRows(looping.Node!, looping, false);
    expect(rows.at(-1)?.name).toBe('child.child.child.child.child.child.child');
  });
});

describe('exampleOf', () => {
  it.each<[string, JsonSchema, unknown]>([
    ['the default', { type: 'string', default: 'morning' }, 'morning'],
    ['the constant', { const: 'full' }, 'full'],
    ['the first allowed value', { enum: ['member', 'admin'] }, 'member'],
    ['the first alternative', { anyOf: [{ type: 'boolean' }, { type: 'string' }] }, false],
    ['the minimum of a number', { type: 'integer', minimum: 50 }, 50],
    ['1 for a number without one', { type: 'number' }, 1],
    ['an e-mail address', { type: 'string', format: 'email' }, 'ann@example.com'],
    ['a date', { type: 'string', format: 'date' }, '2030-01-31'],
    ['a date for a date pattern', { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }, '2030-01-31'],
    ['a moment', { type: 'string', format: 'date-time' }, '2030-01-31T09:00:00.000Z'],
    ['a uuid', { type: 'string', format: 'uuid' }, '00000000-0000-4000-8000-000000000000'],
    ['a long enough string', { type: 'string', minLength: 8 }, 'xxxxxxxx'],
    ['an ellipsis for any other string', { type: 'string' }, '…'],
    ['a list of one example item', { type: 'array', items: { type: 'boolean' } }, [false]],
  ])('gives %s', (_case, schema, expected) => {
    expect(exampleOf(schema, components)).toEqual(expected);
  });

  it('fills the required fields of an object only', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { email: { type: 'string', format: 'email' }, name: { type: 'string' } },
      required: ['email'],
    };
    expect(exampleOf(schema, components)).toEqual({ email: 'ann@example.com' });
  });
});
