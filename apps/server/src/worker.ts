import { ConfigError, databaseOptionsOf, loadConfig } from './config';
import { openDatabase } from './db/client';

/**
 * `npm run worker`: the server's background work in a process of its own, for servers started with
 * ROLLUPS=off and JOBS=off: the analytics roll-ups and the background jobs (modules/jobs). It is
 * the app built as a server builds it, so every domain registers its jobs here as it does there,
 * but it never listens. Any number may run on one PostgreSQL database: each chunk of events is
 * applied by exactly one of them (modules/analytics/rollups.ts), each job taken by one (pg-boss).
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (!config.databaseUrl) {
    // PGlite's files belong to the one process that opened them.
    console.error(
      'npm run worker needs DATABASE_URL (a PostgreSQL server). With the embedded database the server applies roll-ups and runs background jobs itself (ROLLUPS=in-process and JOBS=in-process, the defaults).',
    );
    process.exit(1);
  }
  const database = await openDatabase(databaseOptionsOf(config));
  const { buildApp } = await import('./app');
  // The worker may start before any server: buildApp migrates the database. Seeding is a server's.
  const app = await buildApp({ ...config, rollups: 'in-process', jobs: 'in-process', demoContent: 'off' }, { database });
  await app.ready();
  app.log.info({ role: 'worker' }, 'analytics roll-up worker started, and background jobs');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, role: 'worker' }, 'stopping: finishing the roll-up chunk and the jobs in hand');
    const forced = setTimeout(() => {
      app.log.error('stop timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    forced.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('The Newsreel worker could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
