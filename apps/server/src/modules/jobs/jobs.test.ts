import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { AdminRole, type AdminJob, type AdminJobList, adminApiPaths } from '@newsreel/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, makeAccount, signIn } from '../../../test/accounts';
import { createTestDatabase, testConfig, testDatabaseDriver, type TestDatabase } from '../../../test/helpers';
import { buildApp } from '../../app';
import { openDatabase, type DatabaseOptions } from '../../db/client';
import { createJobQueue, type JobQueue } from './job-queue';

const ECHO = 'tests.echo';
const ALWAYS_FAILS = 'tests.always-fails';

describe('background jobs', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let jobs: JobQueue;
  let superuser: { authorization: string };
  let moderator: { authorization: string };
  const echoed: unknown[] = [];
  const failures: number[] = [];

  const list = async (query: string) => {
    const res = await app.inject({ url: `${adminApiPaths.jobs}?${query}`, headers: superuser });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return res.json() as AdminJobList;
  };
  const jobById = async (id: string, name: string) => (await list(`name=${name}&limit=150`)).items.find((job) => job.id === id);
  const retry = (id: string, headers = superuser) => app.inject({ method: 'POST', url: adminApiPaths.jobRetry(id), headers });

  beforeAll(async () => {
    const config = testConfig({ JOBS: 'in-process' });
    database = await createTestDatabase(config.databasePool);
    jobs = createJobQueue({ db: database.handle.db, mode: 'in-process', pollingSeconds: 0.5 });
    jobs.registerJob<{ word: string }>(ECHO, async (job) => {
      echoed.push(job.data);
      return { echoed: job.data.word };
    });
    jobs.registerJob(
      ALWAYS_FAILS,
      async (job) => {
        failures.push(Date.now());
        throw new Error(`the printer is on fire (attempt ${job.attempt})`);
      },
      { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: true },
    );
    app = await buildApp(config, { database: database.handle, jobs });
    await app.ready();
    const db = database.handle.db;
    await makeAccount(db, 'super.jobs@example.com', { adminRole: AdminRole.SUPERUSER });
    await makeAccount(db, 'mod.jobs@example.com', { adminRole: AdminRole.MODERATOR });
    superuser = await adminAuth(app, await signIn(app, 'super.jobs@example.com'));
    moderator = await adminAuth(app, await signIn(app, 'mod.jobs@example.com'));
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  it('makes pg-boss’s schema on start, beside the app’s tables, and registers the domains’ schedules', async () => {
    const { rows } = await sql<{ version: number }>`SELECT version FROM pgboss.version`.execute(database.handle.db);
    expect(rows).toEqual([{ version: 24 }]);
    const schedules = await sql<{ name: string; cron: string; timezone: string }>`SELECT name, cron, timezone FROM pgboss.schedule`.execute(database.handle.db);
    expect(schedules.rows).toContainEqual({ name: 'devices.expired-invites-cleanup', cron: '*/10 * * * *', timezone: 'UTC' });
    expect(() => jobs.registerJob('tests.too-late', async () => undefined)).toThrow(/after the job queue started/);
  });

  it('runs a queued job and keeps what it reported', async () => {
    const id = await jobs.sendJob(ECHO, { word: 'hello' });
    await expect.poll(() => echoed, { timeout: 5_000 }).toContainEqual({ word: 'hello' });
    await expect.poll(async () => (await jobById(id, ECHO))?.state, { timeout: 5_000 }).toBe('completed');
    expect(await jobById(id, ECHO)).toMatchObject({
      id,
      name: ECHO,
      data: { word: 'hello' },
      attempts: 1,
      error: null,
      output: { echoed: 'hello' },
    } satisfies Partial<AdminJob>);
  });

  it('retries a failing job with a growing wait, leaves it failed for an admin, and runs it again on retry', async () => {
    const id = await jobs.sendJob(ALWAYS_FAILS, { what: 'print' });
    await expect.poll(async () => (await jobById(id, ALWAYS_FAILS))?.state, { timeout: 15_000, interval: 250 }).toBe('failed');
    expect(failures).toHaveLength(3);
    // retryDelaySeconds 1 with backoff: the first retry after 1–2 s, the second after 2–4 s.
    expect(failures[1]! - failures[0]!).toBeGreaterThanOrEqual(950);
    expect(failures[2]! - failures[1]!).toBeGreaterThanOrEqual(1_950);

    const failed = await list(`state=failed&name=${ALWAYS_FAILS}`);
    expect(failed.total).toBe(1);
    expect(failed.items[0]).toMatchObject({ id, state: 'failed', attempts: 3, retryLimit: 2, error: 'the printer is on fire (attempt 3)', output: null, data: { what: 'print' } });
    expect(failed.items[0]!.completedAt).not.toBeNull();

    // Moderators see nothing of it (the access matrix checks every caller).
    expect((await retry(id, moderator)).statusCode).toBe(403);

    const retried = await retry(id);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ id, state: 'retry', retryLimit: 3 });
    const audit = await app.inject({ url: `${adminApiPaths.audit}?resource=job&resourceId=${id}`, headers: superuser });
    expect(audit.json()).toMatchObject({
      total: 1,
      items: [{ action: 'retry', resource: 'job', resourceId: id, actor: { email: 'super.jobs@example.com' }, before: { state: 'failed', retryLimit: 2 }, after: { state: 'retry', retryLimit: 3 } }],
    });
    await expect.poll(() => failures.length, { timeout: 5_000 }).toBe(4);
    await expect.poll(async () => (await jobById(id, ALWAYS_FAILS))?.state, { timeout: 5_000 }).toBe('failed');
    expect(await jobById(id, ALWAYS_FAILS)).toMatchObject({ attempts: 4, retryLimit: 3, error: 'the printer is on fire (attempt 4)' });
  });

  it('refuses to retry a job that did not fail (409), an unknown one (404) and a malformed id (400), changing nothing', async () => {
    const id = await jobs.sendJob(ECHO, { word: 'done' });
    await expect.poll(async () => (await jobById(id, ECHO))?.state, { timeout: 5_000 }).toBe('completed');
    const before = echoed.length;
    const done = await retry(id);
    expect(done.statusCode, done.body).toBe(409);
    expect(done.json().message).toMatch(/Only a failed job can be retried, and this one is completed/);
    expect(await jobById(id, ECHO)).toMatchObject({ state: 'completed', attempts: 1 });
    expect((await app.inject({ url: `${adminApiPaths.audit}?resource=job&resourceId=${id}`, headers: superuser })).json().total).toBe(0);

    const later = await jobs.sendJob(ECHO, { word: 'later' }, { startAfter: new Date(Date.now() + 60_000) });
    const waiting = await retry(later);
    expect(waiting.statusCode, waiting.body).toBe(409);
    expect(waiting.json().message).toMatch(/this one is created: it has not run yet/);

    const unknown = await retry(randomUUID());
    expect(unknown.statusCode, unknown.body).toBe(404);
    expect(unknown.json().message).toMatch(/no job with that id/);
    const malformed = await retry('not-a-job');
    expect(malformed.statusCode, malformed.body).toBe(400);
    expect(malformed.json().message).toMatch(/id/);
    expect(echoed.length).toBe(before);
  });

  it('lists jobs newest first, by state and name, a page at a time; pg-boss’s own are not listed', async () => {
    const all = await list('limit=150');
    // The test's four, and any the domains' schedules queued meanwhile.
    expect(all.items.filter((job) => job.name.startsWith('tests.'))).toHaveLength(4);
    expect(all.total).toBe(all.items.length);
    expect(all.items.every((job) => !job.name.startsWith('__pgboss__'))).toBe(true);
    const created = all.items.map((job) => Date.parse(job.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));

    const echoes = await list(`name=${ECHO}`);
    expect(echoes.items.every((job) => job.name === ECHO)).toBe(true);
    const completed = await list(`state=completed&name=${ECHO}`);
    expect(completed.items.every((job) => job.state === 'completed')).toBe(true);
    expect(completed.total).toBe(2);

    const first = await list(`name=${ECHO}&limit=1&page=1`);
    const second = await list(`name=${ECHO}&limit=1&page=2`);
    expect(first).toMatchObject({ page: 1, limit: 1, total: echoes.total });
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);
    expect((await list(`name=${ECHO}&page=50`)).items).toEqual([]);

    for (const [query, field] of [
      ['state=lost', 'state'],
      ['name=Not%20A%20Job', 'name'],
      ['limit=0', 'limit'],
    ]) {
      const res = await app.inject({ url: `${adminApiPaths.jobs}?${query}`, headers: superuser });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(field);
    }
  });
});

