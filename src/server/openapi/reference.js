// Renders /api/openapi.json as a readable page. Served by Perch as a file: the page has no inline script.
const methods = ['get', 'post', 'put', 'patch', 'delete'];

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  for (const child of children) node.append(child);
  return node;
}

function constraintsOf(schema) {
  const notes = [];
  if (schema.format) notes.push(schema.format);
  if (schema.minLength !== undefined || schema.maxLength !== undefined) {
    notes.push(`${schema.minLength ?? 0}–${schema.maxLength ?? '∞'} characters`);
  }
  if (schema.minimum !== undefined) notes.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) notes.push(`≤ ${schema.maximum}`);
  if (schema.minItems !== undefined || schema.maxItems !== undefined) {
    notes.push(`${schema.minItems ?? 0}–${schema.maxItems ?? '∞'} items`);
  }
  if (schema.pattern) notes.push(`matching ${schema.pattern}`);
  return notes.length > 0 ? ` (${notes.join(', ')})` : '';
}

/** A JSON schema as a TypeScript-like type, indented. */
function describeSchema(schema, components, depth = 0) {
  if (!schema || Object.keys(schema).length === 0) return 'any';
  if (schema.$ref) return describeSchema(components[schema.$ref.split('/').pop()], components, depth);
  const pad = '  '.repeat(depth + 1);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map((variant) => describeSchema(variant, components, depth)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
  if (type === 'array') return `Array<${describeSchema(schema.items, components, depth)}>${constraintsOf(schema)}`;
  if (type === 'object' || schema.properties) {
    const properties = Object.entries(schema.properties ?? {});
    if (properties.length === 0) {
      return schema.additionalProperties
        ? `{ [key: string]: ${describeSchema(schema.additionalProperties, components, depth)} }`
        : '{}';
    }
    const required = new Set(schema.required ?? []);
    const lines = properties.map(
      ([name, property]) =>
        `${pad}${name}${required.has(name) ? '' : '?'}: ${describeSchema(property, components, depth + 1)}`,
    );
    return `{\n${lines.join('\n')}\n${'  '.repeat(depth)}}`;
  }
  return `${type ?? 'any'}${constraintsOf(schema)}`;
}

function renderOperation(path, method, operation, components) {
  const sections = [];
  const parameters = operation.parameters ?? [];
  if (parameters.length > 0) {
    const lines = parameters.map(
      (parameter) =>
        `${parameter.in} ${parameter.name}${parameter.required ? '' : '?'}: ${describeSchema(parameter.schema, components)}`,
    );
    sections.push(element('h3', {}, 'Parameters'), element('pre', {}, lines.join('\n')));
  }
  for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
    sections.push(
      element('h3', {}, `Request body (${type})`),
      element('pre', {}, describeSchema(media.schema, components)),
    );
  }
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    const [type, media] = Object.entries(response.content ?? {})[0] ?? [];
    const shape = media ? describeSchema(media.schema, components) : '(no body)';
    sections.push(
      element('h3', {}, `${status}: ${response.description ?? ''}${type ? ` (${type})` : ''}`),
      element('pre', {}, shape),
    );
  }
  const summary = element(
    'summary',
    {},
    element('span', { class: `method ${method}` }, method.toUpperCase()),
    element('code', {}, path),
    element('span', { class: 'summary' }, operation.summary ?? ''),
  );
  return element('details', { id: `${method}-${path}` }, summary, ...sections);
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
  status.textContent = `${spec.info.description ?? ''} Version ${spec.info.version}, OpenAPI ${spec.openapi}.`;
  main.append(element('p', {}, 'The document: ', element('a', { href: '/api/openapi.json' }, '/api/openapi.json')));
  const groups = new Map();
  for (const [path, item] of Object.entries(spec.paths ?? {})) {
    for (const method of methods) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'other';
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag).push(renderOperation(path, method, operation, components));
    }
  }
  const nav = element('nav', { 'aria-label': 'Groups' });
  for (const [tag, operations] of groups) {
    nav.append(element('a', { href: `#group-${tag}` }, tag));
    main.append(element('h2', { id: `group-${tag}` }, tag), ...operations);
  }
  status.after(nav);
}

renderReference().catch((error) => {
  document.getElementById('status').textContent = `The reference could not be shown: ${error.message}`;
});
