import type { AiResult } from '@newsreel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers';
import { seedDemoCatalogue } from '../../../db/demo-seed';
import { ABSENT_QUESTIONS, ANSWERABLE_QUESTIONS, MIN_CORRECT_FIRST_CITATION } from './questions';

/**
 * The question set against the demo catalogue with the built-in answerer, through the real route:
 * the first citation is a correct article for at least MIN_CORRECT_FIRST_CITATION of the
 * answerable questions, and every absent question gets "not found". The figures (and the
 * precision of all citations) are printed for bench/RESULTS.md.
 */
describe('AI search quality on the demo catalogue', () => {
  let t: TestApp;
  const idOf = new Map<string, string>();
  beforeAll(async () => {
    // Sixty questions in a row from one address: past the readers' limit, which is not what is measured.
    t = await createTestApp({ RATE_LIMITS: 'off' });
    await seedDemoCatalogue(t.database.handle.db);
    for (const row of await t.database.handle.db.selectFrom('articles').select(['id', 'slug']).execute()) idOf.set(row.slug, row.id);
  }, 180_000);
  afterAll(() => t?.close());

  const ask = async (query: string): Promise<AiResult> => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/ai/ask', payload: { query } });
    expect(res.statusCode).toBe(200);
    return res.json<AiResult>();
  };

  it('keeps a set of at least 40 answerable and 10 absent questions over articles that exist', () => {
    expect(ANSWERABLE_QUESTIONS.length).toBeGreaterThanOrEqual(40);
    expect(ABSENT_QUESTIONS.length).toBeGreaterThanOrEqual(10);
    for (const { articles } of ANSWERABLE_QUESTIONS) for (const slug of articles) expect(idOf.has(slug), slug).toBe(true);
  });

  it(`cites a correct article first for ≥ ${MIN_CORRECT_FIRST_CITATION * 100}% of the answerable questions`, async () => {
    let correctFirst = 0;
    let citations = 0;
    let correctCitations = 0;
    const misses: string[] = [];
    for (const { question, articles } of ANSWERABLE_QUESTIONS) {
      const result = await ask(question);
      const expected = new Set(articles.map((slug) => idOf.get(slug)));
      const cited = result.sentences.flatMap((sentence) => sentence.citations.map((citation) => citation.articleId));
      if (result.found && expected.has(cited[0])) correctFirst++;
      else misses.push(`${question} → ${result.found ? result.sentences[0]?.citations[0]?.quote : 'not found'}`);
      citations += cited.length;
      correctCitations += cited.filter((id) => expected.has(id)).length;
    }
    const rate = correctFirst / ANSWERABLE_QUESTIONS.length;
    const precision = citations ? correctCitations / citations : 0;
    console.log(
      `AI quality: correct first citation ${correctFirst}/${ANSWERABLE_QUESTIONS.length} (${(rate * 100).toFixed(1)}%), ` +
        `citation precision ${correctCitations}/${citations} (${(precision * 100).toFixed(1)}%)` +
        (misses.length ? `\nmisses:\n  ${misses.join('\n  ')}` : ''),
    );
    expect(rate).toBeGreaterThanOrEqual(MIN_CORRECT_FIRST_CITATION);
  }, 180_000);

  it('says "not found" for every absent question, and never cites anything for one', async () => {
    const answered: string[] = [];
    for (const question of ABSENT_QUESTIONS) {
      const result = await ask(question);
      if (result.found || result.sentences.length > 0) answered.push(`${question} → ${result.answer}`);
      else expect(result.answer).toBe('I could not find that in the news we have.');
    }
    console.log(`AI quality: absent questions answered "not found" ${ABSENT_QUESTIONS.length - answered.length}/${ABSENT_QUESTIONS.length}`);
    expect(answered).toEqual([]);
  }, 180_000);
});
