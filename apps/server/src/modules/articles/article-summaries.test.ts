import { ArticleListResponseSchema, ArticleStatus, MediaSource, MediaType, type ArticleSummary } from '@newsreel/contracts';
import { sql } from 'kysely';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseDriver, type TestApp } from '../../../test/helpers';
import { forgetCachedReads } from '../../http/expiring-cache';

/**
 * PostgreSQL writes each article of a list as JSON (its card, kept in article_cards by triggers,
 * migration 0050), and the app sends that text as it is. These tests hold the text to the contract: every field, the
 * cases where one is left out or null, strings that need escaping, and the same summary whether
 * it comes straight from the database (a list) or through the response serialiser (by id).
 */
describe('article summaries written by PostgreSQL', () => {
  let t: TestApp;
  const db = () => t.database.handle.db;
  const ids: Record<string, string> = {};
  let publisher: string;
  let politics: string;
  let science: string;
  // Microseconds that toISOString() would drop: the summary keeps the millisecond only.
  const publishedAt = new Date(Date.UTC(2026, 10, 20, 8, 30, 15, 987));

  beforeAll(async () => {
    t = await createTestApp();
    publisher = (await db().insertInto('publishers').values({ slug: 'quote-press', name: 'The "Quote" Press' }).returning('id').executeTakeFirstOrThrow()).id;
    politics = (await db().insertInto('categories').values({ slug: 'politik', name: 'Politik & Wahl' }).returning('id').executeTakeFirstOrThrow()).id;
    science = (await db().insertInto('categories').values({ slug: 'science', name: 'Science' }).returning('id').executeTakeFirstOrThrow()).id;
    const article = (key: string, values: Record<string, unknown>) => ({
      slug: `summary-${key}`,
      title: `Summary ${key}`,
      description: 'An article for the summary tests, long enough to pass the minimum length.',
      status: ArticleStatus.ACTIVE,
      territory: 2,
      breaking: false,
      language: 'en',
      category_ids: [],
      region_ids: [],
      publisher_id: publisher,
      published_at: publishedAt,
      ...values,
    });
    const rows = await db()
      .insertInto('articles')
      .values([
        article('full', {
          title: 'Quotes "here", a back\\slash, a tab\tand a line\nbreak — über 東京 🎥',
          breaking: true,
          language: 'de',
          region_ids: [11, 4],
          // An id that names no category is left out; the others keep their order.
          category_ids: [science, '00000000-0000-0000-0000-0000000000aa', politics],
          location_name: 'Berlin',
          location_slug: 'berlin',
          lat: 52.52,
          lon: 13.405,
          poster_url: '/media/full/poster.jpg',
          duration_seconds: 61.5,
        }),
        // A slug without coordinates, or an empty slug, is no location.
        article('no-place', { location_name: 'Nowhere', location_slug: 'nowhere', lat: null, lon: null, published_at: new Date(publishedAt.getTime() - 1_000) }),
        article('empty-slug', { location_name: '', location_slug: '', lat: 1, lon: 2, published_at: new Date(publishedAt.getTime() - 2_000) }),
      ])
      .returning(['id', 'slug'])
      .execute();
    for (const row of rows) ids[row.slug.replace('summary-', '')] = row.id;
    // The microseconds, which the insert above could not carry.
    await sql`UPDATE articles SET published_at = published_at + interval '456 microseconds' WHERE id = ${ids.full}`.execute(db());
    const media = (type: number, url: string, fileSize: number | null) => ({
      article_id: ids.full!,
      type,
      source: MediaSource.MEDIA_STORE,
      url,
      file_type: type === MediaType.AUDIO ? 'audio/mpeg' : 'video/webm',
      file_size: fileSize,
      language: type === MediaType.DUBBED_VIDEO ? 'fr' : null,
      duration_seconds: 61.5,
    });
    // Dubbed video comes before audio (and video before both); a size past 2^31 stays whole.
    await db()
      .insertInto('media_assets')
      .values([media(MediaType.AUDIO, '/media/full/audio.mp3', 1_000), media(MediaType.DUBBED_VIDEO, '/media/full/dubbed.webm', 5_000_000_000)])
      .execute();
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    return response;
  };

  it('lists each article with every field of the contract, in its order', async () => {
    const response = await get('/v1/articles?limit=10');
    const body = response.json();
    expect(Value.Check(ArticleListResponseSchema, body)).toBe(true);
    expect(Object.keys(body)).toEqual(['items', 'page', 'limit', 'total']);
    const full: ArticleSummary = {
      id: ids.full!,
      slug: 'summary-full',
      title: 'Quotes "here", a back\\slash, a tab\tand a line\nbreak — über 東京 🎥',
      description: 'An article for the summary tests, long enough to pass the minimum length.',
      territory: 2,
      breaking: true,
      language: 'de',
      regionIds: [11, 4],
      location: { name: 'Berlin', slug: 'berlin', lat: 52.52, lon: 13.405 },
      publisher: { id: publisher, name: 'The "Quote" Press', slug: 'quote-press' },
      categories: [
        { id: science, name: 'Science', slug: 'science' },
        { id: politics, name: 'Politik & Wahl', slug: 'politik' },
      ],
      poster: '/media/full/poster.jpg',
      mediafile: {
        type: MediaType.DUBBED_VIDEO,
        source: MediaSource.MEDIA_STORE,
        url: '/media/full/dubbed.webm',
        fileType: 'video/webm',
        fileSize: 5_000_000_000,
        language: 'fr',
        durationSeconds: 61.5,
      },
      durationSeconds: 61.5,
      publishedAt: '2026-11-20T08:30:15.987Z',
    };
    expect(body.items.map((item: ArticleSummary) => item.id)).toEqual([ids.full, ids['no-place'], ids['empty-slug']]);
    expect(body.items[0]).toEqual(full);
    expect(Object.keys(body.items[0])).toEqual(Object.keys(full));
    expect(body.items[1]).toMatchObject({ location: null, categories: [], poster: null, mediafile: null, durationSeconds: null });
    expect(body.items[2]).toMatchObject({ location: null });
    expect(body).toMatchObject({ page: 1, limit: 10, total: 3 });
  });

  it('writes the same text the response serialiser writes for the same article', async () => {
    const listed = (await get('/v1/articles?limit=10')).json().items as ArticleSummary[];
    const loaded = await get(`/v1/articles/load?ids=${[ids['empty-slug'], ids.full, ids['no-place']].join(',')}`);
    const byId = new Map(listed.map((item) => [item.id, item]));
    const items = loaded.json().items as ArticleSummary[];
    expect(items.map((item) => item.id)).toEqual([ids['empty-slug'], ids.full, ids['no-place']]);
    for (const item of items) expect(item).toEqual(byId.get(item.id));
    // Byte for byte: the list's text, cut into its items, is what the serialiser made of them.
    const listBody = (await get('/v1/articles?limit=10')).body;
    for (const item of items) expect(listBody).toContain(JSON.stringify(item));
  });

  it('follows every change of an article\'s files: added, changed, moved and removed', async () => {
    const mediafileOf = async (key: string) => {
      // Read afresh, not from this process's kept answers.
      forgetCachedReads(db());
      return ((await get(`/v1/articles/load?ids=${ids[key]}`)).json().items as ArticleSummary[])[0]!.mediafile;
    };
    const full = ids.full!;
    const other = ids['no-place']!;
    // A video comes before the dubbed video it had.
    const video = (
      await db()
        .insertInto('media_assets')
        .values({ article_id: full, type: MediaType.VIDEO, source: MediaSource.DIRECT, url: 'https://cdn.example/v.mp4', file_type: 'video/mp4', file_size: null, language: null, duration_seconds: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    expect(await mediafileOf('full')).toEqual({ type: MediaType.VIDEO, source: MediaSource.DIRECT, url: 'https://cdn.example/v.mp4', fileType: 'video/mp4', fileSize: null, language: null, durationSeconds: null });
    await db().updateTable('media_assets').set({ url: 'https://cdn.example/v2.mp4' }).where('id', '=', video).execute();
    expect(await mediafileOf('full')).toMatchObject({ url: 'https://cdn.example/v2.mp4' });
    // Moved to another article: each shows what it has now.
    await db().updateTable('media_assets').set({ article_id: other }).where('id', '=', video).execute();
    expect(await mediafileOf('full')).toMatchObject({ type: MediaType.DUBBED_VIDEO, url: '/media/full/dubbed.webm' });
    expect(await mediafileOf('no-place')).toMatchObject({ type: MediaType.VIDEO, url: 'https://cdn.example/v2.mp4' });
    await db().deleteFrom('media_assets').where('article_id', '=', full).where('type', '=', MediaType.DUBBED_VIDEO).execute();
    expect(await mediafileOf('full')).toMatchObject({ type: MediaType.AUDIO, url: '/media/full/audio.mp3' });
    await db().deleteFrom('media_assets').where('article_id', 'in', [full, other]).execute();
    expect(await mediafileOf('full')).toBeNull();
    expect(await mediafileOf('no-place')).toBeNull();
    // The article still reads as before in every other way, and still shows in its feeds and search.
    forgetCachedReads(db());
    expect((await get(`/v1/articles?regionIds=11&limit=10`)).json().items.map((item: ArticleSummary) => item.id)).toEqual([full]);
    expect((await get(`/v1/search?q=${encodeURIComponent('"line break"')}`)).json().articles.items.map((item: ArticleSummary) => item.id)).toEqual([full]);
  });

  it('follows every change of what a card shows: the article, its publisher and its categories', async () => {
    const cardOf = async (key: string) => {
      forgetCachedReads(db());
      return ((await get(`/v1/articles/load?ids=${ids[key]}`)).json().items as ArticleSummary[])[0]!;
    };
    await db().updateTable('articles').set({ title: 'Summary full, retitled' }).where('id', '=', ids.full!).execute();
    expect(await cardOf('full')).toMatchObject({ title: 'Summary full, retitled' });
    await db().updateTable('publishers').set({ name: 'The Press', slug: 'the-press' }).where('id', '=', publisher).execute();
    expect((await cardOf('full')).publisher).toEqual({ id: publisher, name: 'The Press', slug: 'the-press' });
    expect((await cardOf('no-place')).publisher).toEqual({ id: publisher, name: 'The Press', slug: 'the-press' });
    await db().updateTable('categories').set({ name: 'Wissenschaft', slug: 'wissenschaft' }).where('id', '=', science).execute();
    expect((await cardOf('full')).categories).toEqual([
      { id: science, name: 'Wissenschaft', slug: 'wissenschaft' },
      { id: politics, name: 'Politik & Wahl', slug: 'politik' },
    ]);
    // A category made with an id the article already named appears in its place; a removed one leaves.
    const late = '00000000-0000-0000-0000-0000000000aa';
    await db().insertInto('categories').values({ id: late, slug: 'late', name: 'Late' }).execute();
    expect((await cardOf('full')).categories.map((category) => category.slug)).toEqual(['wissenschaft', 'late', 'politik']);
    await db().deleteFrom('categories').where('id', '=', politics).execute();
    expect((await cardOf('full')).categories.map((category) => category.slug)).toEqual(['wissenschaft', 'late']);
    // A change that the card does not show leaves it as it was, and a deleted article takes its card along.
    const before = await sql<{ card: string }>`SELECT card FROM article_cards WHERE article_id = ${ids['empty-slug']}`.execute(db());
    await db().updateTable('articles').set({ summary: 'A text summary, not on the card.' }).where('id', '=', ids['empty-slug']!).execute();
    const after = await sql<{ card: string }>`SELECT card FROM article_cards WHERE article_id = ${ids['empty-slug']}`.execute(db());
    expect(after.rows).toEqual(before.rows);
    await db().deleteFrom('articles').where('id', '=', ids['empty-slug']!).execute();
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM article_cards WHERE article_id = ${ids['empty-slug']}`.execute(db())).rows[0]!.n).toBe(0);
  });

  // PGlite has one connection, so its transactions cannot overlap; the lock is shown on PostgreSQL.
  it.skipIf(testDatabaseDriver === 'pglite')('keeps both changes on the card when a rename and an article write overlap, in either order', async () => {
    const cardOf = async () => {
      const { rows } = await sql<{ card: string }>`SELECT card FROM article_cards WHERE article_id = ${ids.full}`.execute(db());
      return JSON.parse(rows[0]!.card) as ArticleSummary;
    };
    /** Runs `second` while `first`'s transaction is open, checks that it waits, then lets `first` commit. */
    const overlapping = async (first: (trx: ReturnType<typeof db>) => Promise<unknown>, second: () => Promise<unknown>) => {
      let settled = false;
      let waiting: Promise<unknown> | undefined;
      await db()
        .transaction()
        .execute(async (trx) => {
          await first(trx);
          waiting = second().then(() => (settled = true));
          await new Promise((resolve) => setTimeout(resolve, 300));
          expect(settled).toBe(false);
        });
      await waiting;
    };
    await overlapping(
      (trx) => trx.updateTable('publishers').set({ name: 'Overlap Press' }).where('id', '=', publisher).execute(),
      () => db().updateTable('articles').set({ title: 'Summary full, written during a rename' }).where('id', '=', ids.full!).execute(),
    );
    expect(await cardOf()).toMatchObject({ title: 'Summary full, written during a rename', publisher: { name: 'Overlap Press' } });
    await overlapping(
      (trx) => trx.updateTable('articles').set({ title: 'Summary full, written before a rename' }).where('id', '=', ids.full!).execute(),
      () => db().updateTable('publishers').set({ name: 'Overlap Press, renamed' }).where('id', '=', publisher).execute(),
    );
    expect(await cardOf()).toMatchObject({ title: 'Summary full, written before a rename', publisher: { name: 'Overlap Press, renamed' } });
  });

  it('adds the distance to radar items, in whole metres', async () => {
    const body = (await get('/v1/articles/radar?lat=52.52&lon=13.4&radius=1000')).json();
    expect(Value.Check(ArticleListResponseSchema, body)).toBe(true);
    expect(body.items).toHaveLength(1);
    const [item] = body.items as ArticleSummary[];
    expect(item!.id).toBe(ids.full);
    expect(Object.keys(item!).at(-1)).toBe('distanceMeters');
    // 0.005° of longitude at 52.52° north, on the sphere earthdistance uses.
    expect(item!.distanceMeters).toBe(Math.round(0.005 * (Math.PI / 180) * 6_378_168 * Math.cos((52.52 * Math.PI) / 180)));
  });
});
