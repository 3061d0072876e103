// Shared by `npm start` and `npm test`: install what is missing, and run the rest on the project's Node 24.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** npm ci when node_modules is missing or older than the lockfile. */
export function ensureInstalled() {
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const isCurrent = fs.existsSync(installed) && fs.statSync(installed).mtimeMs >= fs.statSync(lock).mtimeMs;
  if (isCurrent && fs.existsSync(bin('node'))) return;
  console.log('Installing dependencies (npm ci)…');
  if (run('npm', ['ci', '--no-audit', '--no-fund']) !== 0) process.exit(1);
}

/** Re-runs this script on the Node 24 that the `node` package installed, unless already on it. */
export function ensureProjectNode(script) {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= 24) return;
  // With node_modules/.bin first on PATH, as under npm run: the commands it starts (Playwright's web server) use it too.
  const env = { ...process.env, PATH: `${path.dirname(bin('node'))}${path.delimiter}${process.env.PATH}` };
  process.exit(run(bin('node'), [script, ...process.argv.slice(2)], { env }));
}

function newestChange(directory) {
  let newest = 0;
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the browser app when it is missing or older than its sources. */
export function ensureWebBuilt({ force = false } = {}) {
  const index = path.join(root, 'dist', 'web', 'index.html');
  const sources = Math.max(newestChange(path.join(root, 'src', 'web')), newestChange(path.join(root, 'src', 'domain')));
  if (!force && fs.existsSync(index) && fs.statSync(index).mtimeMs >= sources) return;
  console.log('Building the web app…');
  if (run(bin('vite'), ['build', '--logLevel', 'warn']) !== 0) process.exit(1);
}

export { bin };
