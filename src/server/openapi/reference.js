// Renders /api/openapi.json as a readable page. Served by Perch as a file: the page has no inline script, and
// it needs none: every operation is a <details> element, which opens and closes without script.
const methods = ['get', 'post', 'put', 'patch', 'delete'];

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  for (const child of children.flat()) if (child !== null && child !== undefined) node.append(child);
  return node;
}

/** Text with `backticks` shown as code. */
function prose(tag, text) {
  const node = element(tag);
  text.split(/(`[^`]+`)/).forEach((part, index) => {
    node.append(index % 2 === 1 ? element('code', {}, part.slice(1, -1)) : part);
  });
  return node;
}

const resolve = (schema, components) =>
  schema?.$ref ? resolve(components[schema.$ref.split('/').pop()], components) : (schema ?? {});

/** A schema that is `X | null` answers X and nullable; anything else answers itself. */
function unwrapNullable(schema, components) {
  const resolved = resolve(schema, components);
  const variants = resolved.anyOf ?? resolved.oneOf;
  if (variants) {
    const others = variants.filter((variant) => resolve(variant, components).type !== 'null');
    if (others.length === 1 && others.length < variants.length) {
      return { schema: resolve(others[0], components), nullable: true };
    }
  }
  if (Array.isArray(resolved.type) && resolved.type.includes('null')) {
    const types = resolved.type.filter((type) => type !== 'null');
    return { schema: { ...resolved, type: types.length === 1 ? types[0] : types }, nullable: true };
  }
  return { schema: resolved, nullable: false };
}

const isObject = (schema) => schema.type === 'object' || schema.properties !== undefined;

function typeName(schema, components) {
  if (schema.const !== undefined) return 'constant';
  if (schema.enum) return typeof schema.enum[0] === 'number' ? 'number' : 'string';
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants)
    return variants.map((variant) => typeName(unwrapNullable(variant, components).schema, components)).join(' or ');
  if (schema.type === 'array') {
    const item = unwrapNullable(schema.items, components).schema;
    return `array of ${isObject(item) ? 'objects' : `${typeName(item, components)}s`}`;
  }
  if (isObject(schema)) return 'object';
  if (Array.isArray(schema.type)) return schema.type.join(' or ');
  if (schema.type === 'integer') return 'integer';
  return schema.type ?? 'any';
}

function constraintsOf(schema, inRequest = true) {
  const notes = [];
  if (schema.const !== undefined) notes.push(`always ${JSON.stringify(schema.const)}`);
  if (schema.enum) notes.push(`one of ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`);
  if (schema.format) notes.push(`format ${schema.format}`);
  if (schema.minLength === 1 && schema.maxLength === undefined) notes.push('not empty');
  else if (schema.minLength !== undefined && schema.maxLength !== undefined) {
    notes.push(`${schema.minLength}–${schema.maxLength} characters`);
  } else if (schema.minLength !== undefined) notes.push(`at least ${schema.minLength} characters`);
  else if (schema.maxLength !== undefined) notes.push(`at most ${schema.maxLength} characters`);
  if (schema.minimum !== undefined && schema.minimum > Number.MIN_SAFE_INTEGER) notes.push(`≥ ${schema.minimum}`);
  if (schema.exclusiveMinimum !== undefined) notes.push(`> ${schema.exclusiveMinimum}`);
  if (schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER) notes.push(`≤ ${schema.maximum}`);
  if (schema.exclusiveMaximum !== undefined) notes.push(`< ${schema.exclusiveMaximum}`);
  if (schema.minItems !== undefined) notes.push(`at least ${schema.minItems} items`);
  if (schema.maxItems !== undefined) notes.push(`at most ${schema.maxItems} items`);
  if (schema.pattern) notes.push(`matches ${schema.pattern}`);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.additionalProperties === false && inRequest) notes.push('no other fields');
  return notes.join('; ');
}

/** The fields of a schema as rows: nested objects and arrays of objects as dotted names (`desk.floor.name`, `bookings[].id`). */
function fieldRows(schema, components, inRequest, prefix = '', depth = 0) {
  const rows = [];
  if (depth > 6) return rows;
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
    if (isObject(property)) rows.push(...fieldRows(property, components, inRequest, `${path}.`, depth + 1));
    if (property.type === 'array') {
      const item = unwrapNullable(property.items, components).schema;
      if (isObject(item)) rows.push(...fieldRows(item, components, inRequest, `${path}[].`, depth + 1));
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

function fieldTable(caption, rows, columns = ['Field', 'Type', 'Required', 'Constraints']) {
  const kind = columns.includes('In') ? 'parameters' : 'fields';
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
      columns.includes('In') ? element('td', {}, row.in) : null,
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
      { class: kind },
      element('caption', {}, caption),
      element('thead', {}, head),
      element('tbody', {}, body),
    ),
  );
}

/** One body's shape: a field table, a note for a list or a plain value, or each alternative in turn. */
function renderShape(caption, raw, components, inRequest) {
  const { schema, nullable } = unwrapNullable(raw, components);
  const orNull = nullable ? ' (or null)' : '';
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    return variants.flatMap((variant, index) => [
      element('p', { class: 'shape' }, index === 0 ? 'Either:' : 'Or:'),
      ...renderShape(`${caption}, alternative ${index + 1} of ${variants.length}`, variant, components, inRequest),
    ]);
  }
  if (schema.type === 'array') {
    const item = unwrapNullable(schema.items, components).schema;
    if (isObject(item) && Object.keys(item.properties ?? {}).length > 0) {
      const limits = constraintsOf(schema);
      return [
        element('p', { class: 'shape' }, `A list${orNull}${limits ? ` (${limits})` : ''}; each item:`),
        fieldTable(`${caption}: each item`, fieldRows(item, components, inRequest)),
      ];
    }
    return [element('p', { class: 'shape' }, `A list of ${typeName(item, components)} values${orNull}.`)];
  }
  if (isObject(schema) && (Object.keys(schema.properties ?? {}).length > 0 || schema.additionalProperties)) {
    return [fieldTable(caption, fieldRows(schema, components, inRequest))];
  }
  if (isObject(schema)) return [element('p', { class: 'shape' }, `An empty object${orNull}.`)];
  const limits = constraintsOf(schema);
  const note = schema.description ? ` ${schema.description}` : '';
  return [
    element(
      'p',
      { class: 'shape' },
      `A ${typeName(schema, components)}${orNull}${limits ? ` (${limits})` : ''}.${note}`,
    ),
  ];
}

/** An example value that the schema accepts, for the curl line. */
function exampleOf(raw, components, depth = 0) {
  const { schema } = unwrapNullable(raw, components);
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return exampleOf(variants[0], components, depth);
  if (depth > 5) return null;
  if (schema.type === 'array') return [exampleOf(schema.items, components, depth + 1)];
  if (isObject(schema)) {
    const required = new Set(schema.required ?? []);
    const entries = Object.entries(schema.properties ?? {}).filter(([name]) => required.has(name));
    return Object.fromEntries(entries.map(([name, property]) => [name, exampleOf(property, components, depth + 1)]));
  }
  if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? 1;
  if (schema.type === 'boolean') return false;
  if (schema.format === 'email') return 'ann@example.com';
  if (schema.format === 'date' || /\\d\{4\}-/.test(schema.pattern ?? '')) return '2030-01-31';
  if (schema.format === 'date-time') return '2030-01-31T09:00:00.000Z';
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  return schema.minLength && schema.minLength > 3 ? 'x'.repeat(schema.minLength) : '…';
}

const shellQuote = (text) => `'${text.replaceAll("'", "'\\''")}'`;

function curlLine(path, method, operation, components) {
  const parts = ['curl'];
  if (method !== 'get') parts.push('-X', method.toUpperCase());
  const media = operation.responses?.['200']?.content ?? {};
  if ('text/event-stream' in media) parts.push('-N');
  parts.push(path === '/api/login' && method === 'post' ? '-c cookies.txt' : '-b cookies.txt');
  const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query' && parameter.required);
  const search = query.map(
    (parameter) => `${parameter.name}=${encodeURIComponent(exampleOf(parameter.schema, components))}`,
  );
  parts.push(shellQuote(`${location.origin}${path}${search.length > 0 ? `?${search.join('&')}` : ''}`));
  const json = operation.requestBody?.content?.['application/json'];
  if (json) {
    parts.push('-H', shellQuote('content-type: application/json'));
    parts.push('-d', shellQuote(JSON.stringify(exampleOf(json.schema, components))));
  }
  return parts.join(' ');
}

const statusTexts = {
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
const describeResponse = (status, description) =>
  !description || description === 'Default Response' ? (statusTexts[status] ?? '') : description;

function renderOperation(path, method, operation, components) {
  const id = `${method}-${path.replace(/[^\w]+/g, '-')}`.replace(/-+$/, '');
  const sections = [];
  if (operation.description) sections.push(prose('p', operation.description));

  const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in !== 'header');
  if (parameters.length > 0) {
    const rows = parameters.map((parameter) => {
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
    sections.push(
      element('h3', {}, 'Parameters'),
      fieldTable('Parameters', rows, ['Name', 'In', 'Type', 'Required', 'Constraints']),
    );
  }

  for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
    const required = operation.requestBody.required ? '' : ', optional';
    sections.push(
      element('h3', {}, `Request body (${type}${required})`),
      ...renderShape('Request body', media.schema, components, true),
    );
  }

  sections.push(element('h3', {}, 'Responses'));
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    const [type, media] = Object.entries(response.content ?? {})[0] ?? [];
    const label = status === '4XX' ? '4xx' : status;
    const heading = element(
      'p',
      { class: 'status' },
      element('span', { class: `code s${status[0]}` }, label),
      ` ${describeResponse(status, response.description)}`,
      type ? element('span', { class: 'media' }, ` ${type}`) : null,
    );
    sections.push(heading, ...(media ? renderShape(`Response ${label}`, media.schema, components, false) : []));
  }

  sections.push(
    element('h3', {}, 'Example'),
    element('pre', {}, element('code', {}, curlLine(path, method, operation, components))),
  );

  const summary = element(
    'summary',
    {},
    element('span', { class: `method ${method}` }, method.toUpperCase()),
    element('code', { class: 'path' }, path),
    element('span', { class: 'summary' }, operation.summary ?? ''),
  );
  return element('details', { id }, summary, element('div', { class: 'body' }, sections));
}

async function renderReference() {
  const main = document.getElementById('reference');
  const status = document.getElementById('status');
  const response = await fetch('/api/openapi.json', { credentials: 'same-origin' });
  if (!response.ok) {
    status.textContent = `The document could not be loaded (${response.status}).`;
    return;
  }
  const spec = await response.json();
  const components = spec.components?.schemas ?? {};
  status.replaceWith(
    element('p', {}, spec.info.description ?? ''),
    element(
      'p',
      { class: 'meta' },
      `Version ${spec.info.version}, OpenAPI ${spec.openapi}. The document: `,
      element('a', { href: '/api/openapi.json' }, '/api/openapi.json'),
      '. Errors answer {"message"} with the status that fits: 400 invalid input (the message names the field), ' +
        '401 signed out, 403 not allowed, 404 unknown or not yours, 409 conflict, 422 business rule, 429 rate limited.',
    ),
  );

  const groups = new Map((spec.tags ?? []).map((tag) => [tag.name, { tag, operations: [] }]));
  for (const [path, item] of Object.entries(spec.paths ?? {})) {
    for (const method of methods) {
      const operation = item[method];
      if (!operation) continue;
      const name = operation.tags?.[0] ?? 'Other';
      if (!groups.has(name)) groups.set(name, { tag: { name }, operations: [] });
      groups.get(name).operations.push(renderOperation(path, method, operation, components));
    }
  }

  const links = element('ul', {});
  const sections = [];
  for (const { tag, operations } of groups.values()) {
    if (operations.length === 0) continue;
    const id = `group-${tag.name.toLowerCase().replace(/[^a-z]+/g, '-')}`;
    links.append(
      element(
        'li',
        {},
        element('a', { href: `#${id}` }, tag.name, element('span', { class: 'count' }, ` ${operations.length}`)),
      ),
    );
    sections.push(
      element(
        'section',
        { 'aria-labelledby': id },
        element('h2', { id }, tag.name),
        tag.description ? prose('p', tag.description) : null,
        operations,
      ),
    );
  }
  main.append(element('nav', { 'aria-label': 'Groups' }, links), ...sections);
}

renderReference().catch((error) => {
  const note = document.getElementById('status') ?? document.getElementById('reference').appendChild(element('p'));
  note.textContent = `The reference could not be shown: ${error.message}`;
});
