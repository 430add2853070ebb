import {
  AdminRole,
  apiPaths,
  type AdminStory,
  type AdminStoryList,
  type ArticleList,
  type AuditList,
  type CollectionArticles,
  type SearchResponse,
  type Story,
  type StoryCachePurge,
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

describe('stories in the admin console', () => {
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
    const superuser = await adminAuth(t.app, await signIn(t.app, 'story-superuser@example.com'));
    const res = await t.app.inject({ method: 'GET', url: `${adminApiPaths.audit}?resource=story&resourceId=${resourceId}`, headers: superuser });
    return (res.json() as AuditList).items;
  };
  const rowCount = async (table: 'stories' | 'story_articles' | 'audit_log') =>
    Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db)).rows[0]!.n);
  const idsOf = (list: CollectionArticles) => list.items.map((article) => article.id);
  const publicGet = <T>(url: string) => t.app.inject({ method: 'GET', url }).then((res) => ({ status: res.statusCode, body: (res.body ? res.json() : undefined) as T }));

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'off' });
    db = t.database.handle.db;
    f = await seedContentFixture(db);
    moderatorId = await makeAccount(db, 'story-moderator@example.com', { adminRole: AdminRole.MODERATOR });
    await makeAccount(db, 'story-superuser@example.com', { adminRole: AdminRole.SUPERUSER });
    moderator = await adminAuth(t.app, await signIn(t.app, 'story-moderator@example.com'));
  });
  afterAll(() => t?.close());

  it('creates, reads, updates and deletes a story with its poster, each write in the audit log, the public reads showing it at once', async () => {
    const storyTitles = async () => (await publicGet<{ items: Story[] }>(apiPaths.stories)).body.items.map((s) => s.title);
    expect(await storyTitles()).not.toContain('Harbour strike');
    const created = await call('POST', adminApiPaths.stories, { slug: 'harbour-strike', title: ' Harbour strike ', poster: 'https://media.example/stories/harbour.jpg' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['cache-control']).toBe('private, no-store');
    const story = created.json() as AdminStory;
    expect(story).toMatchObject({ slug: 'harbour-strike', title: 'Harbour strike', description: '', poster: 'https://media.example/stories/harbour.jpg', articleCount: 0, published: true });
    expect(await ok('GET', adminApiPaths.story(story.id))).toEqual(story);
    expect(await storyTitles()).toContain('Harbour strike');

    // Read first, so the public answer is kept.
    expect((await publicGet<Story>(apiPaths.story(story.id))).body).toMatchObject({ title: 'Harbour strike', poster: 'https://media.example/stories/harbour.jpg' });
    const updated = await ok<AdminStory>('PUT', adminApiPaths.story(story.id), { title: 'Harbour strike ends', poster: null, description: 'Day 12.' });
    expect(updated).toMatchObject({ slug: 'harbour-strike', title: 'Harbour strike ends', poster: null, description: 'Day 12.' });
    expect((await publicGet<Story>(apiPaths.story(story.id))).body).toMatchObject({ title: 'Harbour strike ends', poster: null });
    const found = (await publicGet<SearchResponse>(`${apiPaths.search}?q=harbour&type=stories`)).body;
    expect(found.stories.items.map((s) => s.id)).toContain(story.id);

    // A story still to come is the admin's only.
    const later = new Date(Date.now() + 86_400_000).toISOString();
    expect(await ok<AdminStory>('PUT', adminApiPaths.story(story.id), { publishedAt: later })).toMatchObject({ published: false, publishedAt: later });
    expect((await publicGet(apiPaths.story(story.id))).status).toBe(404);
    expect(await storyTitles()).not.toContain('Harbour strike ends');

    expect((await call('DELETE', adminApiPaths.story(story.id))).statusCode).toBe(204);
    expect((await call('GET', adminApiPaths.story(story.id))).statusCode).toBe(404);

    const entries = await auditOf(story.id);
    expect(entries.map((entry) => entry.action)).toEqual(['delete', 'update', 'update', 'create']);
    expect(entries[3]).toMatchObject({ before: null, after: { slug: 'harbour-strike', poster: 'https://media.example/stories/harbour.jpg' } });
    expect(entries[2]).toMatchObject({ before: { title: 'Harbour strike', poster: 'https://media.example/stories/harbour.jpg' }, after: { title: 'Harbour strike ends', poster: null } });
    expect(entries[0]).toMatchObject({ before: { slug: 'harbour-strike', articleIds: [] }, after: null });
    for (const entry of entries) expect(entry.actor).toEqual({ userId: moderatorId, email: 'story-moderator@example.com', adminRole: AdminRole.MODERATOR });
  });

  it('lists stories, published and still to come, a page at a time, searched, filtered and sorted', async () => {
    const coming = await ok<AdminStory>('POST', adminApiPaths.stories, { slug: 'budget-day', title: 'Budget day', publishedAt: new Date(Date.now() + 3_600_000).toISOString() });
    const titles = async (query: string) => (await ok<AdminStoryList>('GET', `${adminApiPaths.stories}?${query}`)).items.map((s) => s.title);
    const all = await titles('');
    expect(all[0]).toBe('Budget day');
    expect(await titles('published=false')).toEqual(['Budget day']);
    expect(await titles('published=true')).not.toContain('Budget day');
    expect(await titles('q=BUDGET-DAY')).toEqual(['Budget day']);
    expect(await titles('q=%25')).toEqual([]);
    const byCount = (await ok<AdminStoryList>('GET', `${adminApiPaths.stories}?sort=articleCount&order=desc`)).items;
    expect(byCount[0]).toMatchObject({ id: f.story, articleCount: 3 });
    const paged = await ok<AdminStoryList>('GET', `${adminApiPaths.stories}?sort=title&order=asc&limit=1`);
    expect(paged).toMatchObject({ page: 1, limit: 1, total: all.length, items: [{ title: [...all].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()))[0] }] });
    await ok('DELETE', adminApiPaths.story(coming.id));
  });

  it('adds, batch-adds, reorders and removes articles, and the public reads show each change at once', async () => {
    const publicIds = async () => (await publicGet<ArticleList>(apiPaths.storyArticles(f.story))).body.items.map((a) => a.id);
    const publicCount = async () => (await publicGet<Story>(apiPaths.story(f.story))).body.articleCount;
    const { hamburg, berlin, lisbon, potsdam, global, scheduled } = f.articles;
    expect(await publicIds()).toEqual([hamburg, berlin, lisbon]);
    expect(await publicCount()).toBe(3);

    expect(idsOf(await ok('POST', adminApiPaths.storyArticles(f.story), { articleId: potsdam }))).toEqual([hamburg, berlin, lisbon, potsdam]);
    expect(await publicIds()).toEqual([hamburg, berlin, lisbon, potsdam]);
    expect(await publicCount()).toBe(4);

    const batch = await ok<CollectionArticles>('POST', adminApiPaths.storyArticlesBatch(f.story), { articleIds: [global, scheduled] });
    expect(idsOf(batch)).toEqual([hamburg, berlin, lisbon, potsdam, global, scheduled]);
    expect(batch.items.at(-1)).toMatchObject({ id: scheduled, live: false });
    expect(await publicIds()).toEqual([hamburg, berlin, lisbon, potsdam, global]);
    expect((await ok<AdminStory>('GET', adminApiPaths.story(f.story))).articleCount).toBe(6);

    const order = [scheduled, global, potsdam, lisbon, berlin, hamburg];
    expect(idsOf(await ok('PUT', adminApiPaths.storyArticlesOrder(f.story), { articleIds: order }))).toEqual(order);
    expect(await publicIds()).toEqual([global, potsdam, lisbon, berlin, hamburg]);

    for (const articleId of [scheduled, global, potsdam]) await ok('DELETE', adminApiPaths.storyArticles(f.story), { articleId });
    await ok('PUT', adminApiPaths.storyArticlesOrder(f.story), { articleIds: [hamburg, berlin, lisbon] });
    expect(await publicIds()).toEqual([hamburg, berlin, lisbon]);
    expect(await publicCount()).toBe(3);
    const actions = (await auditOf(f.story)).map((entry) => entry.action);
    expect(actions.slice(0, 6)).toEqual(['reorder-articles', 'remove-article', 'remove-article', 'remove-article', 'reorder-articles', 'add-articles']);
  });

  it('purges a story’s cached public answers, and says which caches', async () => {
    // Changed behind the server's back: the kept answer still shows the old title until purged.
    expect((await publicGet<Story>(apiPaths.story(f.story))).body.title).not.toBe('Changed directly');
    const { rows } = await sql<{ title: string }>`SELECT title FROM stories WHERE id = ${f.story}`.execute(db);
    await sql`UPDATE stories SET title = 'Changed directly' WHERE id = ${f.story}`.execute(db);
    expect((await publicGet<Story>(apiPaths.story(f.story))).body.title).toBe(rows[0]!.title);
    expect(await ok<StoryCachePurge>('DELETE', adminApiPaths.storyCache(f.story))).toEqual({ storyId: f.story, purged: ['public answers'] });
    expect((await publicGet<Story>(apiPaths.story(f.story))).body.title).toBe('Changed directly');
    await sql`UPDATE stories SET title = ${rows[0]!.title} WHERE id = ${f.story}`.execute(db);
    expect((await auditOf(f.story))[0]).toMatchObject({ action: 'purge-cache', after: { purged: ['public answers'] } });
    await refused('DELETE', adminApiPaths.storyCache(randomUUID()), undefined, 404, /no story with that id/);
  });

  it('refuses bad input, unknown ids, taken slugs and wrong article lists, and changes nothing', async () => {
    const counts = async () => [await rowCount('stories'), await rowCount('story_articles'), await rowCount('audit_log')];
    const before = await counts();
    const nobody = randomUUID();
    const { hamburg, berlin, lisbon, potsdam } = f.articles;
    await refused('POST', adminApiPaths.stories, { title: 'No slug' }, 400, /body\.slug is required/);
    await refused('POST', adminApiPaths.stories, { slug: 'Not A Slug', title: 'X' }, 400, /body\.slug must match pattern/);
    await refused('POST', adminApiPaths.stories, { slug: 'blank', title: '  ' }, 400, /body\.title must match pattern/);
    await refused('POST', adminApiPaths.stories, { slug: 'ftp', title: 'X', poster: 'ftp://media.example/x.jpg' }, 400, /body\.poster/);
    await refused('POST', adminApiPaths.stories, { slug: 'when', title: 'X', publishedAt: 'tomorrow' }, 400, /body\.publishedAt must match format "date-time"/);
    await refused('POST', adminApiPaths.stories, { slug: 'election-week', title: 'Again' }, 409, /already a story with the slug "election-week"/);
    await refused('PUT', adminApiPaths.story(f.story), {}, 400, /body must NOT have fewer than 1 properties/);
    await refused('PUT', adminApiPaths.story(nobody), { title: 'Nothing' }, 404, /no story with that id/);
    await refused('DELETE', adminApiPaths.story(nobody), undefined, 404, /no story with that id/);
    await refused('GET', adminApiPaths.story('not-an-id'), undefined, 400, /params\.id/);
    await refused('GET', `${adminApiPaths.stories}?sort=colour`, undefined, 400, /querystring\.sort must be one of/);

    await refused('POST', adminApiPaths.storyArticles(f.story), { articleId: nobody }, 400, new RegExp(`body\\.articleId names no article: ${nobody}`));
    await refused('POST', adminApiPaths.storyArticles(f.story), { articleId: hamburg }, 409, new RegExp(`story already holds the article ${hamburg}`));
    await refused('POST', adminApiPaths.storyArticlesBatch(f.story), { articleIds: [potsdam, nobody] }, 400, new RegExp(`body\\.articleIds names no article: ${nobody}; nothing was added`));
    await refused('POST', adminApiPaths.storyArticlesBatch(nobody), { articleIds: [potsdam] }, 404, /no story with that id/);
    await refused('DELETE', adminApiPaths.storyArticles(f.story), { articleId: potsdam }, 404, new RegExp(`article ${potsdam} is not in this story`));
    await refused('PUT', adminApiPaths.storyArticlesOrder(f.story), { articleIds: [lisbon, potsdam] }, 400, new RegExp(`each of the story's 3 articles once: it leaves out ${hamburg}, ${berlin} and it names ${potsdam}, not in the story`));

    expect(await counts()).toEqual(before);
    expect(idsOf(await ok('GET', adminApiPaths.storyArticles(f.story)))).toEqual([hamburg, berlin, lisbon]);
  });
});
