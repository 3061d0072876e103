import fs from 'node:fs';
import path from 'node:path';
import { e2eDataDir } from './paths.ts';

// The DNS that the browser tests' Perch server asks (serve.mjs starts a DNS server on loopback that reads this folder
// for every question), and how a spec publishes a record there, as an organization's DNS admin would.

/** Inside the server's data directory, which serve.mjs empties when the run starts. */
export const e2eDnsRecordsDirectory = path.join(e2eDataDir, 'dns-records');

/** Publishes TXT records at `name` (replacing those it had), seen by the next question Perch asks. */
export function publishTxtRecord(name: string, values: string[]): void {
  fs.mkdirSync(e2eDnsRecordsDirectory, { recursive: true });
  const file = path.join(e2eDnsRecordsDirectory, `${name.toLowerCase()}.json`);
  // Written whole, then renamed: the DNS server never reads half a file.
  const partial = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(partial, JSON.stringify(values));
  fs.renameSync(partial, file);
}
