import fs from 'node:fs';
import path from 'node:path';
import { e2eDataDir } from './paths.ts';

// The DNS that the browser tests' Perch server asks (serve.mjs starts a DNS server on loopback that reads this file
// for every question), and how a spec publishes a record there, as an organization's DNS admin would.

/** Inside the server's data directory, which serve.mjs empties when the run starts. */
export const e2eDnsRecordsFile = path.join(e2eDataDir, 'dns-records.json');

/** Publishes TXT records at `name` (replacing those it had), seen by the next question Perch asks. */
export function publishTxtRecord(name: string, values: string[]): void {
  let records: { txt: Record<string, string[]> } = { txt: {} };
  try {
    records = JSON.parse(fs.readFileSync(e2eDnsRecordsFile, 'utf8'));
  } catch {
    // No record yet.
  }
  records.txt[name.toLowerCase()] = values;
  fs.mkdirSync(path.dirname(e2eDnsRecordsFile), { recursive: true });
  // Written whole, then renamed: the DNS server never reads half a file.
  const partial = `${e2eDnsRecordsFile}.${process.pid}.tmp`;
  fs.writeFileSync(partial, JSON.stringify(records, null, 2));
  fs.renameSync(partial, e2eDnsRecordsFile);
}
