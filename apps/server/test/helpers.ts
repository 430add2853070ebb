import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { schemaCompilers, type SchemaCompilers } from '../src/http/validation';
import { loadConfig, type Config } from '../src/config';
import { createLocalMediaStore } from '../src/integrations/storage/local-media-store';
import { openDatabase, type DatabaseHandle, type DatabasePoolSettings } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { adminQuery, testDatabaseUrl, testServerUrl } from './postgres-admin';
import { createTcpRelay } from './tcp-relay';

export const testDatabaseDriver = testServerUrl ? 'postgres' : 'pglite';

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent-newsreel-test-data', ...env });
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

/**
 * A test's database: in-memory PGlite by default; with TEST_DATABASE_URL (or DATABASE_URL) set, a
 * fresh database on that PostgreSQL server, dropped by dispose().
 */
export async function createTestDatabase(pool: Partial<DatabasePoolSettings> = {}): Promise<TestDatabase> {
  if (!testServerUrl) {
    pgliteTemplate ??= migratedPgliteTemplate();
    const handle = await openDatabase({ pool, pgliteTemplate: await pgliteTemplate });
    return { handle, takeDown: () => handle.close(), dispose: () => handle.close() };
  }
  const name = `newsreel_test_${randomBytes(6).toString('hex')}`;
  // A copy of the run's migrated database (postgres-template.ts); an empty one outside that setup.
  const template = inject('postgresTemplate');
  await adminQuery(`create database ${name}${template ? ` template ${template}` : ''}`);
  // The app talks to PostgreSQL through a local TCP relay so a test can cut the line.
  const target = new URL(testServerUrl);
  const relay = await createTcpRelay(Number(target.port || 5432), target.hostname);
  const url = new URL(testDatabaseUrl(name));
  url.hostname = '127.0.0.1';
  url.port = String(relay.port);
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
  /** The compilers of the app's route schemas, which compile each schema on first use. */
  schemas: SchemaCompilers;
  close(): Promise<void>;
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config = testConfig(env);
  // Opened with the config's pool settings, as the server opens its database.
  const database = await createTestDatabase(config.databasePool);
  // Uploaded media goes to a folder of the test's own, removed afterwards.
  const mediaRoot = await mkdtemp(path.join(os.tmpdir(), 'newsreel-media-'));
  // With S3_BUCKET in `env` the app keeps its media in that bucket, as the server would.
  const schemas = schemaCompilers();
  const app = await buildApp(config, { database: database.handle, schemaCompilers: schemas, ...(!config.s3 && { mediaStore: createLocalMediaStore(mediaRoot) }) });
  return {
    app,
    database,
    mediaRoot,
    schemas,
    async close() {
      await app.close();
      await database.dispose();
      await rm(mediaRoot, { recursive: true, force: true });
    },
  };
}
