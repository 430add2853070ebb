import pino from 'pino';
import { ConfigError, databaseOptionsOf, loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { startRollupWorker } from './modules/analytics/rollup-worker';

/**
 * `npm run worker`: the analytics roll-ups in a process of their own, for servers started with
 * ROLLUPS=off. Any number may run on one PostgreSQL database; each chunk of events is applied by
 * exactly one of them (modules/analytics/rollups.ts).
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
    console.error('npm run worker needs DATABASE_URL (a PostgreSQL server). With the embedded database the server applies roll-ups itself (ROLLUPS=in-process, the default).');
    process.exit(1);
  }
  const log = pino({ level: config.logLevel, base: { role: 'worker' } });
  const database = await openDatabase(databaseOptionsOf(config));
  // The worker may start before any server: the tables it writes must exist.
  const applied = await migrate(database.db);
  if (applied.length > 0) log.info({ applied }, 'database migrated');
  const worker = startRollupWorker(database.db, { log });
  log.info('analytics roll-up worker started');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping: finishing the chunk in hand');
    const forced = setTimeout(() => {
      log.error('stop timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    forced.unref();
    await worker.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('The Newsreel worker could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
