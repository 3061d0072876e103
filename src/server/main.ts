import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { maintenanceJob } from './jobs/maintenance.ts';
import { startJobs } from './jobs/scheduler.ts';
import { trialsJob } from './jobs/trials.ts';

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  await migrate(database.sql);
  const app = await buildApp({ config, database });
  await app.listen({ port: config.port, host: config.host });
  const stopJobs = startJobs([maintenanceJob(database.db), trialsJob(app.perch)], database.sql, app.log);
  app.log.info(
    { database: database.kind, startupMs: Math.round(performance.now() - startedAt) },
    `Perch is running at ${config.publicUrl}`,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    stopJobs();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Perch could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
