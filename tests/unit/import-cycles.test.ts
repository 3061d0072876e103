import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every import between the files of src/ is an edge, and no file may reach itself again by following them.
// Counted: static imports and re-exports, side-effect imports and dynamic import() (a lazy page that imports its
// router back still ties the two together). Type-only imports (`import type`, `export type … from`, or braces whose
// every name is marked `type`) count too: they vanish at run time, but two files that need each other's types are
// one module cut in two, and a value import added later turns them into a cycle that does break at run time.

const root = path.resolve(import.meta.dirname, '../..');

/** package.json's subpath imports that name folders of src/. */
const subpaths: Record<string, string> = { '#domain/': 'src/domain/', '#server/': 'src/server/', '#web/': 'src/web/' };

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The text without comments, so that an import written in a comment is no edge; strings are kept as they are. */
function withoutComments(text: string): string {
  return text.replace(
    /("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`)|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g,
    (match, literal) => (literal === undefined ? match.replace(/[^\n]/g, ' ') : match),
  );
}

/** Every module specifier a file names in an import, a re-export or an import() call. */
function specifiersOf(text: string): string[] {
  const code = withoutComments(text);
  const statements = /^\s*(?:(?:import|export)\b[^'"`;]*?\bfrom|import)\s*(['"])([^'"]+)\1/gm;
  const dynamic = /\bimport\(\s*(['"])([^'"]+)\1\s*\)/g;
  return [...code.matchAll(statements), ...code.matchAll(dynamic)].map((match) => match[2] as string);
}

/** The file an import names, relative to the repository's root; null for a package or a file outside src/. */
function resolveImport(from: string, specifier: string, known: ReadonlySet<string>): string | null {
  const alias = Object.keys(subpaths).find((prefix) => specifier.startsWith(prefix));
  let target: string;
  if (specifier.startsWith('.'))
    target = path.relative(root, path.resolve(path.dirname(path.join(root, from)), specifier));
  else if (alias) target = path.join(subpaths[alias]!, specifier.slice(alias.length));
  else return null;
  target = target.split(path.sep).join('/');
  const candidates = [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`];
  return candidates.find((candidate) => known.has(candidate)) ?? null;
}

/** Which files each file of src/ imports, by paths from the repository's root. */
function importGraph(): Map<string, string[]> {
  const files = sourceFiles(path.join(root, 'src')).map((file) => path.relative(root, file).split(path.sep).join('/'));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const targets = specifiersOf(text).flatMap((specifier) => resolveImport(file, specifier, known) ?? []);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/**
 * The cycles of a graph, one for each group of files that reach one another (Tarjan's strongly connected
 * components), each spelled as a path from the group's first file back to itself.
 */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    lowLink.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowLink.set(node, Math.min(lowLink.get(node)!, lowLink.get(next)!));
      } else if (onStack.has(next)) {
        lowLink.set(node, Math.min(lowLink.get(node)!, index.get(next)!));
      }
    }
    if (lowLink.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    const isCycle = group.length > 1 || (graph.get(node) ?? []).includes(node);
    if (isCycle) groups.push(group.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return groups.map((group) => shortestCycleThrough(group[0]!, graph, new Set(group)));
}

/** The shortest way from `start` back to itself, inside its group: the cycle named in a failure. */
function shortestCycleThrough(start: string, graph: ReadonlyMap<string, readonly string[]>, group: Set<string>) {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!group.has(next)) continue;
      if (next === start) {
        const way = [node];
        while (way[0] !== start) way.unshift(cameFrom.get(way[0]!)!);
        return [...way, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

describe('import cycles', () => {
  it('finds each group of files that import one another, named as a way from a file back to itself', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'd.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
    ]);
    expect(cyclesOf(graph)).toEqual([
      ['a.ts', 'b.ts', 'c.ts', 'a.ts'],
      ['e.ts', 'e.ts'],
    ]);
    expect(
      cyclesOf(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('reads static, type-only, multi-line, re-exported, side-effect and dynamic imports, and none written in comments', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from './b.ts';",
      'import {',
      '  c,',
      '  type C,',
      "} from '#domain/c.ts';",
      "export { d } from './d.ts';",
      "export type { E } from './e.ts';",
      "import './f.css';",
      "const G = lazy(() => import('./g.tsx'));",
      "// import { h } from './h.ts';",
      "/* import('./i.ts') */",
      "const url = 'https://example.com/import';",
      "export const from = 'j.ts';",
    ].join('\n');
    expect(specifiersOf(text).sort()).toEqual([
      '#domain/c.ts',
      './a.ts',
      './b.ts',
      './d.ts',
      './e.ts',
      './f.css',
      './g.tsx',
    ]);
  });

  it('has no file in src/ that reaches itself again through its imports', () => {
    const named = cyclesOf(importGraph()).map((cycle) => cycle.join(' → '));
    expect(named).toEqual([]);
  });
});
