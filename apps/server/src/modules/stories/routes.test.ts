import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedContentFixture, type ArticleKey, type ContentFixture } from '../../../test/content-fixture';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { forgetCachedReads } from '../../http/expiring-cache';

describe('stories', () => {
  let t: TestApp;
  let f: ContentFixture;
  let keyOf: Map<string, ArticleKey>;
  let futureStory: string;
  const keys = (body: { items: { id: string }[] }) => body.items.map((item) => keyOf.get(item.id) ?? item.id);
  // A write straight to the table stands for another process's: this one sees it once its
  // short-lived copies expire, which forgetCachedReads stands for.
  const setStatus = async (key: ArticleKey, status: number) => {
    await t.database.handle.db.updateTable('articles').set({ status }).where('id', '=', f.articles[key]).execute();
    forgetCachedReads(t.database.handle.db);
  };

  beforeAll(async () => {
    t = await createTestApp();
    f = await seedContentFixture(t.database.handle.db);
    keyOf = new Map(Object.entries(f.articles).map(([key, id]) => [id, key as ArticleKey]));
    const db = t.database.handle.db;
    // The pending and the scheduled article sit between the story's public ones; they must not count.
    await db
      .insertInto('story_articles')
      .values([
        { story_id: f.story, article_id: f.articles.pending, position: 5 },
        { story_id: f.story, article_id: f.articles.scheduled, position: 15 },
      ])
      .execute();
    // A story of tomorrow is not public yet.
    futureStory = (
      await db
        .insertInto('stories')
        .values({
          slug: 'tomorrows-story',
          title: 'Tomorrow in review',
          description: 'Not yet.',
          poster_url: null,
          published_at: new Date(Date.now() + 86_400_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await db.insertInto('story_articles').values({ story_id: futureStory, article_id: f.articles.berlin, position: 0 }).execute();
  });
  afterAll(() => t.close());

  const electionWeek = () => ({
    id: f.story,
    slug: 'election-week',
    title: 'Election week in the north',
    description: 'Budgets, harbours and summits: the week in three reports.',
    poster: 'https://media.example/stories/election-week.jpg',
    articleCount: 3,
    publishedAt: new Date(f.now.getTime() - 2 * 3_600_000).toISOString(),
  });

  it('lists published stories, newest first', async () => {
    const older = await t.database.handle.db
      .insertInto('stories')
      .values({ slug: 'last-month', title: 'Last month', description: '', poster_url: null, published_at: new Date(Date.now() - 30 * 86_400_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    forgetCachedReads(t.database.handle.db);
    try {
      const res = await t.app.inject('/v1/stories');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        items: [electionWeek(), expect.objectContaining({ id: older.id, slug: 'last-month', articleCount: 0, poster: null })],
        total: 2,
        page: 1,
        limit: 30,
      });
      const second = await t.app.inject('/v1/stories?limit=1&page=2');
      expect(second.json()).toMatchObject({ items: [{ id: older.id }], total: 2, page: 2, limit: 1 });
      // Past the last page: no items, and still the whole list's total.
      const beyond = await t.app.inject('/v1/stories?limit=1&page=3');
      expect(beyond.json()).toEqual({ items: [], total: 2, page: 3, limit: 1 });
    } finally {
      await t.database.handle.db.deleteFrom('stories').where('id', '=', older.id).execute();
      forgetCachedReads(t.database.handle.db);
    }
  });

  it('answers one story whose articleCount counts only public articles', async () => {
    const res = await t.app.inject(`/v1/stories/${f.story}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(electionWeek());
  });

  it("lists a story's public articles in story order", async () => {
    const res = await t.app.inject(`/v1/stories/${f.story}/articles`);
    expect(res.statusCode).toBe(200);
    expect(keys(res.json())).toEqual(['hamburg', 'berlin', 'lisbon']);
    expect(res.json()).toMatchObject({ total: 3, page: 1, limit: 30 });
    const paged = await t.app.inject(`/v1/stories/${f.story}/articles?limit=2&page=2`);
    expect(keys(paged.json())).toEqual(['lisbon']);
    expect(paged.json()).toMatchObject({ total: 3, page: 2, limit: 2 });
    const beyond = await t.app.inject(`/v1/stories/${f.story}/articles?limit=2&page=3`);
    expect(beyond.json()).toEqual({ items: [], total: 3, page: 3, limit: 2 });
  });

  it('follows an article leaving and rejoining the public', async () => {
    await setStatus('berlin', 0);
    try {
      expect((await t.app.inject(`/v1/stories/${f.story}`)).json().articleCount).toBe(2);
      expect(keys((await t.app.inject(`/v1/stories/${f.story}/articles`)).json())).toEqual(['hamburg', 'lisbon']);
      expect((await t.app.inject('/v1/stories')).json().items[0].articleCount).toBe(2);
    } finally {
      await setStatus('berlin', 1);
    }
    expect((await t.app.inject(`/v1/stories/${f.story}`)).json().articleCount).toBe(3);
  });

  it('hides a story that is not yet published', async () => {
    const list = await t.app.inject('/v1/stories');
    expect(list.json().items.map((s: { id: string }) => s.id)).not.toContain(futureStory);
    expect((await t.app.inject(`/v1/stories/${futureStory}`)).statusCode).toBe(404);
    expect((await t.app.inject(`/v1/stories/${futureStory}/articles`)).statusCode).toBe(404);
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    for (const url of [`/v1/stories/${randomUUID()}`, `/v1/stories/${randomUUID()}/articles`]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'There is no story with that id.' });
    }
    for (const url of ['/v1/stories/election-week', '/v1/stories/election-week/articles', `/v1/stories/${encodeURIComponent('<script>')}`]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/^params\.id must match format "uuid"/);
    }
    for (const url of ['/v1/stories?limit=0', `/v1/stories/${f.story}/articles?page=0`]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/^querystring\.(limit|page) must be >= 1/);
    }
  });

  it('lets every read be cached, with ETag revalidation', async () => {
    for (const url of ['/v1/stories', `/v1/stories/${f.story}`, `/v1/stories/${f.story}/articles`]) {
      const first = await t.app.inject(url);
      expect(first.headers['cache-control'], url).toMatch(/^public/);
      expect(first.headers.etag, url).toEqual(expect.any(String));
      const again = await t.app.inject({ url, headers: { 'if-none-match': String(first.headers.etag) } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
    }
  });
});
