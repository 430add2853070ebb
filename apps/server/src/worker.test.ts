import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { readRollups, recountRollups, trafficEvents } from '../test/rollups';
import { openDatabase } from './db/client';
import { mulberry32 } from './db/seeded-random';
import { storeEvents } from './modules/analytics/event-store';
import { readRollupLag } from './modules/analytics/rollups';

const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const IDS = { articles: [{ id: '0b6f3c1e-9a43-4c59-8f34-6a1d2b7c8e01', publisherId: '2d8b5e30-1c65-4e7b-a156-8c3f4d9e0a23' }], playlists: ['3e9c6f41-2d76-4f8c-b267-9d405eaf1b34'] };

/** `npm run worker`, as the script runs it. */
function startWorker(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/worker.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', LOG_LEVEL: 'info', DATA_DIR: '/nonexistent-newsreel-test-data', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function admin(text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

describe('npm run worker', () => {
  it('refuses the embedded database, which belongs to the server process', async () => {
    const worker = startWorker({});
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toMatch(/needs DATABASE_URL/);
  }, 30_000);

  it.runIf(serverUrl)('applies roll-ups apart from any server, and stops cleanly on SIGTERM', async () => {
    const name = `newsreel_worker_${randomBytes(5).toString('hex')}`;
    await admin(`create database ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    const worker = startWorker({ DATABASE_URL: url.toString() });
    try {
      // The worker migrates a database no server has touched yet.
      await expect.poll(() => worker.output(), { timeout: 20_000 }).toMatch(/analytics roll-up worker started/);
      await storeEvents(database.db, trafficEvents(mulberry32(21), IDS, 700));
      await expect.poll(() => readRollupLag(database.db), { timeout: 10_000 }).toEqual({ pendingEvents: 0, oldestPendingSeconds: 0 });
      expect(await readRollups(database.db)).toEqual(await recountRollups(database.db));
      worker.child.kill('SIGTERM');
      expect(await worker.exited).toBe(0);
    } finally {
      worker.child.kill('SIGKILL');
      await database.close();
      await admin(`drop database if exists ${name} with (force)`);
    }
  }, 60_000);
});
