// Starts Perch for the browser tests the way a person would: embedded PGlite in a fresh data directory.
import fs from 'node:fs';

fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
delete process.env.DATABASE_URL;
await import('#server/main.ts');
