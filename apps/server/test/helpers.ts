import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { createLocalMediaStore } from '../src/integrations/storage/local-media-store';
import { openDatabase, type DatabaseHandle, type DatabasePoolSettings } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { createTcpRelay } from './tcp-relay';

/**
 * Test databases: in-memory PGlite by default; with TEST_DATABASE_URL (or DATABASE_URL) set,
 * a fresh PostgreSQL database per test file on that server, dropped afterwards.
 */
const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;

export const testDatabaseDriver = serverUrl ? 'postgres' : 'pglite';

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent-newsreel-test-data', ...env });
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `The PostgreSQL server at ${serverUrl} cannot be reached (${(error as Error).message}). Start it, or unset TEST_DATABASE_URL/DATABASE_URL to test on PGlite.`,
      { cause: error },
    );
  }
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Makes the database unreachable, as if its server went down. */
  takeDown(): Promise<void>;
  /** Makes it reachable again after takeDown; PostgreSQL only (PGlite's was closed, with its data). */
  bringBack?(): Promise<void>;
  /** Closes it and, on PostgreSQL, drops the database. */
  dispose(): Promise<void>;
}

const migrationsDir = path.join(import.meta.dirname, '../src/db/migrations');

/**
 * An empty PGlite database with every migration applied, as a tarball. PGlite's initdb takes
 * seconds and the test files open a few hundred databases, so it is made once per set of
 * migrations and kept in the temporary folder for every test worker (written beside its name and
 * renamed, so a worker never reads half of it); a changed migration gives it a new name.
 */
async function migratedPgliteTemplate(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const name of (await readdir(migrationsDir)).sort()) hash.update(name).update(await readFile(path.join(migrationsDir, name)));
  const file = path.join(os.tmpdir(), `newsreel-test-db-${hash.digest('hex').slice(0, 16)}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    const handle = await openDatabase({});
    await migrate(handle.db);
    const template = await handle.snapshot!();
    await handle.close();
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await template.arrayBuffer()));
    await rename(partial, file);
    return template;
  }
}

let pgliteTemplate: Promise<Blob> | undefined;

export async function createTestDatabase(pool: Partial<DatabasePoolSettings> = {}): Promise<TestDatabase> {
  if (!serverUrl) {
    pgliteTemplate ??= migratedPgliteTemplate();
    const handle = await openDatabase({ pool, pgliteTemplate: await pgliteTemplate });
    return { handle, takeDown: () => handle.close(), dispose: () => handle.close() };
  }
  const name = `newsreel_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  // The app talks to PostgreSQL through a local TCP relay so a test can cut the line.
  const target = new URL(serverUrl);
  const relay = await createTcpRelay(Number(target.port || 5432), target.hostname);
  const { port } = relay;
  const url = new URL(serverUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), pool });
  return {
    handle,
    takeDown: relay.cut,
    bringBack: relay.restore,
    async dispose() {
      await handle.close().catch(() => undefined);
      await relay.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  /** The folder uploaded media is written to. */
  mediaRoot: string;
  close(): Promise<void>;
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config = testConfig(env);
  // Opened with the config's pool settings, as the server opens its database.
  const database = await createTestDatabase(config.databasePool);
  // Uploaded media goes to a folder of the test's own, removed afterwards.
  const mediaRoot = await mkdtemp(path.join(os.tmpdir(), 'newsreel-media-'));
  // With S3_BUCKET in `env` the app keeps its media in that bucket, as the server would.
  const app = await buildApp(config, { database: database.handle, ...(!config.s3 && { mediaStore: createLocalMediaStore(mediaRoot) }) });
  return {
    app,
    database,
    mediaRoot,
    async close() {
      await app.close();
      await database.dispose();
      await rm(mediaRoot, { recursive: true, force: true });
    },
  };
}
