// Starts Perch for the browser tests the way a person would: embedded PGlite in a fresh data directory. Its DNS is a
// server on loopback whose TXT records the specs publish through a folder (dns-records.ts), for domain verification.
import fs from 'node:fs';
import { startTestDnsServer } from '#test-support/dns-server.ts';
import { e2eDnsRecordsDirectory } from './dns-records.ts';

fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
delete process.env.DATABASE_URL;
const dns = await startTestDnsServer({ recordsDirectory: e2eDnsRecordsDirectory });
process.env.DNS_SERVERS = dns.address;
await import('#server/main.ts');
