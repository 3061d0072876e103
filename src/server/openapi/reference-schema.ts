/**
 * How the API reference reads a JSON Schema (as fastify-type-provider-zod writes it into the OpenAPI document):
 * its type in words, its limits in words, its fields as rows, and a value it accepts. Pure functions.
 */

/** The parts of a JSON Schema the reference shows. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** The document's named schemas (`components.schemas`), which `$ref`s point to. */
export type Components = Record<string, JsonSchema>;

/** One row of a field or parameter table. */
export interface FieldRow {
  name: string;
  /** Where a parameter goes (path, query): parameters only. */
  in?: string;
  type: string;
  required: boolean;
  constraints: string;
  description: string;
}

/** The schema a `$ref` points to (followed until it is not one); an absent schema accepts anything. */
export function resolveSchema(schema: JsonSchema | undefined, components: Components): JsonSchema {
  if (schema?.$ref) return resolveSchema(components[schema.$ref.split('/').pop() ?? ''], components);
  return schema ?? {};
}

/** A schema that is `X | null` answers X and nullable; anything else answers itself. */
export function unwrapNullable(
  schema: JsonSchema | undefined,
  components: Components,
): { schema: JsonSchema; nullable: boolean } {
  const resolved = resolveSchema(schema, components);
  const variants = resolved.anyOf ?? resolved.oneOf;
  if (variants) {
    const others = variants.filter((variant) => resolveSchema(variant, components).type !== 'null');
    if (others.length === 1 && others.length < variants.length) {
      return { schema: resolveSchema(others[0], components), nullable: true };
    }
  }
  if (Array.isArray(resolved.type) && resolved.type.includes('null')) {
    const types = resolved.type.filter((type) => type !== 'null');
    return { schema: { ...resolved, type: types.length === 1 ? types[0] : types }, nullable: true };
  }
  return { schema: resolved, nullable: false };
}

export const isObjectSchema = (schema: JsonSchema): boolean =>
  schema.type === 'object' || schema.properties !== undefined;

/** The type in words: `string`, `array of objects`, `string or integer`, `constant`. */
export function typeName(schema: JsonSchema, components: Components): string {
  if (schema.const !== undefined) return 'constant';
  if (schema.enum) return typeof schema.enum[0] === 'number' ? 'number' : 'string';
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    return variants.map((variant) => typeName(unwrapNullable(variant, components).schema, components)).join(' or ');
  }
  if (schema.type === 'array') {
    const item = unwrapNullable(schema.items, components).schema;
    return `array of ${isObjectSchema(item) ? 'objects' : `${typeName(item, components)}s`}`;
  }
  if (isObjectSchema(schema)) return 'object';
  if (Array.isArray(schema.type)) return schema.type.join(' or ');
  return schema.type ?? 'any';
}

function lengthLimits(schema: JsonSchema): string | undefined {
  const { minLength, maxLength } = schema;
  if (minLength === 1 && maxLength === undefined) return 'not empty';
  if (minLength !== undefined && maxLength !== undefined) return `${minLength}–${maxLength} characters`;
  if (minLength !== undefined) return `at least ${minLength} characters`;
  if (maxLength !== undefined) return `at most ${maxLength} characters`;
  return undefined;
}

/**
 * The limits in words, joined by semicolons. zod writes the safe-integer range for every integer: those bounds
 * say nothing and are left out. `no other fields` is said of requests only (answers never carry extra fields).
 */
export function constraintsOf(schema: JsonSchema, inRequest = true): string {
  const notes: (string | undefined | false)[] = [
    schema.const !== undefined && `always ${JSON.stringify(schema.const)}`,
    schema.enum && `one of ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`,
    schema.format && `format ${schema.format}`,
    lengthLimits(schema),
    schema.minimum !== undefined && schema.minimum > Number.MIN_SAFE_INTEGER && `≥ ${schema.minimum}`,
    schema.exclusiveMinimum !== undefined && `> ${schema.exclusiveMinimum}`,
    schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER && `≤ ${schema.maximum}`,
    schema.exclusiveMaximum !== undefined && `< ${schema.exclusiveMaximum}`,
    schema.minItems !== undefined && `at least ${schema.minItems} items`,
    schema.maxItems !== undefined && `at most ${schema.maxItems} items`,
    schema.pattern && `matches ${schema.pattern}`,
    schema.default !== undefined && `default ${JSON.stringify(schema.default)}`,
    schema.additionalProperties === false && inRequest && 'no other fields',
  ];
  return notes.filter(Boolean).join('; ');
}

const deepestNesting = 6;

/**
 * The fields of an object schema as rows: nested objects and arrays of objects as dotted names
 * (`desk.floor.name`, `bookings[].id`), a map's values as `<any key>`.
 */
export function fieldRows(
  schema: JsonSchema,
  components: Components,
  inRequest: boolean,
  prefix = '',
  depth = 0,
): FieldRow[] {
  if (depth > deepestNesting) return [];
  const rows: FieldRow[] = [];
  const required = new Set(schema.required ?? []);
  for (const [name, raw] of Object.entries(schema.properties ?? {})) {
    const { schema: property, nullable } = unwrapNullable(raw, components);
    const path = `${prefix}${name}`;
    rows.push({
      name: path,
      type: `${typeName(property, components)}${nullable ? ' or null' : ''}`,
      required: required.has(name),
      constraints: constraintsOf(property, inRequest),
      description: property.description ?? raw.description ?? '',
    });
    if (isObjectSchema(property)) rows.push(...fieldRows(property, components, inRequest, `${path}.`, depth + 1));
    if (property.type === 'array') {
      const item = unwrapNullable(property.items, components).schema;
      if (isObjectSchema(item)) rows.push(...fieldRows(item, components, inRequest, `${path}[].`, depth + 1));
    }
  }
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    const value = unwrapNullable(schema.additionalProperties, components).schema;
    rows.push({
      name: `${prefix}<any key>`,
      type: typeName(value, components),
      required: false,
      constraints: constraintsOf(value, inRequest),
      description: '',
    });
  }
  return rows;
}

const deepestExample = 5;

const isDatePattern = (pattern: string | undefined) => pattern?.includes('\\d{4}-') === true;

/** A value the schema accepts (required fields only), for the example request. */
export function exampleOf(raw: JsonSchema | undefined, components: Components, depth = 0): unknown {
  const { schema } = unwrapNullable(raw, components);
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return exampleOf(variants[0], components, depth);
  if (depth > deepestExample) return null;
  if (schema.type === 'array') return [exampleOf(schema.items, components, depth + 1)];
  if (isObjectSchema(schema)) {
    const required = new Set(schema.required ?? []);
    const entries = Object.entries(schema.properties ?? {}).filter(([name]) => required.has(name));
    return Object.fromEntries(entries.map(([name, property]) => [name, exampleOf(property, components, depth + 1)]));
  }
  if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? 1;
  if (schema.type === 'boolean') return false;
  if (schema.format === 'email') return 'ann@example.com';
  if (schema.format === 'date' || isDatePattern(schema.pattern)) return '2030-01-31';
  if (schema.format === 'date-time') return '2030-01-31T09:00:00.000Z';
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  return schema.minLength && schema.minLength > 3 ? 'x'.repeat(schema.minLength) : '…';
}
