import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

/**
 * The browser tests' server port: E2E_PORT, or a port free right now, chosen once by the Playwright runner and
 * handed to its workers and the web server through the environment, so that two runs on one machine never meet.
 */
function chosenPort(): number {
  if (!process.env.E2E_PORT) {
    const script =
      "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
    process.env.E2E_PORT = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
  }
  return Number(process.env.E2E_PORT);
}

export const e2ePort = chosenPort();
/** Its data directory: outside test-results/, which Playwright empties. */
export const e2eDataDir = path.join(os.tmpdir(), `perch-e2e-${e2ePort}`);
