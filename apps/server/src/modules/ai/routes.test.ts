import type { AiInstantResponse, AiResult } from '@newsreel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { seedDemoCatalogue } from '../../db/demo-seed';

describe('AI search routes with the built-in answerer', () => {
  let t: TestApp;
  const idOf = new Map<string, string>();
  const categoryOf = new Map<string, string>();
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'off' });
    const db = t.database.handle.db;
    await seedDemoCatalogue(db);
    for (const row of await db.selectFrom('articles').select(['id', 'slug']).execute()) idOf.set(row.slug, row.id);
    for (const row of await db.selectFrom('categories').select(['id', 'slug']).execute()) categoryOf.set(row.slug, row.id);
  }, 180_000);
  afterAll(() => t?.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload, headers });

  it('answers with extractive sentences that cite the article and the second where it is said, and stores the result', async () => {
    const res = await post('/v1/ai/ask', { query: 'What time do the last boats leave Circular Quay at the weekend?' });
    expect(res.statusCode).toBe(200);
    const result = res.json<AiResult>();
    expect(result).toMatchObject({ type: 'ask', found: true, extractive: true, provider: 'built-in', fallback: null, clips: [] });
    const first = result.sentences[0]!;
    expect(first.citations[0]!.articleId).toBe(idOf.get('sydney-ferries-add-late-night-services'));
    // Every sentence is a quote of a passage it cites.
    for (const sentence of result.sentences) expect(sentence.citations.map((c) => c.quote)).toContain(sentence.text);
    const cue = result.sentences.flatMap((s) => s.citations).find((c) => c.quote.includes('shortly after midnight'));
    expect(cue).toBeDefined();
    expect(cue!.endSecond).toBeGreaterThan(cue!.startSecond);
    expect(cue!.startSecond).toBeGreaterThan(0);

    const stored = await t.app.inject({ url: `/v1/ai/results/${result.id}` });
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toEqual(result);
    const withArticles = (await t.app.inject({ url: `/v1/ai/results/${result.id}?articles=true` })).json<AiResult>();
    expect(withArticles.articles?.map((a) => a.id)).toContain(idOf.get('sydney-ferries-add-late-night-services'));
    expect(withArticles.articles![0]!.title).toContain('Sydney');
  });

  it('says it could not find what the catalogue does not hold, and stores that too', async () => {
    const result = (await post('/v1/ai/ask', { query: 'Who won the Formula One race in Monaco?' })).json<AiResult>();
    expect(result).toMatchObject({ found: false, answer: 'I could not find that in the news we have.', sentences: [] });
    const list = (await t.app.inject({ url: '/v1/ai/results?type=ask&found=false' })).json();
    expect(list.items.map((r: AiResult) => r.id)).toContain(result.id);
    expect(list.items.every((r: AiResult) => r.type === 'ask' && !r.found)).toBe(true);
  });

  it('takes words in quotes as a phrase: next to each other, in that order', async () => {
    const ask = async (query: string) => (await post('/v1/ai/ask', { query })).json<AiResult>();
    const phrase = await ask('When do the "last boats" leave?');
    expect(phrase.found).toBe(true);
    expect(phrase.sentences[0]!.citations[0]!.articleId).toBe(idOf.get('sydney-ferries-add-late-night-services'));
    for (const citation of phrase.sentences.flatMap((sentence) => sentence.citations)) expect(citation.quote).toMatch(/last boats/i);
    // The same words in another order are no phrase the catalogue holds; unquoted, they are found.
    expect((await ask('"boats last"')).found).toBe(false);
    expect((await ask('boats last')).found).toBe(true);
  });

  it('applies region, category and language filters to what is retrieved', async () => {
    const query = 'ferries battery hybrid';
    const all = (await post('/v1/ai/instant', { query })).json<AiInstantResponse>();
    expect(all.items.map((i) => i.articleId)).toContain(idOf.get('seattle-hybrid-electric-ferry-service'));
    const region1 = (await post('/v1/ai/instant', { query, regionIds: [1] })).json<AiInstantResponse>();
    expect(region1.items.map((i) => i.articleId)).not.toContain(idOf.get('seattle-hybrid-electric-ferry-service'));
    const business = (await post('/v1/ai/instant', { query, categoryIds: [categoryOf.get('business')] })).json<AiInstantResponse>();
    expect(business.items.length).toBeGreaterThan(0);
    expect(business.items.map((i) => i.articleId)).not.toContain(idOf.get('seattle-hybrid-electric-ferry-service'));
    const french = (await post('/v1/ai/instant', { query, language: 'fr' })).json<AiInstantResponse>();
    expect(french.items.every((i) => i.language === 'fr')).toBe(true);
  });

  it('gives instant results for an unfinished word, one passage per article, without storing them', async () => {
    const before = (await t.app.inject({ url: '/v1/ai/results' })).json().total;
    const res = await post('/v1/ai/instant', { query: 'circular qua' });
    expect(res.statusCode).toBe(200);
    const body = res.json<AiInstantResponse>();
    expect(body.items[0]!.articleId).toBe(idOf.get('sydney-ferries-add-late-night-services'));
    expect(new Set(body.items.map((i) => i.articleId)).size).toBe(body.items.length);
    expect((await t.app.inject({ url: '/v1/ai/results' })).json().total).toBe(before);
  });

  it('builds a playlist of clips at the seconds that cover the prompt', async () => {
    const result = (await post('/v1/ai/playlist', { prompt: 'electric ferries and battery boats' })).json<AiResult>();
    expect(result).toMatchObject({ type: 'playlist', found: true, extractive: true });
    expect(result.clips.length).toBeGreaterThan(1);
    const articles = result.clips.map((clip) => clip.articleId);
    expect(articles).toContain(idOf.get('seattle-hybrid-electric-ferry-service'));
    expect(new Set(articles).size).toBe(articles.length);
    for (const clip of result.clips) {
      expect(clip.endSecond).toBeGreaterThan(clip.startSecond);
      expect(clip.reason).not.toBe('');
    }
  });

  it('streams the answer as server-sent events ending with the stored result', async () => {
    const res = await post('/v1/ai/ask', { query: 'How much rain could fall on the Konkan coast?' }, { accept: 'text/event-stream' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = res.body
      .trim()
      .split('\n\n')
      .map((block) => ({ event: /^event: (.+)$/m.exec(block)![1], data: JSON.parse(/^data: (.+)$/m.exec(block)![1]!) }));
    expect(events[0]).toEqual({ event: 'start', data: { provider: 'built-in', extractive: true } });
    expect(events.some((e) => e.event === 'delta')).toBe(true);
    const last = events.at(-1)!;
    expect(last.event).toBe('result');
    expect(last.data.sentences[0].citations[0].articleId).toBe(idOf.get('mumbai-heavy-rain-alert'));
    expect((await t.app.inject({ url: `/v1/ai/results/${last.data.id}` })).statusCode).toBe(200);
  });

  it('refuses bad input naming the field, and unknown results with 404', async () => {
    const empty = await post('/v1/ai/ask', { query: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/query/);
    const regions = await post('/v1/ai/ask', { query: 'ferries', regionIds: ['north'] });
    expect(regions.statusCode).toBe(400);
    expect(regions.json().message).toMatch(/regionIds/);
    const long = await post('/v1/ai/instant', { query: 'x'.repeat(301) });
    expect(long.statusCode).toBe(400);
    expect((await post('/v1/ai/playlist', {})).json().message).toMatch(/prompt/);
    expect((await t.app.inject({ url: '/v1/ai/results/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/v1/ai/results/nope' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/v1/ai/results?type=poem' })).statusCode).toBe(400);
  });
});

describe('AI search rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t?.close());

  it('limits how many questions one reader asks a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await t.app.inject({ method: 'POST', url: '/v1/ai/ask', payload: { query: `question ${i}` } })).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
