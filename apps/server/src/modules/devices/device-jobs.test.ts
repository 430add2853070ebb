import { AdminRole, apiPaths, DEVICE_SECRET_HEADER, type AdminJobList, type DeviceInviteCounts, adminApiPaths } from '@newsreel/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAuth, makeAccount, signIn } from '../../../test/accounts';
import { createTestDatabase, testConfig, type TestDatabase } from '../../../test/helpers';
import { buildApp } from '../../app';
import { createJobQueue, type JobQueue } from '../jobs/job-queue';
import { EXPIRED_INVITE_GRACE_SECONDS, EXPIRED_INVITES_CLEANUP_JOB } from './device-jobs';

const READER = 'visitor-cleanup-0001';

describe('expired device invites clean-up', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let jobs: JobQueue;
  let superuser: { authorization: string };

  const db = () => database.handle.db;
  const register = async () => {
    const res = await app.inject({ method: 'POST', url: apiPaths.devices, payload: { name: 'Lobby screen' } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  /** Moves an invite's expiry `seconds` into the past. */
  const expiredAgo = (id: string, seconds: number) =>
    sql`UPDATE devices SET expires_at = now() - make_interval(secs => ${seconds}) WHERE id = ${id}`.execute(db());
  const counts = async () => {
    const res = await app.inject({ url: adminApiPaths.statisticsDeviceInvites, headers: superuser });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as DeviceInviteCounts;
  };
  const ids = async () => (await db().selectFrom('devices').select('id').execute()).map((row) => row.id).sort();
  /** Runs the clean-up as its schedule would, and waits for it: what it reported. */
  const runCleanup = async () => {
    const id = await jobs.sendJob(EXPIRED_INVITES_CLEANUP_JOB);
    let output: unknown;
    await expect
      .poll(
        async () => {
          const res = await app.inject({ url: `${adminApiPaths.jobs}?name=${EXPIRED_INVITES_CLEANUP_JOB}`, headers: superuser });
          const job = (res.json() as AdminJobList).items.find((item) => item.id === id);
          output = job?.output;
          return job?.state;
        },
        { timeout: 10_000, interval: 100 },
      )
      .toBe('completed');
    return output;
  };

  beforeAll(async () => {
    const config = testConfig({ JOBS: 'in-process' });
    database = await createTestDatabase(config.databasePool);
    jobs = createJobQueue({ db: database.handle.db, mode: 'in-process', pollingSeconds: 0.5 });
    app = await buildApp(config, { database: database.handle, jobs });
    await app.ready();
    await makeAccount(db(), 'super.devices@example.com', { adminRole: AdminRole.SUPERUSER });
    superuser = await adminAuth(app, await signIn(app, 'super.devices@example.com'));
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });
  beforeEach(async () => {
    await db().deleteFrom('devices').execute();
    await sql`DELETE FROM expired_device_invites_deleted`.execute(db());
  });

  it('is scheduled every ten minutes', async () => {
    const { rows } = await sql<{ cron: string }>`SELECT cron FROM pgboss.schedule WHERE name = ${EXPIRED_INVITES_CLEANUP_JOB}`.execute(db());
    expect(rows).toEqual([{ cron: '*/10 * * * *' }]);
  });

  it('deletes only invites that expired unpaired over an hour ago, and the count of invites stays the same', async () => {
    const pending = await register();
    const justExpired = await register();
    const longExpired = [await register(), await register(), await register()];
    const paired = await register();
    const removed = await register();
    await expiredAgo(justExpired, EXPIRED_INVITE_GRACE_SECONDS - 60);
    for (const id of longExpired) await expiredAgo(id, EXPIRED_INVITE_GRACE_SECONDS + 60);
    for (const id of [paired, removed]) {
      expect((await app.inject(`${apiPaths.deviceVerify(id)}?visitorId=${READER}`)).statusCode).toBe(200);
      // Paired and removed devices' invites expired long ago too: they are not invites any more.
      await expiredAgo(id, 10 * EXPIRED_INVITE_GRACE_SECONDS);
    }
    expect((await app.inject({ method: 'DELETE', url: `${apiPaths.device(removed)}?visitorId=${READER}` })).statusCode).toBe(204);

    const before = await counts();
    expect(before).toEqual({ invites: 7, pending: 1, expired: 4, paired: 1, removed: 1 });

    expect(await runCleanup()).toEqual({ removed: 3 });
    expect(await ids()).toEqual([pending, justExpired, paired, removed].sort());
    expect(await counts()).toEqual(before);
    // A deleted invite is gone for its screen too: it registers again.
    expect((await app.inject({ method: 'POST', url: apiPaths.deviceLease(longExpired[0]!), headers: { [DEVICE_SECRET_HEADER]: 'x'.repeat(43) } })).statusCode).toBe(404);

    // Nothing more to delete: nothing changes.
    expect(await runCleanup()).toEqual({ removed: 0 });
    expect(await counts()).toEqual(before);

    // The invite that expired recently goes once its hour has passed; still counted.
    await expiredAgo(justExpired, EXPIRED_INVITE_GRACE_SECONDS + 1);
    expect(await runCleanup()).toEqual({ removed: 1 });
    expect(await ids()).toEqual([pending, paired, removed].sort());
    expect(await counts()).toEqual(before);

    // New invites are counted on top.
    await register();
    expect(await counts()).toEqual({ ...before, invites: 8, pending: 2 });
  });

  it('deletes in batches until none is left', async () => {
    const made = 1_203;
    await sql`
      INSERT INTO devices (secret_hash, pairing_code, expires_at)
      SELECT decode(repeat('ab', 32), 'hex'), 'ABCD' || translate(lpad(i::text, 4, '0'), '0123456789', 'QRSTUVWXYZ'), now() - interval '2 hours'
      FROM generate_series(1, ${made}) AS i`.execute(db());
    expect((await counts()).expired).toBe(made);
    expect(await runCleanup()).toEqual({ removed: made });
    expect(await ids()).toEqual([]);
    expect(await counts()).toEqual({ invites: made, pending: 0, expired: made, paired: 0, removed: 0 });
  });
});
