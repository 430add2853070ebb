import { ArticleStatus, LIST_TOTAL_LOOKAHEAD } from '@newsreel/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedContentFixture, type ContentFixture } from '../../../test/content-fixture';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { forgetCachedReads } from '../../http/expiring-cache';
import { SEARCH_CANDIDATES } from '../search/search-repository';

/**
 * Filtered feeds read article_feed_entries and search reads article_search, both kept by
 * triggers (migration 0006). These tests compare every answer with the same list worked out
 * from the articles themselves, after inserts, updates, deletes and transcript edits.
 */

interface Row {
  id: string;
  region_ids: number[];
  category_ids: string[];
  publisher_id: string;
  language: string;
  breaking: boolean;
  territory: number;
  published_at: Date;
}

type Filters = { regionIds?: number[]; categoryIds?: string[]; publisherId?: string; language?: string; breaking?: boolean };

describe('feeds filtered by region and category, and search, follow every change to the articles', () => {
  let t: TestApp;
  let f: ContentFixture;
  let categories: string[];
  const db = () => t.database.handle.db;

  // 60 articles over 6 regions and the fixture's 3 categories, one to three of each, two publishers.
  beforeAll(async () => {
    t = await createTestApp();
    f = await seedContentFixture(db());
    categories = Object.values(f.categories);
    const now = Date.now();
    await db()
      .insertInto('articles')
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          slug: `entries-${i}`,
          title: `Entries test report number ${i}`,
          description: 'A report for the feed entry tests, long enough to pass the minimum length.',
          status: ArticleStatus.ACTIVE,
          territory: 1 + (i % 4),
          breaking: i % 7 === 0,
          language: i % 5 === 0 ? 'fr' : 'en',
          category_ids: categories.filter((_, k) => (i + k) % (1 + (i % 3)) === 0),
          region_ids: [1 + (i % 6), ...(i % 4 === 0 ? [1 + ((i + 2) % 6)] : [])],
          publisher_id: i % 2 === 0 ? f.publishers.spree : f.publishers.atlantic,
          // Some share a published_at, so the id decides their order.
          published_at: new Date(now - Math.floor(i / 2) * 60_000),
        })),
      )
      .execute();
  });
  afterAll(() => t.close());

  const publicRows = async () =>
    (await db()
      .selectFrom('articles')
      .select(['id', 'region_ids', 'category_ids', 'publisher_id', 'language', 'breaking', 'territory', 'published_at'])
      .where('status', '=', ArticleStatus.ACTIVE)
      .where('published_at', '<=', new Date())
      .execute()) as Row[];

  /** The feed as the articles themselves say it should be: newest first, then id descending. */
  function expected(rows: Row[], filters: Filters): string[] {
    return rows
      .filter((row) => !filters.regionIds || row.region_ids.some((r) => filters.regionIds!.includes(r)))
      .filter((row) => !filters.categoryIds || row.category_ids.some((c) => filters.categoryIds!.includes(c)))
      .filter((row) => !filters.publisherId || row.publisher_id === filters.publisherId)
      .filter((row) => !filters.language || row.language === filters.language)
      .filter((row) => filters.breaking === undefined || row.breaking === filters.breaking)
      .sort((a, b) => b.published_at.getTime() - a.published_at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .map((row) => row.id);
  }

  async function feed(filters: Filters, limit = 7): Promise<{ ids: string[]; total: number }> {
    // The app keeps its answers briefly; these tests write behind its back.
    forgetCachedReads(db());
    const query = new URLSearchParams({ limit: String(limit) });
    if (filters.regionIds) query.set('regionIds', filters.regionIds.join(','));
    if (filters.categoryIds) query.set('categoryIds', filters.categoryIds.join(','));
    if (filters.publisherId) query.set('publisherId', filters.publisherId);
    if (filters.language) query.set('language', filters.language);
    if (filters.breaking !== undefined) query.set('breaking', String(filters.breaking));
    const ids: string[] = [];
    let total = -1;
    for (let page = 1; page < 50; page++) {
      query.set('page', String(page));
      const res = await t.app.inject(`/v1/articles?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { items: { id: string }[]; total: number };
      if (page === 1) total = body.total;
      if (body.items.length === 0) break;
      ids.push(...body.items.map((item) => item.id));
    }
    return { ids, total };
  }

  const filterSets = (): Filters[] => [
    { regionIds: [1] },
    { regionIds: [1, 3] },
    { categoryIds: [categories[0]!] },
    { regionIds: [2, 5], categoryIds: [categories[1]!, categories[2]!] },
    { regionIds: [4], publisherId: f.publishers.atlantic },
    { categoryIds: [categories[2]!], language: 'fr' },
    { regionIds: [1, 2, 3, 4, 5, 6], breaking: true },
    { regionIds: [1, 2, 3, 4, 5, 6], breaking: false, categoryIds: categories },
  ];

  async function expectEveryFeedRight() {
    const rows = await publicRows();
    for (const filters of filterSets()) {
      const want = expected(rows, filters);
      const got = await feed(filters);
      expect(got.ids, JSON.stringify(filters)).toEqual(want);
      expect(got.total, JSON.stringify(filters)).toBe(want.length);
    }
  }

  it('answers each filtered feed page by page exactly as the articles say', async () => {
    await expectEveryFeedRight();
  });

  it('answers a request naming more combinations than it reads one by one the same way', async () => {
    // 22 regions × 3 categories = 66 ranges: read as one scan of the entries.
    const regionIds = Array.from({ length: 22 }, (_, i) => i);
    const want = expected(await publicRows(), { regionIds, categoryIds: categories });
    expect((await feed({ regionIds, categoryIds: categories })).ids).toEqual(want);
  });

  it('follows an article moved to other regions and categories, unpublished, scheduled and deleted', async () => {
    const [moved, hidden, scheduled, deleted] = ['entries-3', 'entries-8', 'entries-13', 'entries-21'];
    await db()
      .updateTable('articles')
      .set({ region_ids: [6, 2], category_ids: [categories[2]!] })
      .where('slug', '=', moved)
      .execute();
    await db().updateTable('articles').set({ status: ArticleStatus.PENDING }).where('slug', '=', hidden).execute();
    await db()
      .updateTable('articles')
      .set({ published_at: new Date(Date.now() + 3_600_000) })
      .where('slug', '=', scheduled)
      .execute();
    await db().deleteFrom('articles').where('slug', '=', deleted).execute();
    await expectEveryFeedRight();
    const leftOver = await sql<{ n: number }>`SELECT count(*)::int AS n FROM article_feed_entries e
      WHERE NOT EXISTS (SELECT 1 FROM articles a WHERE a.id = e.article_id AND a.status = ${ArticleStatus.ACTIVE})`.execute(db());
    expect(leftOver.rows[0]!.n).toBe(0);
  });

  it("ranks a personal feed's candidates from the entries of each asked region, once each, leaving out blocked publishers", async () => {
    const visitorId = 'visitor-entries-0001';
    await db()
      .insertInto('reader_settings')
      .values({ actor_type: 2, actor_id: visitorId, key: 'blockedPublishers', value: JSON.stringify([f.publishers.atlantic]) })
      .execute();
    const res = await t.app.inject(`/v1/articles/user?visitorId=${visitorId}&regionIds=3,1&limit=100`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { items: { id: string }[]; total: number };
    // No scores: every article is of equal interest, so the newest come first.
    const want = expected(await publicRows(), { regionIds: [3, 1], publisherId: f.publishers.spree });
    expect(body.items.map((item) => item.id)).toEqual(want);
    expect(body.total).toBe(want.length);
  });

  it('radar follows an article given a place, moved, unpublished and deleted', async () => {
    const radar = async () => {
      forgetCachedReads(db());
      const res = await t.app.inject('/v1/articles/radar?lat=-40&lon=-70&radius=20000');
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: { id: string; distanceMeters: number }[]; total: number };
    };
    const [near, far] = await Promise.all(
      ['entries-30', 'entries-31'].map((slug) => db().selectFrom('articles').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()),
    );
    expect((await radar()).items).toEqual([]);
    await db().updateTable('articles').set({ lat: -40, lon: -70.1, location_name: 'Near', location_slug: 'near' }).where('id', '=', near!.id).execute();
    await db().updateTable('articles').set({ lat: -40, lon: -70.05, location_name: 'Nearer', location_slug: 'nearer' }).where('id', '=', far!.id).execute();
    expect((await radar()).items.map((item) => item.id)).toEqual([far!.id, near!.id]);
    await db().updateTable('articles').set({ lon: -75 }).where('id', '=', far!.id).execute();
    expect(await radar()).toMatchObject({ items: [{ id: near!.id }], total: 1 });
    await db().updateTable('articles').set({ status: ArticleStatus.PENDING }).where('id', '=', near!.id).execute();
    expect(await radar()).toMatchObject({ items: [], total: 0 });
    await db().updateTable('articles').set({ status: ArticleStatus.ACTIVE, lon: -70 }).where('id', '=', far!.id).execute();
    expect((await radar()).items.map((item) => item.id)).toEqual([far!.id]);
    await db().deleteFrom('articles').where('id', '=', far!.id).execute();
    expect((await radar()).items).toEqual([]);
  });

  it('finds an article by the words of its transcript once the transcript changes', async () => {
    const { id } = await db().selectFrom('articles').select('id').where('slug', '=', 'entries-10').executeTakeFirstOrThrow();
    const search = async (q: string) => {
      forgetCachedReads(db());
      const res = await t.app.inject(`/v1/search?q=${encodeURIComponent(q)}&type=articles`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { articles: { items: { id: string }[] } }).articles.items.map((item) => item.id);
    };
    expect(await search('xylophonist')).not.toContain(id);
    const cues = [{ start: 0, end: 4, text: 'A xylophonist opened the harbour festival.' }];
    await db().insertInto('transcripts').values({ article_id: id, language: 'fr', cues: JSON.stringify(cues) }).execute();
    expect(await search('xylophonist')).toContain(id);
    await db().deleteFrom('transcripts').where('article_id', '=', id).execute();
    expect(await search('xylophonist')).not.toContain(id);
    await db().updateTable('articles').set({ title: 'Xylophonist headlines the entries test' }).where('id', '=', id).execute();
    expect(await search('xylophonist')).toContain(id);
  });

  it(`searches span after span of days and weeks for the newest ${SEARCH_CANDIDATES} matches, down to the oldest`, async () => {
    const now = Date.now();
    const day = 86_400_000;
    // One every 3 days for about 2.6 years, so the matches run through every span of weeks.
    const rows = await db()
      .insertInto('articles')
      .values([
        ...Array.from({ length: SEARCH_CANDIDATES + 20 }, (_, i) => ({ slug: `quokka-${i}`, title: `Quokka sighting number ${i}`, ageDays: i * 3 })),
        { slug: 'wombat-old', title: 'A wombat crossed the old road', ageDays: 900 },
        { slug: 'quokka-future', title: 'Quokka sighting yet to be published', ageDays: -2 },
      ].map(({ slug, title, ageDays }) => ({
        slug,
        title,
        description: 'A report for the search span tests, long enough to pass the minimum length.',
        status: ArticleStatus.ACTIVE,
        territory: 1,
        breaking: false,
        language: 'en',
        category_ids: [],
        region_ids: [0],
        publisher_id: f.publishers.spree,
        published_at: new Date(now - ageDays * day - 60_000),
      })))
      .returning(['id', 'slug'])
      .execute();
    const idOf = new Map(rows.map((row) => [row.slug, row.id]));
    // Newer than every quokka, all on the newest day: the quokkas come from the older spans.
    await sql`INSERT INTO articles (slug, title, description, status, territory, breaking, language, publisher_id, category_ids, region_ids, published_at)
      SELECT 'filler-' || n, 'Filler report number ' || n, 'A filler report that is newer than every match of the search span test.',
        ${ArticleStatus.ACTIVE}, 1, false, 'en', ${f.publishers.spree}::uuid, '{}', '{0}', now() - n * interval '1 second'
      FROM generate_series(1, 3000) n`.execute(db());
    const found = async (q: string) => {
      const ids: string[] = [];
      let total = 0;
      for (let page = 1; page < 20; page++) {
        forgetCachedReads(db());
        const res = await t.app.inject(`/v1/search?q=${q}&type=articles&limit=30&page=${page}`);
        expect(res.statusCode, res.body).toBe(200);
        const body = (res.json() as { articles: { items: { id: string }[]; total: number } }).articles;
        total = body.total;
        if (body.items.length === 0) break;
        ids.push(...body.items.map((item) => item.id));
      }
      return { ids, total };
    };
    const quokkas = await found('quokka');
    expect(quokkas.total).toBe(SEARCH_CANDIDATES);
    const newest = Array.from({ length: SEARCH_CANDIDATES }, (_, i) => idOf.get(`quokka-${i}`)!);
    expect(new Set(quokkas.ids)).toEqual(new Set(newest));
    expect((await found('wombat')).ids).toEqual([idOf.get('wombat-old')]);
    // Misspelt: no full-text match, so titles spelt alike are read week by week, down to the oldest.
    expect((await found('wombbat')).ids).toEqual([idOf.get('wombat-old')]);
    const misspelt = await found('quokkka');
    expect(misspelt.total).toBe(SEARCH_CANDIDATES);
    expect(new Set(misspelt.ids)).toEqual(new Set(newest));
    expect((await found('filler')).total).toBe(SEARCH_CANDIDATES);
  });

  it(`counts a total ${LIST_TOTAL_LOOKAHEAD} articles past the page, and exactly when the list ends sooner`, async () => {
    const now = Date.now();
    const count = LIST_TOTAL_LOOKAHEAD + 45;
    await db()
      .insertInto('articles')
      .values(
        Array.from({ length: count }, (_, i) => ({
          slug: `lookahead-${i}`,
          title: `Lookahead test report ${i}`,
          description: 'A report for the lookahead total test, long enough to pass the minimum length.',
          status: ArticleStatus.ACTIVE,
          territory: 1,
          breaking: false,
          language: 'en',
          category_ids: [],
          region_ids: [17],
          publisher_id: f.publishers.spree,
          published_at: new Date(now - i * 1_000),
        })),
      )
      .execute();
    const page = async (n: number) => (forgetCachedReads(db()), await t.app.inject(`/v1/articles?regionIds=17&limit=30&page=${n}`)).json() as { items: unknown[]; total: number };
    expect((await page(1)).total).toBe(30 + LIST_TOTAL_LOOKAHEAD);
    expect((await page(2)).total).toBe(count);
    expect((await page(12)).items).toHaveLength(count - 11 * 30);
    expect(await page(13)).toMatchObject({ items: [], total: count });
  });
});
