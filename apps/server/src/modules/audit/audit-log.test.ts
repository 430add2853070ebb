import { AdminRole, type AuditList, adminApiPaths } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, makeAccount, signIn } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { Database } from '../../db/schema';
import { recordAudit, SYSTEM_ACTOR, type AuditActor } from './audit-log';

describe('the audit log', () => {
  let t: TestApp;
  let db: Kysely<Database>;
  let superuser: { authorization: string };
  let moderator: { authorization: string };
  let alice: AuditActor;
  let bob: AuditActor;

  const count = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM audit_log`.execute(db)).rows[0]!.n);
  const list = async (query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `${adminApiPaths.audit}${query ? `?${query}` : ''}`, headers: superuser });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AuditList;
  };

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.handle.db;
    const aliceId = await makeAccount(db, 'alice.audit@example.com', { adminRole: AdminRole.SUPERUSER });
    const bobId = await makeAccount(db, 'bob.audit@example.com', { adminRole: AdminRole.MODERATOR });
    superuser = await adminAuth(t.app, await signIn(t.app, 'alice.audit@example.com'));
    moderator = await adminAuth(t.app, await signIn(t.app, 'bob.audit@example.com'));
    alice = { userId: aliceId, adminRole: AdminRole.SUPERUSER, requestId: 'req-1', ip: '203.0.113.9' };
    bob = { userId: bobId, adminRole: AdminRole.MODERATOR, requestId: 'req-2', ip: null };
  });
  afterAll(() => t?.close());

  it('writes an entry with the change that commits, and none with a change that rolls back', async () => {
    const before = await count();
    await db.transaction().execute(async (trx) => {
      const vendor = await trx.insertInto('vendors').values({ name: 'Kept vendor' }).returning(['id', 'name']).executeTakeFirstOrThrow();
      await recordAudit(trx, { actor: alice, action: 'create', resource: 'vendor', resourceId: vendor.id, before: null, after: vendor });
    });
    await expect(
      db.transaction().execute(async (trx) => {
        const vendor = await trx.insertInto('vendors').values({ name: 'Lost vendor' }).returning(['id', 'name']).executeTakeFirstOrThrow();
        await recordAudit(trx, { actor: alice, action: 'create', resource: 'vendor', resourceId: vendor.id, before: null, after: vendor });
        throw new Error('the change failed after its entry was written');
      }),
    ).rejects.toThrow(/the change failed/);
    expect(await count()).toBe(before + 1);
    const [entry] = (await list('resource=vendor')).items;
    expect(entry).toMatchObject({
      actor: { userId: alice.userId, email: 'alice.audit@example.com', adminRole: AdminRole.SUPERUSER },
      action: 'create',
      resource: 'vendor',
      before: null,
      after: { name: 'Kept vendor' },
      requestId: 'req-1',
      ip: '203.0.113.9',
    });
    expect(await db.selectFrom('vendors').select('name').where('name', '=', 'Lost vendor').executeTakeFirst()).toBeUndefined();
  });

  it('cannot be changed or emptied, not even by SQL', async () => {
    await recordAudit(db, { actor: bob, action: 'update', resource: 'category', resourceId: 'fixed-entry', before: { name: 'A' }, after: { name: 'B' } });
    const before = await count();
    await expect(sql`UPDATE audit_log SET action = 'delete' WHERE resource_id = 'fixed-entry'`.execute(db)).rejects.toThrow(/append-only.*UPDATE refused/);
    await expect(sql`UPDATE audit_log SET after = NULL`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log WHERE resource_id = 'fixed-entry'`.execute(db)).rejects.toThrow(/append-only.*DELETE refused/);
    await expect(sql`DELETE FROM audit_log`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_log`.execute(db)).rejects.toThrow(/append-only.*TRUNCATE refused/);
    expect(await count()).toBe(before);
    expect((await list('resourceId=fixed-entry')).items).toMatchObject([{ action: 'update', before: { name: 'A' }, after: { name: 'B' } }]);
  });

  it('keeps the actor as they were, and never a password, key hash or token', async () => {
    await recordAudit(db, {
      actor: bob,
      action: 'create',
      resource: 'api-key',
      resourceId: 'redaction-check',
      before: null,
      after: { name: 'Access Key', keyHash: 'abc', nested: [{ password: 'x', refresh_token: 'y', kept: 1 }], at: new Date('2026-01-02T03:04:05Z') },
    });
    await db.updateTable('users').set({ email: 'robert.audit@example.com' }).where('id', '=', bob.userId!).execute();
    const [entry] = (await list('resourceId=redaction-check')).items;
    expect(entry!.actor).toEqual({ userId: bob.userId, email: 'bob.audit@example.com', adminRole: AdminRole.MODERATOR });
    expect(entry!.after).toEqual({ name: 'Access Key', keyHash: '[redacted]', nested: [{ password: '[redacted]', refresh_token: '[redacted]', kept: 1 }], at: '2026-01-02T03:04:05.000Z' });
    // A background job's change names no one.
    await recordAudit(db, { actor: SYSTEM_ACTOR, action: 'publish', resource: 'article', resourceId: 'system-check', before: { status: 3 }, after: { status: 1 } });
    expect((await list('resourceId=system-check')).items[0]!.actor).toEqual({ userId: null, email: null, adminRole: null });
  });

  it('lists entries newest first, filtered by resource, id, action, actor and time, a page at a time', async () => {
    // Entries of a past week, written as the log's own rows would be.
    for (let day = 1; day <= 5; day += 1) {
      await sql`INSERT INTO audit_log (occurred_at, actor_user_id, actor_email, actor_role, action, resource, resource_id, after)
        VALUES (${`2025-03-0${day}T12:00:00Z`}::timestamptz, ${day % 2 ? alice.userId : bob.userId}::uuid, ${day % 2 ? 'alice.audit@example.com' : 'bob.audit@example.com'},
          ${day % 2 ? 0 : 1}, ${day === 5 ? 'delete' : 'update'}, 'publisher', ${`pub-${day % 2}`}, ${JSON.stringify({ day })}::jsonb)`.execute(db);
    }
    const days = (result: AuditList) => result.items.map((item) => (item.after as { day: number }).day);
    const march = 'from=2025-03-01T00:00:00Z&to=2025-04-01T00:00:00Z';
    expect(days(await list(`resource=publisher&${march}`))).toEqual([5, 4, 3, 2, 1]);
    expect(days(await list(`resource=publisher&from=2025-03-02T12:00:00Z&to=2025-03-04T12:00:00Z`))).toEqual([3, 2]);
    expect(days(await list(`resourceId=pub-0&${march}`))).toEqual([4, 2]);
    expect(days(await list(`action=delete&${march}`))).toEqual([5]);
    expect(days(await list(`actor=${bob.userId}&${march}`))).toEqual([4, 2]);
    expect(days(await list(`actor=ALICE.audit&${march}`))).toEqual([5, 3, 1]);
    expect(days(await list(`actor=%25&${march}`))).toEqual([]);
    const paged = await list(`resource=publisher&${march}&limit=2&page=2`);
    expect(paged).toMatchObject({ page: 2, limit: 2, total: 5 });
    expect(days(paged)).toEqual([3, 2]);
    // Today's entries come before last March's.
    const newest = await list('limit=1');
    expect(Date.parse(newest.items[0]!.occurredAt)).toBeGreaterThan(Date.parse('2025-04-01T00:00:00Z'));
  });

  it('is for superusers only, refuses bad filters, and has no way to change it', async () => {
    const moderatorRead = await t.app.inject({ method: 'GET', url: adminApiPaths.audit, headers: moderator });
    expect(moderatorRead.statusCode).toBe(403);
    const bad = async (query: string, field: RegExp) => {
      const res = await t.app.inject({ method: 'GET', url: `${adminApiPaths.audit}?${query}`, headers: superuser });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(field);
    };
    await bad('from=yesterday', /querystring\.from/);
    await bad('resource=Drop%20table', /querystring\.resource/);
    await bad('from=2025-03-02T00:00:00Z&to=2025-03-01T00:00:00Z', /querystring\.to must be after querystring\.from/);
    const before = await count();
    for (const method of ['PUT', 'DELETE', 'PATCH', 'POST'] as const) {
      const res = await t.app.inject({ method, url: adminApiPaths.audit, headers: superuser, payload: {} });
      expect(res.statusCode, `${method} ${res.body}`).toBe(404);
    }
    expect(await count()).toBe(before);
  });
});
