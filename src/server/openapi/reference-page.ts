import { element, type Html, prose, renderChildren } from './reference-html.ts';
import { type Method, methods, type Operation, renderOperation } from './reference-operation.ts';
import type { Components } from './reference-schema.ts';

/** The parts of an OpenAPI 3.1 document the reference shows. */
export interface ReferenceDocument {
  openapi: string;
  info: { version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Partial<Record<Method, Operation>>>;
  components?: { schemas?: Components };
}

interface Group {
  name: string;
  description?: string;
  operations: Html[];
}

/** The document's operations in groups: the document's tags in their order, then any other tag as it comes. */
function groupOperations(document: ReferenceDocument, origin: string): Group[] {
  const components = document.components?.schemas ?? {};
  const groups = new Map<string, Group>((document.tags ?? []).map((tag) => [tag.name, { ...tag, operations: [] }]));
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of methods) {
      const operation = item[method];
      if (!operation) continue;
      const name = operation.tags?.[0] ?? 'Other';
      let group = groups.get(name);
      if (!group) {
        group = { name, operations: [] };
        groups.set(name, group);
      }
      group.operations.push(renderOperation(origin, path, method, operation, components));
    }
  }
  return [...groups.values()].filter((group) => group.operations.length > 0);
}

const groupId = (name: string) => `group-${name.toLowerCase().replace(/[^a-z]+/g, '-')}`;

/** The page's content: the introduction, a link to each group with its count, then the groups' operations. */
export function renderReference(document: ReferenceDocument, origin: string): Html[] {
  const groups = groupOperations(document, origin);
  const links = groups.map((group) =>
    element(
      'li',
      {},
      element(
        'a',
        { href: `#${groupId(group.name)}` },
        group.name,
        element('span', { class: 'count' }, ` ${group.operations.length}`),
      ),
    ),
  );
  const sections = groups.map((group) =>
    element(
      'section',
      { 'aria-labelledby': groupId(group.name) },
      element('h2', { id: groupId(group.name) }, group.name),
      group.description ? prose('p', group.description) : null,
      group.operations,
    ),
  );
  return [
    element('h1', {}, 'Perch API reference'),
    element('p', {}, document.info.description ?? ''),
    element(
      'p',
      { class: 'meta' },
      `Version ${document.info.version}, OpenAPI ${document.openapi}. The document: `,
      element('a', { href: '/api/openapi.json' }, '/api/openapi.json'),
      '. Errors answer {"message"} with the status that fits: 400 invalid input (the message names the field), ' +
        '401 signed out, 403 not allowed, 404 unknown or not yours, 409 conflict, 422 business rule, 429 rate limited.',
    ),
    element('nav', { 'aria-label': 'Groups' }, element('ul', {}, links)),
    ...sections,
  ];
}

/**
 * The whole reference page, rendered on the server: it has no script at all (every operation is a <details>
 * element, which opens without one) and its only other file is its style sheet, so the strict
 * Content-Security-Policy holds. `origin` is where people reach Perch (PUBLIC_URL), for the curl lines.
 */
export function renderReferencePage(document: ReferenceDocument, origin: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Perch API reference</title>
<link rel="stylesheet" href="/api/docs/reference.css">
</head>
<body>
<main id="reference">${renderChildren(renderReference(document, origin))}</main>
</body>
</html>
`;
}
