import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  AccountStatus,
  AdminRole,
  apiPaths,
  NotificationDeliveryStatus,
  type AdminNotification,
  type AdminNotificationList,
  type AuditList,
  type Inbox,
  adminApiPaths,
} from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, makeAccount, signIn } from '../../../test/accounts';
import { seedContentFixture, type ContentFixture } from '../../../test/content-fixture';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { Database } from '../../db/schema';
import { createOutboxMailer } from '../../integrations/mail/outbox-mailer';
import { deliverDueNotifications } from './delivery';
import { DELIVER_NOTIFICATIONS_JOB } from './notification-jobs';
import { MAX_DELIVERY_ATTEMPTS } from './notification-lifecycle';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Headers = { authorization: string } | undefined;
const { QUEUED, PENDING_REVIEW, DELIVERED, ERROR } = NotificationDeliveryStatus;
const PUBLIC_URL = 'https://news.example';

describe('scheduled notifications', () => {
  let t: TestApp;
  let db: Kysely<Database>;
  let f: ContentFixture;
  let dataDir: string;
  let superuser: Headers;
  let moderator: Headers;
  const readers: Record<'ana' | 'ben' | 'cy' | 'dora', { id: string; auth: Headers }> = {} as never;

  const call = (method: Method, url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, payload, headers });
  async function ok<T>(method: Method, url: string, headers: Headers, payload?: object): Promise<T> {
    const res = await call(method, url, headers, payload);
    if (res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return (res.body ? res.json() : undefined) as T;
  }
  const mailer = () => createOutboxMailer({ mailFrom: 'Newsreel <news@example.com>', dataDir }, { info: () => undefined });
  const deliver = () => deliverDueNotifications({ db, mailer: mailer(), publicUrl: PUBLIC_URL });
  const outbox = async () => {
    const files = await readdir(path.join(dataDir, 'outbox')).catch(() => [] as string[]);
    return Promise.all(files.sort().map((file) => readFile(path.join(dataDir, 'outbox', file), 'utf8')));
  };
  const inbox = (who: keyof typeof readers) => ok<Inbox>('GET', apiPaths.notifications, readers[who].auth);
  const schedule = (body: object, headers = superuser) => ok<AdminNotification>('POST', adminApiPaths.notifications, headers, { sendAt: new Date().toISOString(), body: 'The body of it.', ...body });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsreel-notifications-'));
    t = await createTestApp({ RATE_LIMITS: 'off', DATA_DIR: dataDir, PUBLIC_URL });
    db = t.database.handle.db;
    f = await seedContentFixture(db);
    await makeAccount(db, 'notify-super@example.com', { adminRole: AdminRole.SUPERUSER });
    await makeAccount(db, 'notify-mod@example.com', { adminRole: AdminRole.MODERATOR });
    superuser = await adminAuth(t.app, await signIn(t.app, 'notify-super@example.com'));
    moderator = await adminAuth(t.app, await signIn(t.app, 'notify-mod@example.com'));
    for (const name of ['ana', 'ben', 'cy', 'dora'] as const) {
      const id = await makeAccount(db, `${name}@example.com`);
      readers[name] = { id, auth: (await signIn(t.app, `${name}@example.com`)).auth };
    }
    // ana: in region 11 (Germany), follows sport, bulletin on; ben: region 5, bulletin on; cy: nothing; dora: suspended.
    const visitor = (id: string, userId: string, regionId: number) =>
      db.insertInto('visitors').values({ id, user_id: userId, region_id: regionId, ip_address: '127.0.0.1', screen_width: 1, screen_height: 1, device: '{}' }).execute();
    await visitor('visitor-ana-1', readers.ana.id, 11);
    await visitor('visitor-ben-1', readers.ben.id, 5);
    await ok('POST', '/v1/scores/user', readers.ana.auth, { categoryId: f.categories.sport, score: 5 }).catch(async () => {
      await db.insertInto('user_category_scores').values({ actor_type: 1, actor_id: readers.ana.id, category_id: f.categories.sport, score: 5 }).execute();
    });
    for (const name of ['ana', 'ben'] as const) await ok('PUT', apiPaths.usersConfig, readers[name].auth, { key: 'bulletin', value: true });
    await db.updateTable('users').set({ status: AccountStatus.SUSPENDED }).where('id', '=', readers.dora.id).execute();
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses bad bodies with a 400 naming the field, and unknown ids with a 404; nothing is made', async () => {
    const cases: [object, RegExp][] = [
      [{ title: '', audience: 'everyone' }, /title/],
      [{ title: 'Hi', audience: 'everyone', link: 'javascript:alert(1)' }, /link/],
      [{ title: 'Hi', audience: 'everyone', link: '//evil.example/x' }, /link/],
      [{ title: 'Hi', audience: 'everyone', link: 'http://plain.example' }, /link/],
      [{ title: 'Hi', audience: 'planet' }, /audience/],
      [{ title: 'Hi', audience: 'everyone', sendAt: 'tomorrow' }, /sendAt/],
      [{ title: 'Hi', audience: 'regions', regionIds: [] }, /body\.regionIds/],
      [{ title: 'Hi', audience: 'regions', regionIds: [999] }, /regionIds.*999/],
      [{ title: 'Hi', audience: 'categories' }, /body\.categoryIds/],
      [{ title: 'Hi', audience: 'categories', categoryIds: ['00000000-0000-4000-8000-000000000000'] }, /no category/],
      [{ title: 'Hi', audience: 'users', userIds: ['00000000-0000-4000-8000-000000000000'] }, /no user/],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', adminApiPaths.notifications, superuser, { sendAt: new Date().toISOString(), body: 'Body.', ...body });
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await ok<AdminNotificationList>('GET', adminApiPaths.notifications, superuser)).total).toBe(0);
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', adminApiPaths.notification(unknown)],
      ['PUT', adminApiPaths.notification(unknown)],
      ['DELETE', adminApiPaths.notification(unknown)],
      ['POST', adminApiPaths.notificationApprove(unknown)],
      ['POST', apiPaths.notificationRead(unknown)],
    ] as const) {
      const headers = url.startsWith('/v1/admin') ? superuser : readers.ana.auth;
      const res = await call(method, url, headers, method === 'PUT' ? { title: 'Changed' } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('lets moderators write notifications for review, superusers approve them, readers and anonymous callers nothing', async () => {
    const draft = await schedule({ title: 'From the moderator', audience: 'everyone', sendAt: new Date(Date.now() + 3_600_000).toISOString() }, moderator);
    expect(draft).toMatchObject({ status: PENDING_REVIEW, createdBy: { email: 'notify-mod@example.com' }, approvedBy: null });
    expect((await call('POST', adminApiPaths.notificationApprove(draft.id), moderator)).statusCode).toBe(403);
    for (const headers of [readers.ana.auth, undefined]) {
      const res = await call('GET', adminApiPaths.notifications, headers);
      expect(res.statusCode).toBe(headers ? 403 : 401);
      expect((await call('POST', adminApiPaths.notifications, headers, { title: 'x', body: 'y', audience: 'everyone', sendAt: new Date().toISOString() })).statusCode).toBe(headers ? 403 : 401);
    }
    expect((await call('GET', apiPaths.notifications, undefined)).statusCode).toBe(401);

    const approved = await ok<AdminNotification>('POST', adminApiPaths.notificationApprove(draft.id), superuser);
    expect(approved).toMatchObject({ status: QUEUED, approvedBy: { email: 'notify-super@example.com' } });
    const twice = await call('POST', adminApiPaths.notificationApprove(draft.id), superuser);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/pending review.*this one is queued/);

    // A moderator's change needs approval again; a superuser's keeps it queued.
    expect(await ok<AdminNotification>('PUT', adminApiPaths.notification(draft.id), moderator, { title: 'From the moderator, changed' })).toMatchObject({ status: PENDING_REVIEW, approvedBy: null });
    await ok('POST', adminApiPaths.notificationApprove(draft.id), superuser);
    expect(await ok<AdminNotification>('PUT', adminApiPaths.notification(draft.id), superuser, { link: '/v/some-article' })).toMatchObject({ status: QUEUED, link: '/v/some-article' });

    const audit = (await ok<AuditList>('GET', `${adminApiPaths.audit}?resource=notification&resourceId=${draft.id}`, superuser)).items;
    expect(audit.map((entry) => entry.action)).toEqual(['update', 'approve', 'update', 'approve', 'create']);
    expect(audit.at(-1)).toMatchObject({ actor: { email: 'notify-mod@example.com' }, before: null, after: { title: 'From the moderator' } });

    // Listing: search, filters, sorting, paging.
    await schedule({ title: 'Weekend sport round-up', audience: 'categories', categoryIds: [f.categories.sport], sendAt: new Date(Date.now() + 7_200_000).toISOString() }, moderator);
    const titles = async (query: string) => (await ok<AdminNotificationList>('GET', `${adminApiPaths.notifications}?${query}`, moderator)).items.map((n) => n.title);
    expect(await titles('')).toEqual(['Weekend sport round-up', 'From the moderator, changed']);
    expect(await titles('order=asc')).toEqual(['From the moderator, changed', 'Weekend sport round-up']);
    expect(await titles('q=SPORT')).toEqual(['Weekend sport round-up']);
    expect(await titles(`status=${PENDING_REVIEW}`)).toEqual(['Weekend sport round-up']);
    expect(await titles('audience=everyone')).toEqual(['From the moderator, changed']);
    expect(await titles('sort=title&order=asc&limit=1&page=2')).toEqual(['Weekend sport round-up']);
    expect((await call('GET', `${adminApiPaths.notifications}?status=9`, moderator)).statusCode).toBe(400);

    for (const { id } of (await ok<AdminNotificationList>('GET', adminApiPaths.notifications, superuser)).items) {
      expect((await call('DELETE', adminApiPaths.notification(id), moderator)).statusCode).toBe(204);
    }
  });

  it('delivers at its time to its audience’s inboxes only, mails the readers with the bulletin on, and never twice', async () => {
    const later = await schedule({ title: 'Not yet', audience: 'everyone', sendAt: new Date(Date.now() + 3_600_000).toISOString() });
    const everyone = await schedule({ title: 'For everyone', audience: 'everyone', link: '/v/abc' });
    const region = await schedule({ title: 'For Germany', audience: 'regions', regionIds: [11] });
    const sport = await schedule({ title: 'For sport fans', audience: 'categories', categoryIds: [f.categories.sport] });
    const chosen = await schedule({ title: 'For Cy', audience: 'users', userIds: [readers.cy.id] });
    const pending = await schedule({ title: 'Awaiting review', audience: 'everyone' }, moderator);

    // Readers see nothing before delivery.
    expect((await inbox('ana')).items).toEqual([]);
    const report = await deliver();
    expect(report.delivered.sort()).toEqual([everyone.id, region.id, sport.id, chosen.id].sort());
    expect(await deliver()).toEqual({ delivered: [], retrying: [], failed: [] });

    const titles = async (who: keyof typeof readers) => (await inbox(who)).items.map((item) => item.title).sort();
    expect(await titles('ana')).toEqual(['For Germany', 'For everyone', 'For sport fans']);
    expect(await titles('ben')).toEqual(['For everyone']);
    expect(await titles('cy')).toEqual(['For Cy', 'For everyone']);
    expect(await titles('cy')).not.toContain('Not yet');
    const suspended = await db.selectFrom('notification_recipients').select('user_id').where('user_id', '=', readers.dora.id).execute();
    expect(suspended).toEqual([]);

    const shown = await ok<AdminNotification>('GET', adminApiPaths.notification(everyone.id), superuser);
    expect(shown).toMatchObject({ status: DELIVERED, readCount: 0, mailedCount: 2, error: null });
    expect(shown.recipientCount).toBeGreaterThanOrEqual(5); // ana, ben, cy and the two admins; not dora
    expect((await ok<AdminNotification>('GET', adminApiPaths.notification(pending.id), superuser)).status).toBe(PENDING_REVIEW);
    expect((await ok<AdminNotification>('GET', adminApiPaths.notification(later.id), superuser)).status).toBe(QUEUED);

    // Mail: ana gets three, ben one, cy (bulletin off) none; each once, with the app's link.
    const mails = await outbox();
    const to = (address: string) => mails.filter((mail) => new RegExp(`^To: ${address}`, 'm').test(mail));
    expect(to('ana@example.com')).toHaveLength(3);
    expect(to('ben@example.com')).toHaveLength(1);
    expect(to('cy@example.com')).toHaveLength(0);
    expect(to('ben@example.com')[0]).toMatch(/Subject: For everyone/);
    expect(to('ben@example.com')[0]).toContain(`${PUBLIC_URL}/v/abc`);

    // A delivered notification is not edited; the audit log names the server as who delivered it.
    const edit = await call('PUT', adminApiPaths.notification(everyone.id), superuser, { title: 'Too late' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toMatch(/not yet delivered.*delivered/);
    const audit = (await ok<AuditList>('GET', `${adminApiPaths.audit}?resource=notification&resourceId=${everyone.id}`, superuser)).items;
    expect(audit[0]).toMatchObject({ action: 'deliver', actor: { userId: null }, after: { status: DELIVERED } });

    // The job runs delivery on the queue, every minute.
    const { rows } = await sql<{ name: string; cron: string }>`SELECT name, cron FROM pgboss.schedule WHERE name = ${DELIVER_NOTIFICATIONS_JOB}`.execute(db);
    expect(rows).toEqual([{ name: DELIVER_NOTIFICATIONS_JOB, cron: '* * * * *' }]);
  });

  it('keeps the unread count, marks one or all read, and never shows another reader’s', async () => {
    const before = await inbox('ana');
    expect(before.unread).toBe(before.total);
    expect(before.items.map((item) => item.deliveredAt)).toEqual([...before.items.map((item) => item.deliveredAt)].sort().reverse());
    const [first] = before.items;
    const read = await ok<{ readAt: string }>('POST', apiPaths.notificationRead(first!.id), readers.ana.auth);
    expect(read.readAt).toEqual(expect.any(String));
    expect((await inbox('ana')).unread).toBe(before.unread - 1);
    // ben does not have ana's region notification.
    const germany = before.items.find((item) => item.title === 'For Germany')!;
    expect((await call('POST', apiPaths.notificationRead(germany.id), readers.ben.auth)).statusCode).toBe(404);
    expect(await ok('POST', apiPaths.notificationsReadAll, readers.ana.auth)).toEqual({ unread: 0 });
    const after = await inbox('ana');
    expect(after.unread).toBe(0);
    expect(after.items.every((item) => item.readAt !== null)).toBe(true);
    expect((await inbox('ben')).unread).toBe(1);
    const paged = await ok<Inbox>('GET', `${apiPaths.notifications}?limit=1&page=2`, readers.ana.auth);
    expect(paged).toMatchObject({ page: 2, limit: 1, total: after.total });
    expect(paged.items).toHaveLength(1);
    const counts = await ok<AdminNotification>('GET', adminApiPaths.notification(germany.id), superuser);
    expect(counts).toMatchObject({ recipientCount: 1, readCount: 1 });
  });

  it('retries a failed delivery without mailing anyone twice, and ends in error with the reason after the last attempt', async () => {
    const failing = await schedule({ title: 'When mail is down', audience: 'regions', regionIds: [11, 5] });
    const mailedBefore = (await outbox()).length;
    // The outbox cannot be written: its folder is a file.
    await rm(path.join(dataDir, 'outbox'), { recursive: true, force: true });
    await writeFile(path.join(dataDir, 'outbox'), 'not a folder');
    const first = await deliver();
    expect(first.retrying).toEqual([{ id: failing.id, reason: expect.stringMatching(/mail could not be sent/) }]);
    const retrying = await ok<AdminNotification>('GET', adminApiPaths.notification(failing.id), superuser);
    expect(retrying).toMatchObject({ status: QUEUED, attempts: 1, error: expect.stringMatching(/mail could not be sent/) });
    // Readers do not see it while it is not delivered.
    expect((await inbox('ben')).items.map((item) => item.title)).not.toContain('When mail is down');

    // The mail comes back: the retry delivers it, each reader mailed once.
    await rm(path.join(dataDir, 'outbox'));
    expect((await deliver()).delivered).toEqual([failing.id]);
    const mails = (await outbox()).filter((mail) => /Subject: When mail is down/.test(mail));
    expect(mails).toHaveLength(2);
    expect(mailedBefore).toBeGreaterThan(0);
    expect((await ok<AdminNotification>('GET', adminApiPaths.notification(failing.id), superuser)).status).toBe(DELIVERED);

    // Down for good: after the last attempt it is in error, with the reason; a superuser sends it again.
    const doomed = await schedule({ title: 'Never arrives', audience: 'users', userIds: [readers.ben.id] });
    await rm(path.join(dataDir, 'outbox'), { recursive: true, force: true });
    await writeFile(path.join(dataDir, 'outbox'), 'not a folder');
    for (let attempt = 1; attempt < MAX_DELIVERY_ATTEMPTS; attempt++) expect((await deliver()).retrying).toHaveLength(1);
    expect((await deliver()).failed).toEqual([{ id: doomed.id, reason: expect.any(String) }]);
    const inError = await ok<AdminNotification>('GET', adminApiPaths.notification(doomed.id), superuser);
    expect(inError).toMatchObject({ status: ERROR, attempts: MAX_DELIVERY_ATTEMPTS, error: expect.stringMatching(/failed 4 times.*mail could not be sent/) });
    expect(await deliver()).toEqual({ delivered: [], retrying: [], failed: [] });
    await rm(path.join(dataDir, 'outbox'));
    expect(await ok<AdminNotification>('POST', adminApiPaths.notificationApprove(doomed.id), superuser)).toMatchObject({ status: QUEUED, attempts: 0, error: null });
    expect((await deliver()).delivered).toEqual([doomed.id]);
    expect((await inbox('ben')).items.map((item) => item.title)).toContain('Never arrives');
  });

  it('deletes a delivered notification from the inboxes it reached', async () => {
    const gone = await schedule({ title: 'Withdrawn', audience: 'users', userIds: [readers.cy.id] });
    await deliver();
    expect((await inbox('cy')).items.map((item) => item.title)).toContain('Withdrawn');
    expect((await call('DELETE', adminApiPaths.notification(gone.id), superuser)).statusCode).toBe(204);
    expect((await inbox('cy')).items.map((item) => item.title)).not.toContain('Withdrawn');
    expect((await call('GET', adminApiPaths.notification(gone.id), superuser)).statusCode).toBe(404);
  });
});
