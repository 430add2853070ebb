import { ArticleStatus } from '@newsreel/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { seedContentFixture, type ContentFixture } from '../../../test/content-fixture';
import { forgetCachedReads } from '../../http/expiring-cache';
import { highlight, SEARCH_CANDIDATES } from './search-repository';

describe('GET /v1/search', () => {
  let t: TestApp;
  let fixture: ContentFixture;
  beforeAll(async () => {
    t = await createTestApp();
    fixture = await seedContentFixture(t.database.handle.db);
    const db = t.database.handle.db;
    // A transcript line deep in the Hamburg report, for quote search.
    const cues = [
      { start: 0, end: 2.5, text: 'Good evening from the harbour.' },
      { start: 2.5, end: 6, text: 'The wind picked up in the afternoon.' },
      { start: 6, end: 9.5, text: 'Forty-two yachts crossed the line before the thunderstorm.' },
    ];
    await db
      .updateTable('transcripts')
      .set({ cues: JSON.stringify(cues) })
      .where('article_id', '=', fixture.articles.hamburg)
      .where('language', '=', 'en')
      .execute();
    await db
      .updateTable('articles')
      .set({ language: 'en' })
      .where('id', '=', fixture.articles.hamburg)
      .execute();
    await db
      .updateTable('articles')
      .set({ title: 'Café owners in Lisbon <b>celebrate</b> a record summer' })
      .where('id', '=', fixture.articles.lisbon)
      .execute();
  });
  afterAll(() => t.close());

  const search = async (query: Record<string, string>) => t.app.inject({ url: '/v1/search', query });
  /** A public article with `title`, published `minutesAgo`. */
  const testArticle = (slug: string, title: string, minutesAgo: number) => ({
    slug,
    title,
    description: 'A report written for the search tests, long enough to be valid.',
    status: ArticleStatus.ACTIVE,
    territory: 0,
    breaking: false,
    language: 'en',
    category_ids: [],
    region_ids: [0],
    publisher_id: fixture.publishers.spree,
    published_at: new Date(Date.now() - minutesAgo * 60_000),
  });

  it('finds articles by words in the title, ranked, with highlighted snippets', async () => {
    const res = await search({ q: 'exoplanets' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public/);
    const body = res.json();
    expect(body.articles.items[0].id).toBe(fixture.articles.global);
    expect(body.articles.items[0].snippet).toContain('<mark>exoplanets</mark>');
    expect(body.articles.items[0].publisher.name).toBeTruthy();
    expect(body.articles.total).toBe(1);
  });

  it('forgives typos and folds accents', async () => {
    const typo = (await search({ q: 'exoplanits', type: 'articles' })).json();
    expect(typo.articles.items.map((a: { id: string }) => a.id)).toContain(fixture.articles.global);
    const unaccented = (await search({ q: 'cafe owners', type: 'articles' })).json();
    expect(unaccented.articles.items.map((a: { id: string }) => a.id)).toContain(fixture.articles.lisbon);
    const accented = (await search({ q: 'thünderstorm', type: 'articles' })).json();
    expect(accented.articles.items.map((a: { id: string }) => a.id)).toContain(fixture.articles.hamburg);
    // Titles are compared as they are now: the Lisbon title was rewritten after the fixture wrote it.
    const edited = (await search({ q: 'celebrte', type: 'articles' })).json();
    expect(edited.articles.items.map((a: { id: string }) => a.id)).toContain(fixture.articles.lisbon);
  });

  it('answers a match inside a transcript with the line and the moment it is spoken', async () => {
    const body = (await search({ q: 'thunderstorm', type: 'articles' })).json();
    const hit = body.articles.items.find((a: { id: string }) => a.id === fixture.articles.hamburg);
    expect(hit.quote).toEqual({ start: 6, end: 9.5, text: 'Forty-two yachts crossed the line before the thunderstorm.' });
    expect(hit.snippet).toContain('<mark>thunderstorm</mark>');
    // The Lisbon title changed after its transcript was recorded, so "cafe" is not spoken in it.
    const titleHit = (await search({ q: 'cafe' })).json().articles.items.find((a: { id: string }) => a.id === fixture.articles.lisbon);
    expect(titleHit.quote).toBeNull();
  });

  it('leaves no markup but <mark> in snippets', async () => {
    const hit = (await search({ q: 'cafe' })).json().articles.items.find((a: { id: string }) => a.id === fixture.articles.lisbon);
    expect(hit.snippet).toContain('Café owners');
    expect(hit.snippet.replaceAll(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
    expect(highlight('a \u0001b\u0002 <i>c</i>')).toBe('a <mark>b</mark> &lt;i&gt;c&lt;/i&gt;');
  });

  it('never finds unpublished or scheduled articles', async () => {
    for (const q of ['unreviewed report', 'embargoed']) {
      const body = (await search({ q })).json();
      const ids = body.articles.items.map((a: { id: string }) => a.id);
      expect(ids).not.toContain(fixture.articles.pending);
      expect(ids).not.toContain(fixture.articles.scheduled);
    }
  });

  it('searches stories, publishers and categories, one type or all', async () => {
    const stories = (await search({ q: 'election', type: 'stories' })).json();
    expect(stories.stories.items.map((s: { id: string }) => s.id)).toContain(fixture.story);
    expect(stories.articles.items).toEqual([]);

    const publishers = (await search({ q: 'spree', type: 'publishers' })).json();
    expect(publishers.publishers.items[0]).toMatchObject({ id: fixture.publishers.spree, branding: expect.any(Object) });

    const categories = (await search({ q: 'politcs', type: 'categories' })).json();
    expect(categories.categories.items[0]).toMatchObject({ id: fixture.categories.politics, name: 'Politics' });

    const all = (await search({ q: 'berlin' })).json();
    expect(all.articles.total).toBeGreaterThan(0);
    expect(Object.keys(all)).toEqual(['q', 'articles', 'stories', 'publishers', 'categories']);
  });

  it('rejects a query that is missing, empty, too long or of an unknown type', async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{}, /querystring\.q is required/],
      [{ q: '' }, /querystring\.q is required/],
      [{ q: 'x'.repeat(201) }, /querystring\.q must NOT have more than 200 characters/],
      [{ q: 'news', type: 'videos' }, /querystring\.type must be one of: all, articles, stories, publishers, categories/],
      [{ q: 'news', limit: '0' }, /querystring\.limit must be >= 1/],
    ];
    for (const [query, message] of cases) {
      const res = await search(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('treats SQL- and script-looking queries as plain words', async () => {
    for (const q of ["'; drop table articles; --", '<script>alert(1)</script>', 'a:* & !b | (c', '\\', '%_']) {
      const res = await search({ q });
      expect(res.statusCode, q).toBe(200);
      for (const hit of res.json().articles.items) expect(hit.snippet).not.toContain('<script>');
    }
    const { rows } = await sql<{ n: string }>`select count(*) as n from articles`.execute(t.database.handle.db);
    expect(Number(rows[0]!.n)).toBeGreaterThan(0);
  });

  it('keeps each total on a page past the last one', async () => {
    const body = (await search({ q: 'exoplanets', page: '2' })).json();
    expect(body.articles).toEqual({ items: [], total: 1, page: 2, limit: 30 });
    const stories = (await search({ q: 'election', type: 'stories', page: '2' })).json();
    expect(stories.stories).toEqual({ items: [], total: 1, page: 2, limit: 30 });
    const categories = (await search({ q: 'politcs', type: 'categories', page: '3', limit: '1' })).json();
    expect(categories.categories).toMatchObject({ items: [], total: 1 });
  });

  describe('with a word in most passages', () => {
    const articles: Record<'sideBySide' | 'apart' | 'alone', string> = { sideBySide: '', apart: '', alone: '' };
    beforeAll(async () => {
      const db = t.database.handle.db;
      const insert = async (slug: string, title: string) =>
        (await db.insertInto('articles').values(testArticle(slug, title, 1)).returning('id').executeTakeFirstOrThrow()).id;
      articles.sideBySide = await insert('gondola-lift', 'Gondola lift opens above the valley');
      articles.apart = await insert('lift-queues', 'Lift queues grow as the gondola closes');
      articles.alone = await insert('gondola-rides', 'Gondola rides resume');
      // "lift" in every passage: the index is read by "gondola" alone (search_probe, migration 0044).
      await sql`INSERT INTO ai_lexemes (lexeme, passages) VALUES ('', 1000000), ('lift', 1000000)
        ON CONFLICT (lexeme) DO UPDATE SET passages = excluded.passages`.execute(db);
      forgetCachedReads(db);
    });

    // A page no longer than the full-text matches, so no title spelt alike is added to it.
    const found = async (q: string, limit: number) => {
      const { items, total } = (await search({ q, type: 'articles', limit: String(limit) })).json().articles;
      expect(total).toBe(limit);
      return new Set((items as { id: string }[]).map((item) => item.id));
    };
    const probe = async (q: string) =>
      (await sql<{ probe: string }>`SELECT search_probe(websearch_to_tsquery('english', ${q}))::text AS probe`.execute(t.database.handle.db)).rows[0]!.probe;

    it('reads the index by the less common words and still finds only what the query asks', async () => {
      expect(await probe('"gondola lift"')).toBe("'gondola'");
      expect(await probe('gondola lift')).toBe("'gondola'");
      expect(await probe('lift')).toBe("'lift'");
      expect(await probe('gondola or lift')).toBe("'gondola' | 'lift'");
      expect(await found('"gondola lift"', 1)).toEqual(new Set([articles.sideBySide]));
      expect(await found('gondola lift', 2)).toEqual(new Set([articles.sideBySide, articles.apart]));
      expect(await found('gondola -lift', 1)).toEqual(new Set([articles.alone]));
    });
  });

  describe('with phrases', () => {
    const articles: Record<'sideBySide' | 'apart' | 'bothPairs' | 'acrossFields', string> = { sideBySide: '', apart: '', bothPairs: '', acrossFields: '' };
    beforeAll(async () => {
      const db = t.database.handle.db;
      const insert = async (slug: string, title: string, description?: string) =>
        (await db.insertInto('articles').values({ ...testArticle(slug, title, 2), ...(description ? { description } : {}) }).returning('id').executeTakeFirstOrThrow()).id;
      articles.sideBySide = await insert('gantry-strike-ends', 'Gantry crane strike ends at the quay');
      articles.apart = await insert('gantry-repairs', 'Gantry crane repairs wait as the strike ends');
      // Both pairs of "crane strike ends", but not the three words side by side.
      articles.bothPairs = await insert('gantry-strike-off', 'Crane strike called off as quay strike ends');
      // The title's last word and the description's first stand side by side in the document.
      articles.acrossFields = await insert('gantry-night-shift', 'Night shift at the quay crane', 'Strike notices went out to every gantry team on Monday.');
      // The same words, not yet public: never found, whichever way the words are read.
      await db
        .insertInto('articles')
        .values({ ...testArticle('gantry-pending', 'Pending notice for the quay', 2), status: ArticleStatus.PENDING, description: 'Every gantry team meets on Monday about the crane strike.' })
        .execute();
      forgetCachedReads(db);
    });

    const probe = async (q: string) =>
      (await sql<{ probe: string | null }>`SELECT search_phrase_probe(websearch_to_tsquery('english', ${q}))::text AS probe`.execute(t.database.handle.db)).rows[0]!.probe;
    /** What the search document matches, read without any index. */
    const matching = async (q: string) =>
      new Set(
        (
          await sql<{ id: string }>`SELECT article_id AS id FROM article_search
            WHERE status = 1 AND published_at <= now() AND document @@ websearch_to_tsquery('english', newsreel_unaccent(${q}))`.execute(t.database.handle.db)
        ).rows.map((row) => row.id),
      );
    const found = async (q: string) => {
      const expected = await matching(q);
      // A page as long as the full-text matches, so no title spelt alike is added to it.
      const { items, total } = (await search({ q, type: 'articles', limit: String(expected.size) })).json().articles;
      expect(total).toBe(expected.size);
      const ids = new Set((items as { id: string }[]).map((item) => item.id));
      expect(ids).toEqual(expected);
      return ids;
    };

    it('reads a query of phrases alone by its pairs of words side by side', async () => {
      expect(await probe('"crane strike"')).toBe("'crane<->strike'");
      expect(await probe('"crane strike ends" "gantry team"')).toBe("'crane<->strike' & 'strike<->end' & 'gantri<->team'");
      // A word on its own, words apart or any other operator: read by the words as before.
      expect(await probe('"crane strike" quay')).toBeNull();
      expect(await probe('"strike at the quay"')).toBeNull();
      expect(await probe('crane strike')).toBeNull();
      expect(await probe('"crane strike" or quay')).toBeNull();
      expect(await probe('"crane strike" -quay')).toBeNull();
    });

    it('finds exactly what the phrase matches', async () => {
      expect(await found('"crane strike"')).toEqual(new Set([articles.sideBySide, articles.bothPairs, articles.acrossFields]));
      expect(await found('"crane strike ends"')).toEqual(new Set([articles.sideBySide]));
      expect(await found('"crane strike" "quay strike"')).toEqual(new Set([articles.bothPairs]));
      expect(await found('"crane strike" quay')).toEqual(new Set([articles.sideBySide, articles.bothPairs, articles.acrossFields]));
      expect(await found('"strike ends"')).toEqual(new Set([articles.sideBySide, articles.apart, articles.bothPairs]));
    });

    it('reads words that are all required and rare at once, finding what span by span would', async () => {
      // Matched in the description only, so no title spelt like the query could stand in for it.
      expect(await found('"crane strike" monday')).toEqual(new Set([articles.acrossFields]));
      expect(await found('gantry team monday')).toEqual(new Set([articles.acrossFields]));
    });
  });

  describe(`with more than ${SEARCH_CANDIDATES} matches`, () => {
    const ids: string[] = [];
    let misspelt: string;
    beforeAll(async () => {
      const db = t.database.handle.db;
      const article = (title: string, minutesAgo: number) => testArticle(`zeppelin-${minutesAgo}`, title, minutesAgo);
      // Newest first: ids[0] is the newest.
      const rows = await db
        .insertInto('articles')
        .values(Array.from({ length: SEARCH_CANDIDATES + 5 }, (_, i) => article(`Zeppelin flight number ${i + 1} lands`, i + 1)))
        .returning('id')
        .execute();
      ids.push(...rows.map((row) => row.id));
      // Older than every other, and spelt with one p: full text does not find it for "zeppelin".
      misspelt = (await db.insertInto('articles').values(article('Zepelin hangar opens to visitors', 10_000)).returning('id').executeTakeFirstOrThrow()).id;
      forgetCachedReads(db);
    });

    const all = async (q: string) => {
      const found: string[] = [];
      for (let page = 1; ; page++) {
        const { articles } = (await search({ q, type: 'articles', limit: '150', page: String(page) })).json();
        if (articles.items.length === 0) return { found, total: articles.total as number };
        found.push(...articles.items.map((item: { id: string }) => item.id));
      }
    };

    it(`ranks the newest ${SEARCH_CANDIDATES} full-text matches, and counts the total up to that`, async () => {
      const { found, total } = await all('zeppelin');
      expect(total).toBe(SEARCH_CANDIDATES);
      expect(new Set(found)).toEqual(new Set(ids.slice(0, SEARCH_CANDIDATES)));
      expect(found).not.toContain(misspelt);
    });

    it('adds titles spelt like the query only when full text finds fewer than the page', async () => {
      const res = (await search({ q: 'zepelin', type: 'articles', limit: '5' })).json();
      // Full text finds only the misspelt title, so titles spelt like "zepelin" fill the page.
      expect(res.articles.items[0].id).toBe(misspelt);
      expect(res.articles.items).toHaveLength(5);
      expect(res.articles.total).toBe(SEARCH_CANDIDATES);
      expect(ids).toContain(res.articles.items[1].id);
    });
  });
});