/** A database that can be closed and opened again: PGlite in a folder, or a PostgreSQL database of its own. */
async function reopenableDatabase(): Promise<{ options: DatabaseOptions; dispose(): Promise<void> }> {
  if (testDatabaseDriver === 'pglite') {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'newsreel-jobs-'));
    return { options: { pgliteDir: path.join(dir, 'db') }, dispose: () => rm(dir, { recursive: true, force: true }) };
  }
  const serverUrl = (process.env.TEST_DATABASE_URL || process.env.DATABASE_URL)!;
  const name = `newsreel_jobs_${randomBytes(5).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { options: { databaseUrl: url.toString() }, dispose: () => admin(`drop database if exists ${name} with (force)`) };
}

describe('background jobs across a restart', () => {
  it('finishes the job running when the app closes, and runs the one queued for later after the next start', async () => {
    const store = await reopenableDatabase();
    const config = testConfig({ JOBS: 'in-process' });
    const events: string[] = [];
    /** The app as a server starts it: its own queue, with the test's two jobs. */
    const start = async (generation: number) => {
      const database = await openDatabase({ ...store.options, pool: config.databasePool });
      const jobs = createJobQueue({ db: database.db, mode: 'in-process', pollingSeconds: 0.5 });
      jobs.registerJob('tests.slow', async () => {
        events.push(`slow started (${generation})`);
        await sleep(700);
        events.push(`slow finished (${generation})`);
      });
      jobs.registerJob('tests.later', async () => {
        events.push(`later ran (${generation})`);
      });
      const app = await buildApp(config, { database, jobs });
      await app.ready();
      return { app, jobs, database };
    };
    try {
      const first = await start(1);
      const slow = await first.jobs.sendJob('tests.slow');
      const later = await first.jobs.sendJob('tests.later', {}, { startAfter: new Date(Date.now() + 2_500) });
      await expect.poll(() => events, { timeout: 5_000, interval: 50 }).toContain('slow started (1)');
      await first.app.close();
      // Closing waited for the running job, and recorded its end, before the database closed.
      expect(events).toEqual(['slow started (1)', 'slow finished (1)']);

      const second = await start(2);
      try {
        await expect.poll(() => events, { timeout: 10_000, interval: 100 }).toContain('later ran (2)');
        expect(events).toEqual(['slow started (1)', 'slow finished (1)', 'later ran (2)']);
        const states = async () =>
          (await sql<{ id: string; state: string }>`SELECT id, state::text AS state FROM pgboss.job WHERE name LIKE 'tests.%' ORDER BY name`.execute(second.database.db)).rows;
        await expect.poll(states).toEqual([
          { id: later, state: 'completed' },
          { id: slow, state: 'completed' },
        ]);
      } finally {
        await second.app.close();
      }
    } finally {
      await store.dispose();
    }
  }, 60_000);
});

describe.skipIf(testDatabaseDriver !== 'postgres')('background jobs whose database is down at start', () => {
  it('let the app start, refuse to queue with a 503, and start by themselves once the database answers', async () => {
    const database = await createTestDatabase();
    const ran: string[] = [];
    const queue = createJobQueue({ db: database.handle.db, mode: 'in-process', pollingSeconds: 0.5 });
    queue.registerJob<{ word: string }>(ECHO, async (job) => {
      ran.push(job.data.word);
    });
    try {
      await database.takeDown();
      await queue.start();
      await expect(queue.sendJob(ECHO, { word: 'early' })).rejects.toMatchObject({ statusCode: 503 });

      await database.bringBack?.();
      const deadline = Date.now() + 15_000;
      let queued: string | undefined;
      while (!queued && Date.now() < deadline) {
        queued = await queue.sendJob(ECHO, { word: 'back' }).catch(() => undefined);
        if (!queued) await sleep(250);
      }
      expect(queued).toBeDefined();
      while (ran.length === 0 && Date.now() < deadline) await sleep(100);
      expect(ran).toEqual(['back']);
    } finally {
      await queue.stop();
      await database.dispose();
    }
  }, 30_000);
});
