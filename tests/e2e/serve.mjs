// Starts Perch for the browser tests: embedded PGlite in a fresh data directory, as a person's first `npm start` does,
// or, when DATABASE_URL is set (CI), a fresh PostgreSQL database beside it: the production database, and its queries
// run in PostgreSQL's own processes instead of on the server's one thread. Its DNS is a server on loopback whose TXT
// records the specs publish through a folder (dns-records.ts), for domain verification.
import fs from 'node:fs';
import pg from 'pg';
import { startTestDnsServer } from '#test-support/dns-server.ts';
import { e2eDnsRecordsDirectory } from './dns-records.ts';

fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
if (process.env.DATABASE_URL) {
  const database = `perch_e2e_${process.env.PORT}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  // Earlier runs' databases go, except one a run still uses (a database with connections refuses DROP).
  const { rows } = await admin.query("SELECT datname FROM pg_database WHERE datname LIKE 'perch\\_e2e\\_%'");
  for (const { datname } of rows) await admin.query(`DROP DATABASE ${datname}`).catch(() => {});
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${database}`;
  process.env.DATABASE_URL = url.toString();
}
const dns = await startTestDnsServer({ recordsDirectory: e2eDnsRecordsDirectory });
process.env.DNS_SERVERS = dns.address;
await import('#server/main.ts');
