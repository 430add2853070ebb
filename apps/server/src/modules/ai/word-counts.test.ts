import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers';
import { seedDemoCatalogue } from '../../db/demo-seed';
import { migrate } from '../../db/migrate';

/**
 * ai_lexemes (migration 0034) is what retrieval weighs words by: it must equal what the passages
 * hold after every kind of change, and keeping it must never make two saves fail each other.
 */
describe('the passage counts of words that AI search weighs by', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrate(database.handle.db);
    await seedDemoCatalogue(database.handle.db);
  }, 180_000);
  afterAll(() => database?.dispose());

  const db = () => database.handle.db;

  /** Words whose kept count differs from a count over the passages themselves ('' counts the passages). */
  async function drift() {
    const { rows } = await sql<{ lexeme: string; kept: number | null; counted: number | null }>`
      SELECT coalesce(k.lexeme, c.word) AS lexeme, k.passages AS kept, c.ndoc AS counted
      FROM (SELECT lexeme, passages FROM ai_lexemes WHERE passages <> 0) k
      FULL JOIN (SELECT word, ndoc FROM ts_stat('SELECT document FROM ai_passages') UNION ALL SELECT '', count(*)::int FROM ai_passages) c
        ON c.word = k.lexeme
      WHERE k.passages IS DISTINCT FROM c.ndoc`.execute(db());
    return rows;
  }

  const countOf = async (lexeme: string) =>
    (await db().selectFrom('ai_lexemes').select('passages').where('lexeme', '=', lexeme).executeTakeFirst())?.passages ?? 0;

  it('matches the passages after the demo catalogue is seeded', async () => {
    expect(await countOf('ferri')).toBeGreaterThan(0);
    expect(await countOf('')).toBeGreaterThan(1000);
    expect(await drift()).toEqual([]);
  });

  it('follows a changed title, a new transcript line, a removed transcript and a deleted article', async () => {
    const [first, second, third] = await db().selectFrom('articles').select(['id', 'title']).orderBy('slug').limit(3).execute();
    const before = await countOf('quetzalcoatlus');

    await db().updateTable('articles').set({ title: `${first!.title} Quetzalcoatlus` }).where('id', '=', first!.id).execute();
    expect(await countOf('quetzalcoatlus')).toBe(before + 1);

    const transcript = await db().selectFrom('transcripts').select(['article_id', 'language', 'cues']).where('article_id', '=', second!.id).executeTakeFirstOrThrow();
    const cues = [...(transcript.cues as { start: number; end: number; text: string }[]), { start: 900, end: 904, text: 'Quetzalcoatlus flew over the harbour.' }];
    await db().updateTable('transcripts').set({ cues: JSON.stringify(cues) }).where('article_id', '=', second!.id).where('language', '=', transcript.language).execute();
    expect(await countOf('quetzalcoatlus')).toBe(before + 2);

    await db().deleteFrom('transcripts').where('article_id', '=', second!.id).execute();
    expect(await countOf('quetzalcoatlus')).toBe(before + 1);

    await db().deleteFrom('articles').where('id', 'in', [first!.id, third!.id]).execute();
    expect(await countOf('quetzalcoatlus')).toBe(before);
    expect(await drift()).toEqual([]);
  });

  it('lets many articles that share words be saved at once, and stays exact', async () => {
    const articles = await db().selectFrom('articles').select(['id', 'title']).orderBy('slug').offset(10).limit(8).execute();
    // Eight saves at a time, each rewriting words every other article holds too; on PostgreSQL they
    // run on separate connections and wait on each other's counts (taken in the words' order).
    for (let round = 0; round < 3; round++) {
      await Promise.all(
        articles.map((article, index) =>
          db()
            .updateTable('articles')
            .set({ title: `${article.title} harbour ferry council round${round} ${index % 2 ? 'weather' : 'election'}` })
            .where('id', '=', article.id)
            .execute(),
        ),
      );
    }
    expect(await drift()).toEqual([]);
  });
});
