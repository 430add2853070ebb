import {
  AdminRole,
  apiPaths,
  type AdminPlaylist,
  type AdminPlaylistList,
  type ArticleList,
  type AuditList,
  type CollectionArticles,
  type Playlist,
  adminApiPaths,
} from '@newsreel/contracts';
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, makeAccount, signIn } from '../../../test/accounts';
import { seedContentFixture, type ContentFixture } from '../../../test/content-fixture';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { Database } from '../../db/schema';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('playlists in the admin console', () => {
  let t: TestApp;
  let db: Kysely<Database>;
  let f: ContentFixture;
  let moderator: { authorization: string };
  let moderatorId: string;

  const call = (method: Method, url: string, payload?: object) => t.app.inject({ method, url, payload, headers: moderator });
  async function ok<T>(method: Method, url: string, payload?: object): Promise<T> {
    const res = await call(method, url, payload);
    if (res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return (res.body ? res.json() : undefined) as T;
  }
  async function refused(method: Method, url: string, payload: object | undefined, status: number, message: RegExp) {
    const res = await call(method, url, payload);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toMatch(message);
  }
  const auditOf = async (resourceId: string) => {
    const superuser = await adminAuth(t.app, await signIn(t.app, 'playlist-superuser@example.com'));
    const res = await t.app.inject({ method: 'GET', url: `${adminApiPaths.audit}?resource=playlist&resourceId=${resourceId}`, headers: superuser });
    return (res.json() as AuditList).items;
  };
  const rowCount = async (table: 'playlists' | 'playlist_articles' | 'audit_log') =>
    Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db)).rows[0]!.n);
  const idsOf = (list: CollectionArticles) => list.items.map((article) => article.id);

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'off' });
    db = t.database.handle.db;
    f = await seedContentFixture(db);
    moderatorId = await makeAccount(db, 'playlist-moderator@example.com', { adminRole: AdminRole.MODERATOR });
    await makeAccount(db, 'playlist-superuser@example.com', { adminRole: AdminRole.SUPERUSER });
    moderator = await adminAuth(t.app, await signIn(t.app, 'playlist-moderator@example.com'));
  });
  afterAll(() => t?.close());

  it('creates, reads, updates and deletes a playlist, each write in the audit log with its before and after', async () => {
    const created = await call('POST', adminApiPaths.playlists, { externalId: 'evening-news', name: ' Evening news ', description: 'The day in ten minutes.' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['cache-control']).toBe('private, no-store');
    const playlist = created.json() as AdminPlaylist;
    expect(playlist).toMatchObject({ externalId: 'evening-news', name: 'Evening news', description: 'The day in ten minutes.', articleCount: 0 });
    expect(await ok('GET', adminApiPaths.playlist(playlist.id))).toEqual(playlist);

    const updated = await ok<AdminPlaylist>('PUT', adminApiPaths.playlist(playlist.id), { name: 'Night news', externalId: 'night-news' });
    expect(updated).toMatchObject({ id: playlist.id, externalId: 'night-news', name: 'Night news', description: 'The day in ten minutes.' });
    await ok('POST', adminApiPaths.playlistArticles(playlist.id), { articleId: f.articles.berlin });
    expect((await call('DELETE', adminApiPaths.playlist(playlist.id))).statusCode).toBe(204);
    expect((await call('GET', adminApiPaths.playlist(playlist.id))).statusCode).toBe(404);
    // The article stays; only the playlist's list of articles goes.
    expect((await t.app.inject({ method: 'GET', url: apiPaths.article(f.articles.berlin) })).statusCode).toBe(200);

    const entries = await auditOf(playlist.id);
    expect(entries.map((entry) => entry.action)).toEqual(['delete', 'add-article', 'update', 'create']);
    expect(entries[3]).toMatchObject({ before: null, after: { externalId: 'evening-news', name: 'Evening news' } });
    expect(entries[2]).toMatchObject({ before: { externalId: 'evening-news' }, after: { externalId: 'night-news', name: 'Night news' } });
    expect(entries[1]).toMatchObject({ before: { articleIds: [] }, after: { articleIds: [f.articles.berlin] } });
    expect(entries[0]).toMatchObject({ before: { externalId: 'night-news', articleCount: 1, articleIds: [f.articles.berlin] }, after: null });
    for (const entry of entries) expect(entry.actor).toEqual({ userId: moderatorId, email: 'playlist-moderator@example.com', adminRole: AdminRole.MODERATOR });
  });

  it('lists playlists a page at a time, searched and sorted', async () => {
    const extra = await ok<AdminPlaylist>('POST', adminApiPaths.playlists, { externalId: 'zz-weekend', name: 'Weekend reads' });
    const names = async (query: string) => (await ok<AdminPlaylistList>('GET', `${adminApiPaths.playlists}?${query}`)).items.map((p) => p.name);
    const all = await names('');
    expect(all).toEqual([...all].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(all).toContain('Weekend reads');
    expect(await names('q=WEEKEND')).toEqual(['Weekend reads']);
    expect(await names('q=%25')).toEqual([]);
    const byCount = (await ok<AdminPlaylistList>('GET', `${adminApiPaths.playlists}?sort=articleCount&order=desc`)).items;
    expect(byCount[0]).toMatchObject({ id: f.playlist, articleCount: 3 });
    expect(byCount.at(-1)).toMatchObject({ id: extra.id, articleCount: 0 });
    const paged = await ok<AdminPlaylistList>('GET', `${adminApiPaths.playlists}?sort=externalId&order=desc&limit=1`);
    expect(paged).toMatchObject({ page: 1, limit: 1, total: all.length, items: [{ externalId: 'zz-weekend' }] });
    await ok('DELETE', adminApiPaths.playlist(extra.id));
  });

  it('adds, batch-adds, reorders and removes articles, and the public reads show each change at once', async () => {
    const publicIds = async () => ((await t.app.inject({ method: 'GET', url: apiPaths.playlist(f.playlist) })).json() as Playlist).articles.map((a) => a.id);
    const publicList = async () => ((await t.app.inject({ method: 'GET', url: apiPaths.articlesByPlaylist(f.playlist) })).json() as ArticleList).items.map((a) => a.id);
    const { lisbon, potsdam, berlin, hamburg, global, pending } = f.articles;
    // Read first, so the public answers are kept.
    expect(await publicIds()).toEqual([lisbon, potsdam, berlin]);
    expect(await publicList()).toEqual([lisbon, potsdam, berlin]);

    expect(idsOf(await ok('POST', adminApiPaths.playlistArticles(f.playlist), { articleId: hamburg }))).toEqual([lisbon, potsdam, berlin, hamburg]);
    expect(await publicIds()).toEqual([lisbon, potsdam, berlin, hamburg]);
    expect(await publicList()).toEqual([lisbon, potsdam, berlin, hamburg]);

    // A pending article is held but not shown to readers.
    const batch = await ok<CollectionArticles>('POST', adminApiPaths.playlistArticlesBatch(f.playlist), { articleIds: [pending, global] });
    expect(idsOf(batch)).toEqual([lisbon, potsdam, berlin, hamburg, pending, global]);
    expect(batch.items.find((a) => a.id === pending)).toMatchObject({ live: false, status: 0 });
    expect(batch.items.find((a) => a.id === global)).toMatchObject({ live: true, status: 1 });
    expect(await publicIds()).toEqual([lisbon, potsdam, berlin, hamburg, global]);

    const order = [global, berlin, pending, hamburg, potsdam, lisbon];
    expect(idsOf(await ok('PUT', adminApiPaths.playlistArticlesOrder(f.playlist), { articleIds: order }))).toEqual(order);
    expect(idsOf(await ok('GET', adminApiPaths.playlistArticles(f.playlist)))).toEqual(order);
    expect(await publicIds()).toEqual([global, berlin, hamburg, potsdam, lisbon]);
    expect(await publicList()).toEqual([global, berlin, hamburg, potsdam, lisbon]);

    for (const articleId of [global, pending, hamburg]) await ok('DELETE', adminApiPaths.playlistArticles(f.playlist), { articleId });
    await ok('PUT', adminApiPaths.playlistArticlesOrder(f.playlist), { articleIds: [lisbon, potsdam, berlin] });
    expect(await publicIds()).toEqual([lisbon, potsdam, berlin]);
    expect((await ok<AdminPlaylist>('GET', adminApiPaths.playlist(f.playlist))).articleCount).toBe(3);
    const actions = (await auditOf(f.playlist)).map((entry) => entry.action);
    expect(actions.slice(0, 6)).toEqual(['reorder-articles', 'remove-article', 'remove-article', 'remove-article', 'reorder-articles', 'add-articles']);
  });

  it('refuses bad input, unknown ids, taken external ids and wrong article lists, and changes nothing', async () => {
    const counts = async () => [await rowCount('playlists'), await rowCount('playlist_articles'), await rowCount('audit_log')];
    const before = await counts();
    const nobody = randomUUID();
    const { lisbon, potsdam, berlin, hamburg } = f.articles;
    await refused('POST', adminApiPaths.playlists, { name: 'No external id' }, 400, /body\.externalId is required/);
    await refused('POST', adminApiPaths.playlists, { externalId: 'blank', name: '  ' }, 400, /body\.name must match pattern/);
    await refused('POST', adminApiPaths.playlists, { externalId: 'x', name: 'X', colour: 'red' }, 400, /body\.colour is not a known field/);
    await refused('POST', adminApiPaths.playlists, { externalId: 'morning-briefing', name: 'Again' }, 409, /already a playlist with the external id "morning-briefing"/);
    await refused('PUT', adminApiPaths.playlist(f.playlist), {}, 400, /body must NOT have fewer than 1 properties/);
    await refused('PUT', adminApiPaths.playlist(nobody), { name: 'Nothing' }, 404, /no playlist with that id/);
    await refused('DELETE', adminApiPaths.playlist(nobody), undefined, 404, /no playlist with that id/);
    await refused('GET', adminApiPaths.playlist('not-an-id'), undefined, 400, /params\.id/);
    await refused('GET', `${adminApiPaths.playlists}?sort=colour`, undefined, 400, /querystring\.sort must be one of/);
    await refused('GET', adminApiPaths.playlistArticles(nobody), undefined, 404, /no playlist with that id/);

    await refused('POST', adminApiPaths.playlistArticles(f.playlist), {}, 400, /body\.articleId is required/);
    await refused('POST', adminApiPaths.playlistArticles(f.playlist), { articleId: nobody }, 400, new RegExp(`body\\.articleId names no article: ${nobody}`));
    await refused('POST', adminApiPaths.playlistArticles(f.playlist), { articleId: berlin }, 409, new RegExp(`already holds the article ${berlin}`));
    await refused('POST', adminApiPaths.playlistArticles(nobody), { articleId: berlin }, 404, /no playlist with that id/);
    await refused('POST', adminApiPaths.playlistArticlesBatch(f.playlist), { articleIds: [hamburg, nobody] }, 400, new RegExp(`body\\.articleIds names no article: ${nobody}; nothing was added`));
    await refused('POST', adminApiPaths.playlistArticlesBatch(f.playlist), { articleIds: [hamburg, lisbon] }, 409, new RegExp(`already holds the article ${lisbon}`));
    await refused('POST', adminApiPaths.playlistArticlesBatch(f.playlist), { articleIds: [hamburg, hamburg] }, 400, /body\.articleIds must NOT have duplicate items/);
    await refused('POST', adminApiPaths.playlistArticlesBatch(f.playlist), { articleIds: [] }, 400, /body\.articleIds must NOT have fewer than 1 items/);
    await refused('DELETE', adminApiPaths.playlistArticles(f.playlist), { articleId: hamburg }, 404, new RegExp(`article ${hamburg} is not in this playlist`));
    await refused('DELETE', adminApiPaths.playlistArticles(f.playlist), undefined, 400, /body/);
    await refused('PUT', adminApiPaths.playlistArticlesOrder(f.playlist), { articleIds: [berlin, lisbon] }, 400, new RegExp(`each of the playlist's 3 articles once: it leaves out ${potsdam}`));
    await refused('PUT', adminApiPaths.playlistArticlesOrder(f.playlist), { articleIds: [berlin, lisbon, potsdam, hamburg] }, 400, new RegExp(`it names ${hamburg}, not in the playlist`));
    await refused('PUT', adminApiPaths.playlistArticlesOrder(nobody), { articleIds: [berlin] }, 404, /no playlist with that id/);

    expect(await counts()).toEqual(before);
    expect(idsOf(await ok('GET', adminApiPaths.playlistArticles(f.playlist)))).toEqual([lisbon, potsdam, berlin]);
  });
});
