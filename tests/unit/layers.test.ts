import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** Every module a file imports or re-exports from; `dynamic: false` leaves out the `import()` calls. */
function importsOf(file: string, { dynamic = true } = {}): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)]
    .filter((match) => dynamic || match[1] !== undefined)
    .map((match) => (match[1] ?? match[2]) as string);
}

/** package.json's subpath imports: #domain/… and the others name folders of the repository. */
const subpaths: Record<string, string> = {
  '#domain/': 'src/domain/',
  '#server/': 'src/server/',
  '#web/': 'src/web/',
  '#test-support/': 'tests/support/',
};

/** Where an import points, as a path from the repository's root; null for a package. */
function resolveImport(file: string, specifier: string): string | null {
  if (specifier.startsWith('.')) return path.relative(root, path.resolve(path.dirname(file), specifier));
  const alias = Object.keys(subpaths).find((prefix) => specifier.startsWith(prefix));
  return alias ? path.join(subpaths[alias]!, specifier.slice(alias.length)) : null;
}

/** Every import of a file in `layer` that points into one of the `forbidden` folders of src/. */
function crossings(layer: string, forbidden: string[]): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(path.join(root, 'src', layer))) {
    for (const specifier of importsOf(file)) {
      const resolved = resolveImport(file, specifier);
      if (resolved === null) {
        // rrule (issue 29) is pure date computation, no I/O: the recurrence of a series of bookings.
        if (layer === 'domain' && !['zod', 'vitest', 'rrule'].includes(specifier))
          found.push(`${path.relative(root, file)} → ${specifier}`);
        continue;
      }
      const target = path.relative('src', resolved);
      if (forbidden.some((name) => target.startsWith(`${name}/`) || target === name)) {
        found.push(`${path.relative(root, file)} → ${target}`);
      }
    }
  }
  return found;
}

/** A repository path with forward slashes, as the tests below spell them. */
const fromRoot = (file: string) => path.relative(root, file).split(path.sep).join('/');

describe('layers point only inwards', () => {
  it('keeps the domain free of server, browser and any I/O package', () => {
    expect(crossings('domain', ['server', 'web'])).toEqual([]);
  });

  it('never lets the browser import server code', () => {
    expect(crossings('web', ['server'])).toEqual([]);
  });

  it('never lets the server import browser code', () => {
    expect(crossings('server', ['web'])).toEqual([]);
  });

  it('lets only repo.ts files and the database layer import drizzle', () => {
    const offenders = sourceFiles(path.join(root, 'src', 'server'))
      .filter(
        (file) => !file.endsWith('repo.ts') && !file.includes(`${path.sep}db${path.sep}`) && !file.endsWith('.test.ts'),
      )
      .filter((file) => importsOf(file).some((specifier) => specifier.startsWith('drizzle-orm')))
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });

  it('keeps test support out of the app: no source under src/ imports from tests/, and src/ holds no test support', () => {
    const files = sourceFiles(path.join(root, 'src')).filter((file) => !/\.test\.tsx?$/.test(file));
    const offenders = files.flatMap((file) =>
      importsOf(file)
        .map((specifier) => resolveImport(file, specifier))
        .filter((target): target is string => target?.startsWith(`tests${path.sep}`) ?? false)
        .map((target) => `${path.relative(root, file)} → ${target}`),
    );
    expect(offenders).toEqual([]);
    const support = files
      .map((file) => path.relative(root, file))
      .filter((file) => /test-support|(^|\/)testing\/|stand-in/.test(file.split(path.sep).join('/')));
    expect(support).toEqual([]);
  });

  it('holds in src/ only modules that the product uses: none that only tests import, none that nothing imports', () => {
    // Who imports each module of src/: the product (src/, scripts/, bench/) or only tests. A module imported by tests
    // alone is test support and belongs in tests/support/; one imported by nothing is dead (entry points aside).
    // Every feature folder has its index.ts (below), even one reached only by the router's dynamic import().
    const isEntryPoint = (file: string) =>
      ['src/server/main.ts', 'src/web/main.tsx'].includes(file) || /^src\/web\/features\/[^/]+\/index\.ts$/.test(file);
    const importers = new Map<string, { product: number; tests: number }>();
    const isTest = (file: string) => /\.test\.tsx?$/.test(file) || fromRoot(file).startsWith('tests/');
    const everyFile = ['src', 'scripts', 'bench', 'tests'].flatMap((folder) => sourceFiles(path.join(root, folder)));
    for (const file of everyFile) {
      for (const specifier of importsOf(file)) {
        const target = resolveImport(file, specifier);
        if (target === null) continue;
        const counts = importers.get(target.split(path.sep).join('/')) ?? { product: 0, tests: 0 };
        counts[isTest(file) ? 'tests' : 'product'] += 1;
        importers.set(target.split(path.sep).join('/'), counts);
      }
    }
    const modules = sourceFiles(path.join(root, 'src'))
      .filter((file) => !isTest(file) && !file.endsWith('.d.ts'))
      .map(fromRoot)
      .filter((file) => !isEntryPoint(file));
    const testOnly = modules.filter((file) => importers.get(file)?.product === 0);
    const unused = modules.filter((file) => !importers.has(file));
    expect({ testOnly, unused }).toEqual({ testOnly: [], unused: [] });
  });
});

describe('the browser reaches the query client through React', () => {
  it('lets only main.tsx, which hands it to QueryClientProvider, import the queryClient singleton; hooks and components ask useQueryClient()', () => {
    const importers = sourceFiles(path.join(root, 'src'))
      .filter((file) =>
        importsOf(file).some((specifier) => {
          const target = resolveImport(file, specifier);
          return target !== null && target.split(path.sep).join('/') === 'src/web/app/query-client.ts';
        }),
      )
      .map(fromRoot);
    expect(importers).toEqual(['src/web/main.tsx']);
  });
});

describe('features meet each other only through their public entries', () => {
  const featuresFolder = 'src/web/features';
  const features = fs
    .readdirSync(path.join(root, featuresFolder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

  it('gives every feature folder a public entry, index.ts', () => {
    const missing = features.filter((name) => !fs.existsSync(path.join(root, featuresFolder, name, 'index.ts')));
    expect(features.length).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });

  // A dynamic import() is left out on purpose: code splitting (the router's pages, the dashboard's lazy dialogs)
  // names the module it loads, so that module and what only it needs stay in their own chunk.
  it('lets a file outside src/web/features/<name>/ import that feature only through src/web/features/<name>/index.ts, except by dynamic import()', () => {
    const offenders = sourceFiles(path.join(root, 'src')).flatMap((file) => {
      const from = fromRoot(file);
      return importsOf(file, { dynamic: false }).flatMap((specifier) => {
        const target = resolveImport(file, specifier)?.split(path.sep).join('/');
        const feature = target?.match(/^src\/web\/features\/([^/]+)\/(.+)$/);
        if (!feature || from.startsWith(`${featuresFolder}/${feature[1]}/`) || feature[2] === 'index.ts') return [];
        return [`${from} → ${target}`];
      });
    });
    expect(offenders).toEqual([]);
  });
});
