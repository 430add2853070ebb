import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { readRollups, recountRollups, trafficEvents } from '../test/rollups';
import { openDatabase } from './db/client';
import { mulberry32 } from './db/seeded-random';
import { storeEvents } from './modules/analytics/event-store';
import { readRollupLag } from './modules/analytics/rollups';
import { EXPIRED_INVITES_CLEANUP_JOB, registerDeviceJobs } from './modules/devices/device-jobs';
import { createDeviceRepository } from './modules/devices/device-repository';
import { createJobQueue } from './modules/jobs/job-queue';

const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const IDS = { articles: [{ id: '0b6f3c1e-9a43-4c59-8f34-6a1d2b7c8e01', publisherId: '2d8b5e30-1c65-4e7b-a156-8c3f4d9e0a23' }], playlists: ['3e9c6f41-2d76-4f8c-b267-9d405eaf1b34'] };

/** `npm run worker`, as the script runs it. */
function startWorker(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/worker.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      DATA_DIR: '/nonexistent-newsreel-test-data',
      // As every process of a scaled-out site has it (otherwise the key would be kept in DATA_DIR).
      JWT_SECRET: 'worker-test-secret-worker-test-secret',
      ...env,
    },
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

  it.runIf(serverUrl)('applies roll-ups and runs background jobs apart from any server, and stops cleanly on SIGTERM', async () => {
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

      // A server with JOBS=off queues a job; the worker runs it.
      const oldInvite = (
        await sql<{ id: string }>`INSERT INTO devices (secret_hash, pairing_code, expires_at)
          VALUES (${Buffer.alloc(32)}, 'WQRKER22', now() - interval '1 day') RETURNING id`.execute(database.db)
      ).rows[0]!.id;
      const server = createJobQueue({ db: database.db, mode: 'off' });
      registerDeviceJobs(server, createDeviceRepository(database.db));
      await server.start();
      await server.sendJob(EXPIRED_INVITES_CLEANUP_JOB);
      await expect.poll(async () => (await database.db.selectFrom('devices').select('id').where('id', '=', oldInvite).execute()).length, { timeout: 10_000 }).toBe(0);
      await server.stop();
      worker.child.kill('SIGTERM');
      expect(await worker.exited).toBe(0);
    } finally {
      worker.child.kill('SIGKILL');
      await database.close();
      await admin(`drop database if exists ${name} with (force)`);
    }
  }, 60_000);
});
