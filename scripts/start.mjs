// `npm start`: installs what is missing, builds the web app if needed, and runs Perch.
import { fileURLToPath } from 'node:url';
import { ensureInstalled, ensureProjectNode, ensureWebBuilt } from './setup.mjs';

ensureInstalled();
ensureProjectNode(fileURLToPath(import.meta.url));
ensureWebBuilt();
await import('#server/main.ts');
