import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { EmbeddedDatabaseBusy, lockEmbeddedDatabase } from './db/embedded-lock.ts';
import { migrate } from './db/migrate.ts';
import { checkInRemindersJob } from './jobs/check-in-reminders.ts';
import { dailyMailJob } from './jobs/daily-mail.ts';
import { maintenanceJob } from './jobs/maintenance.ts';
import { releaseNoShowsJob } from './jobs/release-no-shows.ts';
import { startJobs } from './jobs/scheduler.ts';
import { ssoDomainsJob } from './jobs/sso-domains.ts';
import { trialsJob } from './jobs/trials.ts';
import { describeSetup } from './setup-report.ts';

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  const setup = describeSetup(config);
  // One process at a time on the embedded database (the platform-admin command checks this lock too).
  const embeddedLock = config.databaseUrl ? undefined : lockEmbeddedDatabase(config.dataDir, 'Perch');
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  await migrate(database.sql);
  const app = await buildApp({ config, database });
  // Fastify would log each bound address as a link (http://127.0.0.1:3000 for localhost), which is not where people
  // should go: passkeys refuse an IP address. The one address to open is PUBLIC_URL, logged below.
  await app.listen({
    port: config.port,
    host: config.host,
    listenTextResolver: (address) => `Listening on ${address.replace(/^https?:\/\//, '')}`,
  });
  // With billing off there are no trials to remind of or end.
  const jobs = [
    maintenanceJob(database.db),
    releaseNoShowsJob(app.perch),
    checkInRemindersJob(app.perch),
    dailyMailJob(app.perch),
    ssoDomainsJob(app.perch),
    ...(config.payments.mode === 'off' ? [] : [trialsJob(app.perch)]),
  ];
  const stopJobs = startJobs(jobs, database.sql, app.log);
  for (const warning of setup.warnings) app.log.warn(warning);
  app.log.info(
    { ...setup.adapters, startupMs: Math.round(performance.now() - startedAt) },
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
    embeddedLock?.release();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof EmbeddedDatabaseBusy) {
    console.error(error.message);
  } else {
    console.error('Perch could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
