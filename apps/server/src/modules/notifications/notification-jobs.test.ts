import { AdminRole, NotificationDeliveryStatus, type AdminNotification, adminApiPaths } from '@newsreel/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, makeAccount, signIn } from '../../../test/accounts';
import { createTestDatabase, testConfig, type TestDatabase } from '../../../test/helpers';
import { buildApp } from '../../app';
import { createJobQueue } from '../jobs/job-queue';

describe('notification delivery on the job queue', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let superuser: { authorization: string };

  beforeAll(async () => {
    const config = testConfig({ JOBS: 'in-process', RATE_LIMITS: 'off' });
    database = await createTestDatabase(config.databasePool);
    const jobs = createJobQueue({ db: database.handle.db, mode: 'in-process', pollingSeconds: 0.5 });
    app = await buildApp(config, { database: database.handle, jobs });
    await app.ready();
    await makeAccount(database.handle.db, 'jobs.notify@example.com', { adminRole: AdminRole.SUPERUSER });
    superuser = await adminAuth(app, await signIn(app, 'jobs.notify@example.com'));
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  it('delivers a notification whose time has come by itself, within seconds', async () => {
    const res = await app.inject({ method: 'POST', url: adminApiPaths.notifications, headers: superuser, payload: { title: 'Now', body: 'Right now.', audience: 'everyone', sendAt: new Date().toISOString() } });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as AdminNotification;
    await expect
      .poll(async () => ((await app.inject({ url: adminApiPaths.notification(id), headers: superuser })).json() as AdminNotification).status, { timeout: 20_000, interval: 500 })
      .toBe(NotificationDeliveryStatus.DELIVERED);
  });
});
