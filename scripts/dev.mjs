// `npm run dev`: the API server restarts on change (node --watch) and Vite serves the browser app with hot reload.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { bin, ensureInstalled, ensureProjectNode, root } from './setup.mjs';

ensureInstalled();
ensureProjectNode(fileURLToPath(import.meta.url));

const environment = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? 'development',
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
};
const children = [
  spawn(process.execPath, ['--watch-path=src/server', '--watch-path=src/domain', 'src/server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: environment,
  }),
  spawn(bin('vite'), [], { cwd: root, stdio: 'inherit', env: environment }),
];
console.log('Perch dev: open http://localhost:5173 (API on port', environment.PORT ?? '3000', ')');
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
