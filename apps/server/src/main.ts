import { ConfigError, databaseOptionsOf, loadConfig } from './config';
import { openDatabase } from './db/client';

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

  // The database opens before the rest of the server is loaded: on a first start PGlite's initdb
  // briefly holds a second database engine in memory, and the server's modules need not add to it.
  const opening = performance.now();
  const database = await openDatabase(databaseOptionsOf(config));
  const databaseMs = performance.now() - opening;
  const { buildApp } = await import('./app');
  const app = await buildApp(config, { database });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const forced = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    forced.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // performance.now() counts from the start of the process, module loading included.
  app.log.info({ startMs: Math.round(performance.now()), databaseOpenMs: Math.round(databaseMs), driver: database.driver }, 'started');
}

main().catch((error: unknown) => {
  console.error('Newsreel could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
