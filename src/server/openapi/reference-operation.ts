import { type Child, element, type Html, prose } from './reference-html.ts';
import {
  type Components,
  constraintsOf,
  exampleOf,
  type FieldRow,
  fieldRows,
  isObjectSchema,
  type JsonSchema,
  typeName,
  unwrapNullable,
} from './reference-schema.ts';

/** The parts of an OpenAPI 3.1 operation the reference shows. */
export interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
}

export const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type Method = (typeof methods)[number];

const fieldColumns = ['Field', 'Type', 'Required', 'Constraints'];
const parameterColumns = ['Name', 'In', 'Type', 'Required', 'Constraints'];

/** A table of fields (or of parameters, with their In column), named by its caption. */
export function fieldTable(caption: string, rows: FieldRow[], columns = fieldColumns): Html {
  const hasIn = columns.includes('In');
  const head = element(
    'tr',
    {},
    columns.map((column) => element('th', { scope: 'col' }, column)),
  );
  const body = rows.map((row) =>
    element(
      'tr',
      {},
      element('td', {}, element('code', {}, row.name)),
      hasIn ? element('td', {}, row.in ?? '') : null,
      element('td', {}, row.type),
      element('td', {}, row.required ? 'required' : 'optional'),
      element('td', {}, [row.constraints, row.description].filter(Boolean).join('. ')),
    ),
  );
  return element(
    'div',
    { class: 'table' },
    element(
      'table',
      { class: hasIn ? 'parameters' : 'fields' },
      element('caption', {}, caption),
      element('thead', {}, head),
      element('tbody', {}, body),
    ),
  );
}

const shape = (text: string) => element('p', { class: 'shape' }, text);

/** One body's shape: a field table, a note for a list or a plain value, or each alternative in turn. */
export function renderShape(
  caption: string,
  raw: JsonSchema | undefined,
  components: Components,
  inRequest: boolean,
): Html[] {
  const { schema, nullable } = unwrapNullable(raw, components);
  const orNull = nullable ? ' (or null)' : '';
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    return variants.flatMap((variant, index) => [
      shape(index === 0 ? 'Either:' : 'Or:'),
      ...renderShape(`${caption}, alternative ${index + 1} of ${variants.length}`, variant, components, inRequest),
    ]);
  }
  if (schema.type === 'array') {
    const item = unwrapNullable(schema.items, components).schema;
    if (isObjectSchema(item) && Object.keys(item.properties ?? {}).length > 0) {
      const limits = constraintsOf(schema);
      return [
        shape(`A list${orNull}${limits ? ` (${limits})` : ''}; each item:`),
        fieldTable(`${caption}: each item`, fieldRows(item, components, inRequest)),
      ];
    }
    return [shape(`A list of ${typeName(item, components)} values${orNull}.`)];
  }
  if (isObjectSchema(schema) && (Object.keys(schema.properties ?? {}).length > 0 || schema.additionalProperties)) {
    return [fieldTable(caption, fieldRows(schema, components, inRequest))];
  }
  if (isObjectSchema(schema)) return [shape(`An empty object${orNull}.`)];
  const limits = constraintsOf(schema);
  const note = schema.description ? ` ${schema.description}` : '';
  return [shape(`A ${typeName(schema, components)}${orNull}${limits ? ` (${limits})` : ''}.${note}`)];
}

const shellQuote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

/**
 * A curl command that calls the operation from a shell: the session cookie from cookies.txt (which POST
 * /api/login fills), the required query parameters and the required body fields with example values.
 */
export function curlLine(
  origin: string,
  path: string,
  method: Method,
  operation: Operation,
  components: Components,
): string {
  const parts = ['curl'];
  if (method !== 'get') parts.push('-X', method.toUpperCase());
  if ('text/event-stream' in (operation.responses?.['200']?.content ?? {})) parts.push('-N');
  parts.push(path === '/api/login' && method === 'post' ? '-c cookies.txt' : '-b cookies.txt');
  const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query' && parameter.required);
  const search = query.map(
    (parameter) => `${parameter.name}=${encodeURIComponent(String(exampleOf(parameter.schema, components)))}`,
  );
  parts.push(shellQuote(`${origin}${path}${search.length > 0 ? `?${search.join('&')}` : ''}`));
  const json = operation.requestBody?.content?.['application/json'];
  if (json) {
    parts.push('-H', shellQuote('content-type: application/json'));
    parts.push('-d', shellQuote(JSON.stringify(exampleOf(json.schema, components))));
  }
  return parts.join(' ');
}

const statusTexts: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  302: 'Found: a redirect',
  303: 'See other: a redirect',
  304: 'Not modified',
  503: 'Service unavailable',
};

/** Fastify's placeholder description gives way to the status's meaning. */
export const describeResponse = (status: string, description: string | undefined): string =>
  !description || description === 'Default Response' ? (statusTexts[status] ?? '') : description;

/** The anchor of an operation: `post-api-bookings`. */
export const operationId = (path: string, method: Method): string =>
  `${method}-${path.replace(/[^\w]+/g, '-')}`.replace(/-+$/, '');

function parameterTable(operation: Operation, components: Components): Html[] {
  const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in !== 'header');
  if (parameters.length === 0) return [];
  const rows = parameters.map((parameter): FieldRow => {
    const { schema, nullable } = unwrapNullable(parameter.schema, components);
    return {
      name: parameter.name,
      in: parameter.in,
      type: `${typeName(schema, components)}${nullable ? ' or null' : ''}`,
      required: parameter.required === true,
      constraints: constraintsOf(schema),
      description: parameter.description ?? '',
    };
  });
  return [element('h3', {}, 'Parameters'), fieldTable('Parameters', rows, parameterColumns)];
}

function responseSections(operation: Operation, components: Components): Html[] {
  const sections = [element('h3', {}, 'Responses')];
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    const [type, media] = Object.entries(response.content ?? {})[0] ?? [];
    const label = status === '4XX' ? '4xx' : status;
    sections.push(
      element(
        'p',
        { class: 'status' },
        element('span', { class: `code s${status[0]}` }, label),
        ` ${describeResponse(status, response.description)}`,
        type ? element('span', { class: 'media' }, ` ${type}`) : null,
      ),
    );
    if (media) sections.push(...renderShape(`Response ${label}`, media.schema, components, false));
  }
  return sections;
}

/** One operation as a <details> element: its summary line, opened to parameters, bodies, answers and a curl line. */
export function renderOperation(
  origin: string,
  path: string,
  method: Method,
  operation: Operation,
  components: Components,
): Html {
  const requestBodies = Object.entries(operation.requestBody?.content ?? {}).flatMap(([type, media]) => [
    element('h3', {}, `Request body (${type}${operation.requestBody?.required ? '' : ', optional'})`),
    ...renderShape('Request body', media.schema, components, true),
  ]);
  const sections: Child[] = [
    operation.description ? prose('p', operation.description) : null,
    parameterTable(operation, components),
    requestBodies,
    responseSections(operation, components),
    element('h3', {}, 'Example'),
    element('pre', {}, element('code', {}, curlLine(origin, path, method, operation, components))),
  ];
  const summary = element(
    'summary',
    {},
    element('span', { class: `method ${method}` }, method.toUpperCase()),
    element('code', { class: 'path' }, path),
    element('span', { class: 'summary' }, operation.summary ?? ''),
  );
  return element('details', { id: operationId(path, method) }, summary, element('div', { class: 'body' }, sections));
}
