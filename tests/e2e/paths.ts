import os from 'node:os';
import path from 'node:path';

/** The browser tests' server port, and its data directory: outside test-results/, which Playwright empties. */
export const e2ePort = Number(process.env.E2E_PORT ?? 4173);
export const e2eDataDir = path.join(os.tmpdir(), `perch-e2e-${e2ePort}`);
