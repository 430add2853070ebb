import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { adminQuery, testDatabaseUrl, testServerUrl } from './postgres-admin';

declare module 'vitest' {
  interface ProvidedContext {
    /** On PostgreSQL: the migrated database every test file's database is copied from (helpers.ts). */
    postgresTemplate?: string;
  }
}

/**
 * Global setup of the server's test projects on PostgreSQL: one database with every migration
 * applied, made once for the run and dropped after it. A test file's database is a copy of it
 * (CREATE DATABASE … TEMPLATE, about 0.3 s), instead of a new database migrated again (about 3 s,
 * for each of the hundred-odd databases the files open). On PGlite, helpers.ts keeps a template
 * of its own.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (!testServerUrl) return undefined;
  const name = `newsreel_template_${randomBytes(6).toString('hex')}`;
  const drop = () => adminQuery(`drop database if exists ${name} with (force)`);
  await adminQuery(`create database ${name}`);
  try {
    const handle = await openDatabase({ databaseUrl: testDatabaseUrl(name) });
    try {
      await migrate(handle.db);
    } finally {
      await handle.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  project.provide('postgresTemplate', name);
  return drop;
}
