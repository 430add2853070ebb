import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYLIST_EXTERNAL_ID, seedContentFixture, type ArticleKey, type ContentFixture } from '../../../test/content-fixture';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { forgetCachedReads } from '../../http/expiring-cache';

describe('playlists', () => {
  let t: TestApp;
  let f: ContentFixture;
  let keyOf: Map<string, ArticleKey>;
  const keys = (articles: { id: string }[]) => articles.map((item) => keyOf.get(item.id) ?? item.id);

  beforeAll(async () => {
    t = await createTestApp();
    f = await seedContentFixture(t.database.handle.db);
    keyOf = new Map(Object.entries(f.articles).map(([key, id]) => [id, key as ArticleKey]));
    // Hidden articles in the playlist are skipped.
    await t.database.handle.db
      .insertInto('playlist_articles')
      .values([
        { playlist_id: f.playlist, article_id: f.articles.pending, position: 1 },
        { playlist_id: f.playlist, article_id: f.articles.scheduled, position: 25 },
      ])
      .execute();
  });
  afterAll(() => t.close());

  it('answers a playlist with its public articles in playlist order', async () => {
    const res = await t.app.inject(`/v1/playlists/${f.playlist}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: f.playlist,
      externalId: PLAYLIST_EXTERNAL_ID,
      name: 'Morning briefing',
      description: 'Three reports to start the day.',
    });
    expect(Object.keys(body).sort()).toEqual(['articles', 'description', 'externalId', 'id', 'name']);
    expect(keys(body.articles)).toEqual(['lisbon', 'potsdam', 'berlin']);
    expect(body.articles[0]).toMatchObject({
      title: 'Lisbon summit agrees on ocean research funds',
      publisher: { id: f.publishers.atlantic },
      mediafile: { type: 2 },
    });
  });

  // Writes straight to the tables stand for another process's: this one sees them once its
  // short-lived copies expire, which forgetCachedReads stands for.
  it('follows a change of order and of status', async () => {
    const db = t.database.handle.db;
    await db
      .updateTable('playlist_articles')
      .set({ position: 100 })
      .where('playlist_id', '=', f.playlist)
      .where('article_id', '=', f.articles.lisbon)
      .execute();
    await db.updateTable('articles').set({ status: 0 }).where('id', '=', f.articles.potsdam).execute();
    forgetCachedReads(db);
    try {
      expect(keys((await t.app.inject(`/v1/playlists/${f.playlist}`)).json().articles)).toEqual(['berlin', 'lisbon']);
    } finally {
      await db.updateTable('articles').set({ status: 1 }).where('id', '=', f.articles.potsdam).execute();
      await db
        .updateTable('playlist_articles')
        .set({ position: 0 })
        .where('playlist_id', '=', f.playlist)
        .where('article_id', '=', f.articles.lisbon)
        .execute();
      forgetCachedReads(db);
    }
    expect(keys((await t.app.inject(`/v1/playlists/${f.playlist}`)).json().articles)).toEqual(['lisbon', 'potsdam', 'berlin']);
  });

  it('answers an empty playlist with no articles', async () => {
    const { id } = await t.database.handle.db
      .insertInto('playlists')
      .values({ external_id: 'empty-list', name: 'Empty' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await t.app.inject(`/v1/playlists/${id}`)).json()).toEqual({
      id,
      externalId: 'empty-list',
      name: 'Empty',
      description: '',
      articles: [],
    });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await t.app.inject(`/v1/playlists/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'There is no playlist with that id.' });
    for (const id of [PLAYLIST_EXTERNAL_ID, encodeURIComponent("x'; drop table playlists; --")]) {
      const res = await t.app.inject(`/v1/playlists/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message).toMatch(/^params\.id must match format "uuid"/);
    }
    expect((await t.app.inject(`/v1/playlists/${f.playlist}`)).statusCode).toBe(200);
  });

  it('lets the read be cached, with ETag revalidation', async () => {
    const url = `/v1/playlists/${f.playlist}`;
    const first = await t.app.inject(url);
    expect(first.headers['cache-control']).toMatch(/^public/);
    expect(first.headers.etag).toEqual(expect.any(String));
    const again = await t.app.inject({ url, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});
