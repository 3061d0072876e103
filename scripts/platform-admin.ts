// `npm run platform-admin -- someone@example.com`: makes an existing account an admin of the platform
// organization (PLATFORM_ORGANIZATION_ID). The only way to become a platform admin: the web has none.
import { ConfigError, loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { EmbeddedDatabaseBusy, lockEmbeddedDatabase } from '#server/db/embedded-lock.ts';
import { migrate } from '#server/db/migrate.ts';
import { makePlatformAdmin } from '#server/modules/platform/bootstrap.ts';

async function run(email: string | undefined): Promise<number> {
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) {
    console.error('Usage: npm run platform-admin -- someone@example.com');
    return 2;
  }
  const config = loadConfig();
  // The embedded database belongs to one process: a running Perch would never see this change, and would
  // overwrite it. Refuse rather than print a success that has no effect.
  const embeddedLock = config.databaseUrl ? undefined : lockEmbeddedDatabase(config.dataDir, 'npm run platform-admin');
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 1,
  });
  try {
    await migrate(database.sql);
    const result = await makePlatformAdmin(database.db, config, email);
    if (!result.ok) {
      console.error(result.message);
      return 1;
    }
    console.log(`${email} is now an admin of the platform organization (${config.platformOrganizationId}).`);
    return 0;
  } finally {
    await database.close();
    embeddedLock?.release();
  }
}

run(process.argv[2]).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const isExplained = error instanceof ConfigError || error instanceof EmbeddedDatabaseBusy;
    console.error(isExplained ? error.message : `platform-admin failed: ${String(error)}`);
    process.exit(1);
  },
);
