import {
  AccountRole,
  AdminRole,
  apiPaths,
  type AdminPublisher,
  type AdminPublisherList,
  type AdminPublisherUserList,
  type ArticleSummary,
  type AuditList,
  type MemberUser,
  type Publisher,
  adminApiPaths,
} from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, makeAccount, signIn } from '../../../test/accounts';
import { seedContentFixture, type ContentFixture } from '../../../test/content-fixture';
import { apiCaller } from '../../../test/api-caller';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { Database } from '../../db/schema';


describe('publishers and their users in the admin console', () => {
  let t: TestApp;
  let db: Kysely<Database>;
  let f: ContentFixture;
  let superuser: { authorization: string };
  let superuserId: string;

  const { call, ok, refused } = apiCaller(() => t.app, () => superuser);
  const audit = async (query: string) => (await ok<AuditList>('GET', `${adminApiPaths.audit}?${query}`)).items;
  const rowCount = async (table: 'publishers' | 'publisher_users' | 'audit_log') =>
    Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db)).rows[0]!.n);
  const activePublisherOf = async (userId: string) =>
    (await db.selectFrom('users').select('active_publisher_id').where('id', '=', userId).executeTakeFirstOrThrow()).active_publisher_id;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'off' });
    db = t.database.handle.db;
    f = await seedContentFixture(db);
    superuserId = await makeAccount(db, 'publisher-superuser@example.com', { adminRole: AdminRole.SUPERUSER });
    await makeAccount(db, 'publisher-moderator@example.com', { adminRole: AdminRole.MODERATOR });
    superuser = await adminAuth(t.app, await signIn(t.app, 'publisher-superuser@example.com'));
  });
  afterAll(() => t?.close());

  it('creates, reads, updates and deletes a publisher, each write in the audit log', async () => {
    const created = await call('POST', adminApiPaths.publishers, {
      slug: 'tidewater-times',
      name: 'Tidewater Times',
      website: 'https://tidewater.example',
      branding: { primaryColour: '#0A84FF', backgroundColour: 'rgb(10, 20, 30)', tagline: 'By the sea' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['cache-control']).toBe('private, no-store');
    const publisher = created.json() as AdminPublisher;
    expect(publisher).toMatchObject({ slug: 'tidewater-times', name: 'Tidewater Times', description: '', website: 'https://tidewater.example', logoUrl: null, articleCount: 0, userCount: 0 });
    expect(publisher.branding).toEqual({ primaryColour: '#0A84FF', backgroundColour: 'rgb(10, 20, 30)', tagline: 'By the sea' });
    expect(await ok('GET', adminApiPaths.publisher(publisher.id))).toEqual(publisher);

    const updated = await ok<AdminPublisher>('PUT', adminApiPaths.publisher(publisher.id), { description: 'Coastal news.', website: null, logoUrl: 'https://tidewater.example/logo.png' });
    expect(updated).toMatchObject({ name: 'Tidewater Times', description: 'Coastal news.', website: null, logoUrl: 'https://tidewater.example/logo.png' });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(publisher.updatedAt));
    expect((await call('DELETE', adminApiPaths.publisher(publisher.id))).statusCode).toBe(204);
    expect((await call('GET', adminApiPaths.publisher(publisher.id))).statusCode).toBe(404);

    const entries = await audit(`resource=publisher&resourceId=${publisher.id}`);
    expect(entries.map((entry) => entry.action)).toEqual(['delete', 'update', 'create']);
    expect(entries[1]).toMatchObject({ before: { website: 'https://tidewater.example', description: '' }, after: { website: null, description: 'Coastal news.' } });
    expect(entries[0]).toMatchObject({ after: null, actor: { userId: superuserId, email: 'publisher-superuser@example.com', adminRole: AdminRole.SUPERUSER } });
  });

  it('lists publishers a page at a time, searched, filtered and sorted', async () => {
    const names = async (query: string) => (await ok<AdminPublisherList>('GET', `${adminApiPaths.publishers}?${query}`)).items.map((p) => p.name);
    const empty = await ok<AdminPublisher>('POST', adminApiPaths.publishers, { slug: 'quiet-gazette', name: 'Quiet Gazette' });
    const all = await names('');
    expect(all).toEqual([...all].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(all).toHaveLength(3);
    expect(await names('q=GAZETTE')).toEqual(['Quiet Gazette']);
    expect(await names('inUse=false')).toEqual(['Quiet Gazette']);
    expect(await names('inUse=true')).not.toContain('Quiet Gazette');
    const member = await makeAccount(db, 'list-member@example.com', { publisher: { id: f.publishers.atlantic, role: AccountRole.MEMBER } });
    expect((await ok<AdminPublisherList>('GET', `${adminApiPaths.publishers}?userId=${member}`)).items.map((p) => p.id)).toEqual([f.publishers.atlantic]);
    const byArticles = (await ok<AdminPublisherList>('GET', `${adminApiPaths.publishers}?sort=articleCount&order=desc`)).items;
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM articles WHERE publisher_id = ${f.publishers.spree}`.execute(db);
    expect(byArticles.find((p) => p.id === f.publishers.spree)!.articleCount).toBe(Number(rows[0]!.n));
    expect(byArticles.map((p) => p.articleCount)).toEqual([...byArticles.map((p) => p.articleCount)].sort((a, b) => b - a));
    expect(await ok('GET', `${adminApiPaths.publishers}?limit=1&page=3`)).toMatchObject({ page: 3, limit: 1, total: 3 });
    await db.deleteFrom('users').where('id', '=', member).execute();
    await ok('DELETE', adminApiPaths.publisher(empty.id));
  });

  it('refuses bad input, unknown ids and taken slugs, and changes nothing', async () => {
    const [publishers, entries] = [await rowCount('publishers'), await rowCount('audit_log')];
    await refused('POST', adminApiPaths.publishers, { slug: 'no-name' }, 400, /body\.name is required/);
    await refused('POST', adminApiPaths.publishers, { slug: 'x', name: 'Short slug' }, 400, /body\.slug must NOT have fewer than 2 characters/);
    await refused('POST', adminApiPaths.publishers, { slug: 'bad-colour', name: 'Bad colour', branding: { primaryColour: 'sea green' } }, 400, /body\.branding\.primaryColour must be a colour/);
    await refused('POST', adminApiPaths.publishers, { slug: 'bad-site', name: 'Bad site', website: 'javascript:alert(1)' }, 400, /body\.website/);
    await refused('POST', adminApiPaths.publishers, { slug: 'bad-key', name: 'Bad key', branding: { 'not a key': 'x' } }, 400, /body\.branding\.not a key is not a known field/);
    const spreeSlug = (await ok<AdminPublisher>('GET', adminApiPaths.publisher(f.publishers.spree))).slug;
    await refused('POST', adminApiPaths.publishers, { slug: spreeSlug, name: 'Spree again' }, 409, new RegExp(`already a publisher with the slug "${spreeSlug}"`));
    const atlanticSlug = (await ok<AdminPublisher>('GET', adminApiPaths.publisher(f.publishers.atlantic))).slug;
    await refused('PUT', adminApiPaths.publisher(f.publishers.spree), { slug: atlanticSlug }, 409, new RegExp(`already a publisher with the slug "${atlanticSlug}"`));
    await refused('PUT', adminApiPaths.publisher(f.publishers.spree), { branding: { backgroundColor: '#12' } }, 400, /body\.branding\.backgroundColor must be a colour/);
    await refused('PUT', adminApiPaths.publisher(f.articles.berlin), { name: 'Nobody' }, 404, /no publisher with that id/);
    await refused('DELETE', adminApiPaths.publisher(f.articles.berlin), undefined, 404, /no publisher with that id/);
    expect(await rowCount('publishers')).toBe(publishers);
    expect(await rowCount('audit_log')).toBe(entries);
    // A moderator manages content, not publishers.
    const moderator = await adminAuth(t.app, await signIn(t.app, 'publisher-moderator@example.com'));
    const res = await t.app.inject({ method: 'POST', url: adminApiPaths.publishers, payload: { slug: 'mod-made', name: 'Moderator made' }, headers: moderator });
    expect(res.statusCode).toBe(403);
    expect(await rowCount('publishers')).toBe(publishers);
  });

  it('adds users by email, changes their role and removes them, and they act for the publisher meanwhile', async () => {
    const publisher = await ok<AdminPublisher>('POST', adminApiPaths.publishers, { slug: 'river-post', name: 'River Post' });
    const userId = await makeAccount(db, 'Rita.Reporter@example.com');
    const rita = await signIn(t.app, 'rita.reporter@example.com');
    const manage = () => t.app.inject({ method: 'GET', url: `/v1/manage/publishers/${publisher.id}/users`, headers: rita.auth });
    expect((await manage()).statusCode).toBe(403);

    const added = await call('POST', adminApiPaths.publisherUsers(publisher.id), { email: 'RITA.reporter@example.com', role: AccountRole.ADMIN });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ userId, email: 'Rita.Reporter@example.com', role: AccountRole.ADMIN });
    expect(await activePublisherOf(userId)).toBe(publisher.id);
    expect((await manage()).statusCode).toBe(200);
    await makeAccount(db, 'mo.member@example.com');
    await ok('POST', adminApiPaths.publisherUsers(publisher.id), { email: 'mo.member@example.com', role: AccountRole.MEMBER });

    const list = async (query = '') => (await ok<AdminPublisherUserList>('GET', `${adminApiPaths.publisherUsers(publisher.id)}?${query}`));
    expect((await list()).items.map((u) => [u.email, u.role])).toEqual([['Rita.Reporter@example.com', 0], ['mo.member@example.com', 1]]);
    expect((await list('role=1')).items.map((u) => u.email)).toEqual(['mo.member@example.com']);
    expect((await list('q=RITA')).items.map((u) => u.email)).toEqual(['Rita.Reporter@example.com']);
    expect((await list('sort=email&order=desc')).items.map((u) => u.email)).toEqual(['Rita.Reporter@example.com', 'mo.member@example.com']);
    expect(await list('limit=1&page=2')).toMatchObject({ total: 2, items: [{ email: 'mo.member@example.com' }] });
    expect(await ok<AdminPublisher>('GET', adminApiPaths.publisher(publisher.id))).toMatchObject({ userCount: 2 });

    const demoted = await ok<MemberUser>('PUT', adminApiPaths.publisherUser(publisher.id, userId), { role: AccountRole.MEMBER });
    expect(demoted).toMatchObject({ userId, role: AccountRole.MEMBER });
    expect((await manage()).statusCode).toBe(403);
    expect((await call('DELETE', adminApiPaths.publisherUser(publisher.id, userId))).statusCode).toBe(204);
    expect(await activePublisherOf(userId)).toBeNull();
    expect((await list()).items.map((u) => u.email)).toEqual(['mo.member@example.com']);

    const entries = await audit(`resource=publisher-user&resourceId=${publisher.id}/${userId}`);
    expect(entries.map((entry) => entry.action)).toEqual(['delete', 'update', 'create']);
    expect(entries[1]).toMatchObject({ before: { publisherId: publisher.id, userId, role: 0 }, after: { role: 1 } });
    expect(entries[2]).toMatchObject({ before: null, after: { publisherId: publisher.id, userId, email: 'Rita.Reporter@example.com', role: 0 } });
  });

  it('moves a removed user to another of their publishers, and refuses what cannot be done', async () => {
    const userId = await makeAccount(db, 'two.hats@example.com', { publisher: { id: f.publishers.spree, role: AccountRole.MEMBER } });
    await ok('POST', adminApiPaths.publisherUsers(f.publishers.atlantic), { email: 'two.hats@example.com', role: AccountRole.MEMBER });
    expect(await activePublisherOf(userId)).toBe(f.publishers.spree);
    await ok('DELETE', adminApiPaths.publisherUser(f.publishers.spree, userId));
    expect(await activePublisherOf(userId)).toBe(f.publishers.atlantic);

    const [members, entries] = [await rowCount('publisher_users'), await rowCount('audit_log')];
    await refused('POST', adminApiPaths.publisherUsers(f.publishers.atlantic), { email: 'nobody.here@example.com', role: 1 }, 404, /no account with the email address nobody\.here@example\.com/);
    await refused('POST', adminApiPaths.publisherUsers(f.publishers.atlantic), { email: 'TWO.hats@example.com', role: 0 }, 409, /two\.hats@example\.com is already a user of .* \(member\); change their role with PUT/);
    await refused('POST', adminApiPaths.publisherUsers(f.publishers.atlantic), { email: 'two.hats@example.com', role: 2 }, 400, /body\.role/);
    await refused('POST', adminApiPaths.publisherUsers(f.publishers.atlantic), { role: 1 }, 400, /body\.email is required/);
    await refused('POST', adminApiPaths.publisherUsers(f.articles.berlin), { email: 'two.hats@example.com', role: 1 }, 404, /no publisher with that id/);
    await refused('PUT', adminApiPaths.publisherUser(f.publishers.spree, userId), { role: 0 }, 404, /not a user of this publisher/);
    await refused('PUT', adminApiPaths.publisherUser(f.articles.berlin, userId), { role: 0 }, 404, /no publisher with that id/);
    await refused('DELETE', adminApiPaths.publisherUser(f.publishers.spree, userId), undefined, 404, /not a user of this publisher/);
    await refused('GET', adminApiPaths.publisherUsers(f.articles.berlin), undefined, 404, /no publisher with that id/);
    expect(await rowCount('publisher_users')).toBe(members);
    expect(await rowCount('audit_log')).toBe(entries);
    await db.deleteFrom('users').where('id', '=', userId).execute();
  });

  it('refuses to delete a publisher that has articles, users or poll targets, saying how many', async () => {
    const publisher = await ok<AdminPublisher>('POST', adminApiPaths.publishers, { slug: 'busy-bulletin', name: 'Busy Bulletin' });
    await makeAccount(db, 'busy.one@example.com');
    await ok('POST', adminApiPaths.publisherUsers(publisher.id), { email: 'busy.one@example.com', role: 0 });
    const poll = (await db.insertInto('polls').values({ name: 'Busy poll' }).returning('id').executeTakeFirstOrThrow()).id;
    await db.insertInto('poll_targets').values({ poll_id: poll, publisher_id: publisher.id }).execute();
    await refused('DELETE', adminApiPaths.publisher(publisher.id), undefined, 409, /"Busy Bulletin" has 1 publisher user and 1 poll target; move or delete its articles/);
    await db.deleteFrom('polls').where('id', '=', poll).execute();
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM articles WHERE publisher_id = ${f.publishers.spree}`.execute(db);
    await refused('DELETE', adminApiPaths.publisher(f.publishers.spree), undefined, 409, new RegExp(`has ${rows[0]!.n} articles, \\d+ publisher users? and|has ${rows[0]!.n} articles`));
    expect(await ok('GET', adminApiPaths.publisher(f.publishers.spree))).toMatchObject({ articleCount: Number(rows[0]!.n) });

    const user = await db.selectFrom('users').select('id').where('email', '=', 'busy.one@example.com').executeTakeFirstOrThrow();
    await ok('DELETE', adminApiPaths.publisherUser(publisher.id, user.id));
    expect((await call('DELETE', adminApiPaths.publisher(publisher.id))).statusCode).toBe(204);
  });

  it('shows a change in the public reads at once, however recently they were read', async () => {
    const article = async () => ((await t.app.inject({ method: 'GET', url: apiPaths.article(f.articles.berlin) })).json() as ArticleSummary).publisher;
    const publicPublisher = async () => (await t.app.inject({ method: 'GET', url: `/v1/publishers/${f.publishers.spree}` })).json() as Publisher;
    const original = await article();
    const feed = async () => ((await t.app.inject({ method: 'GET', url: `/v1/publishers/${f.publishers.spree}/articles` })).json() as { items: ArticleSummary[] }).items[0]!.publisher.name;
    expect(await feed()).toBe(original.name);
    await ok('PUT', adminApiPaths.publisher(f.publishers.spree), { name: 'Spree Evening News', branding: { primaryColour: '#123456' } });
    expect(await article()).toMatchObject({ id: f.publishers.spree, name: 'Spree Evening News' });
    expect(await feed()).toBe('Spree Evening News');
    expect(await publicPublisher()).toMatchObject({ name: 'Spree Evening News', branding: { primaryColour: '#123456' } });
    const created = await ok<AdminPublisher>('POST', adminApiPaths.publishers, { slug: 'fresh-press', name: 'Fresh Press' });
    const listed = async () => ((await t.app.inject({ method: 'GET', url: apiPaths.publishers })).json() as { items: Publisher[] }).items.map((p) => p.name);
    expect(await listed()).toContain('Fresh Press');
    await ok('DELETE', adminApiPaths.publisher(created.id));
    expect(await listed()).not.toContain('Fresh Press');
    await ok('PUT', adminApiPaths.publisher(f.publishers.spree), { name: original.name });
  });
});
