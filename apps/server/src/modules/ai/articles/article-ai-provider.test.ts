import {
  AdminRole,
  ArticleStatus,
  ReviewStatus,
  apiPaths,
  type AiResult,
  type AiResultList,
  type AiResultStatistics,
  type ArticleAiWork,
  type ArticleTranslation,
  type Transcript,
  adminApiPaths,
} from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, makeAccount, signIn } from '../../../../test/accounts';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../../../../test/helpers';
import { startOpenAiCompatibleServer, type ChatRequest, type OpenAiCompatibleServer } from '../../../../test/openai-compatible-server';
import { HARBOUR_CUES, insertAwaitingSummary } from '../../../../test/ai-articles';
import { insertReviewArticle } from '../../../../test/review-articles';
import { migrate } from '../../../db/migrate';
import type { Database } from '../../../db/schema';
import { createJobQueue, type JobQueue } from '../../jobs/job-queue';
import { createAiProviders } from '../providers/ai-provider';
import { registerArticleAiJobs, TRANSLATE_JOB, TRANSLATE_RETRIES } from './article-ai-jobs';

const PROVIDER_SUMMARY = 'The harbour authority approved an electric ferry line to the island, running every twenty minutes from June.';

/** The test model: a fixed summary, and "translations" that mark every value with the language asked for. */
function testModel(request: ChatRequest): string {
  const system = request.messages[0]!.content;
  const user = request.messages[1]!.content;
  if (system.startsWith('You summarize')) return PROVIDER_SUMMARY;
  const to = /to ([a-z-]+) for a news app/i.exec(system)?.[1] ?? '??';
  const input = JSON.parse(user) as Record<string, string | string[]>;
  const mark = (text: string) => `[${to}] ${text}`;
  return `Here you are: ${JSON.stringify(Object.fromEntries(Object.entries(input).map(([key, value]) => [key, Array.isArray(value) ? value.map(mark) : mark(value)])))}`;
}

describe('AI work on articles, with an OpenAI-compatible provider', () => {
  let model: OpenAiCompatibleServer;
  let t: TestApp;
  let db: Kysely<Database>;
  let moderator: { authorization: string };
  let reader: { authorization: string };
  let publisherId: string;

  beforeAll(async () => {
    model = await startOpenAiCompatibleServer(testModel);
    t = await createTestApp({ RATE_LIMITS: 'off', JOBS: 'in-process', AI_BASE_URL: model.baseUrl, AI_API_KEY: 'test-key', AI_MODEL: 'harbour-model', AI_MAX_RETRIES: '0' });
    await t.app.ready();
    db = t.database.handle.db;
    publisherId = (await db.insertInto('publishers').values({ slug: 'island-post', name: 'Island Post' }).returning('id').executeTakeFirstOrThrow()).id;
    await makeAccount(db, 'ai.provider.moderator@example.com', { adminRole: AdminRole.MODERATOR });
    await makeAccount(db, 'ai.provider.reader@example.com');
    moderator = await adminAuth(t.app, await signIn(t.app, 'ai.provider.moderator@example.com'));
    reader = (await signIn(t.app, 'ai.provider.reader@example.com')).auth;
    // Building the app and migrating a fresh database takes long on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await model?.close();
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, headers = moderator) => t.app.inject({ method, url, payload, headers });
  const json = async <T>(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, status = 200) => {
    const res = await call(method, url, payload);
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as T;
  };

  it('has the provider write the summary, stored as an AI result', async () => {
    const id = await insertAwaitingSummary(db, publisherId, 'Island: the electric ferry gets its timetable');
    await json('POST', adminApiPaths.articleProcess(id), { type: 'summary' }, 202);
    await expect
      .poll(async () => (await db.selectFrom('articles').select(['status', 'summary']).where('id', '=', id).executeTakeFirstOrThrow()), { timeout: 20_000, interval: 200 })
      .toEqual({ status: ArticleStatus.REVIEW, summary: PROVIDER_SUMMARY });
    const work = await json<ArticleAiWork>('GET', adminApiPaths.articleAi(id));
    expect(work).toMatchObject({ translationProvider: 'openai-compatible:harbour-model', summary: { method: 'provider', provider: 'openai-compatible:harbour-model' } });
    // The model got the transcript, and only it.
    const asked = model.requests.find((request) => request.messages[0]!.content.startsWith('You summarize'))!;
    expect(asked.messages[1]!.content).toBe(HARBOUR_CUES.map((cue) => cue.text).join('\n'));

    const results = await json<AiResultList>('GET', `${adminApiPaths.aiResults}?type=summary&articleId=${id}`);
    expect(results.items).toHaveLength(1);
    expect(results.items[0]).toMatchObject({ type: 'summary', found: true, extractive: false, provider: 'openai-compatible:harbour-model', answer: PROVIDER_SUMMARY, articleId: id });
  });

  it('translates an article in the background; readers get its transcript with ?language=', async () => {
    const id = await insertReviewArticle(db, { publisherId, title: 'Island: ferry tickets will cost as much as a bus', status: ArticleStatus.ACTIVE, reviewStatus: ReviewStatus.APPROVED, publishedAt: new Date(Date.now() - 60_000) });
    await db.insertInto('transcripts').values({ article_id: id, language: 'en', cues: JSON.stringify(HARBOUR_CUES) }).execute();

    const queued = await json<ArticleTranslation>('POST', adminApiPaths.articleTranslate(id), { language: 'fr' }, 202);
    expect(queued).toMatchObject({ articleId: id, language: 'fr', state: 'queued', title: null });
    expect(queued.jobId).toBeTruthy();
    await expect.poll(async () => (await json<ArticleAiWork>('GET', adminApiPaths.articleAi(id))).translations[0]?.state, { timeout: 20_000, interval: 200 }).toBe('done');
    const [done] = (await json<ArticleAiWork>('GET', adminApiPaths.articleAi(id))).translations;
    expect(done).toMatchObject({ language: 'fr', state: 'done', title: '[fr] Island: ferry tickets will cost as much as a bus', cueCount: HARBOUR_CUES.length, provider: 'openai-compatible:harbour-model', error: null });
    expect(done!.description).toMatch(/^\[fr\] /);

    const french = (await t.app.inject(`${apiPaths.article(id)}/transcript?language=fr`)).json() as Transcript;
    expect(french.language).toBe('fr');
    expect(french.languages).toEqual(['en', 'fr']);
    expect(french.cues).toEqual(HARBOUR_CUES.map((cue) => ({ ...cue, text: `[fr] ${cue.text}` })));
    const withArticle = (await t.app.inject(`${apiPaths.article(id)}?transcript=true&language=fr`)).json() as { transcript: Transcript };
    expect(withArticle.transcript.cues[0]!.text).toBe(`[fr] ${HARBOUR_CUES[0]!.text}`);
    expect(((await t.app.inject(`${apiPaths.article(id)}/transcript`)).json() as Transcript).cues).toEqual(HARBOUR_CUES);

    const audit = await sql<{ action: string; resource_id: string }>`SELECT action, resource_id FROM audit_log WHERE resource = 'article-translation'`.execute(db);
    expect(audit.rows).toContainEqual({ action: 'translate', resource_id: `${id}/fr` });

    // Refusals change nothing.
    const refused = async (payload: object, status: number, message: RegExp) => {
      const res = await call('POST', adminApiPaths.articleTranslate(id), payload);
      expect(res.statusCode, res.body).toBe(status);
      expect((res.json() as { message: string }).message).toMatch(message);
    };
    await refused({ language: 'en' }, 400, /body\.language is the article's own language \(en\)/);
    await refused({}, 400, /language/);
    await db.insertInto('transcripts').values({ article_id: id, language: 'de', cues: JSON.stringify([{ start: 0, end: 6, text: 'Guten Abend.' }]) }).execute();
    await refused({ language: 'de' }, 409, /already has a transcript in de from its publisher/);
    expect((await json<ArticleAiWork>('GET', adminApiPaths.articleAi(id))).translations.map((row) => row.language)).toEqual(['fr']);
  });

  it('lists, shows, counts and deletes AI results for moderators', async () => {
    const list = await json<AiResultList>('GET', `${adminApiPaths.aiResults}?sort=timingMs&order=asc&limit=50`);
    expect(list.total).toBeGreaterThanOrEqual(2);
    const timings = list.items.map((item) => item.timingMs);
    expect(timings).toEqual([...timings].sort((a, b) => a - b));
    const searched = await json<AiResultList>('GET', `${adminApiPaths.aiResults}?q=${encodeURIComponent('ELECTRIC FERRY')}`);
    expect(searched.items.map((item) => item.type)).toEqual(['summary']);
    const translation = (await json<AiResultList>('GET', `${adminApiPaths.aiResults}?type=translation`)).items[0]!;
    expect(await json<AiResult>('GET', adminApiPaths.aiResult(translation.id))).toEqual(translation);

    const today = new Date().toISOString().slice(0, 10);
    const statistics = await json<AiResultStatistics>('GET', `${adminApiPaths.statisticsAiResults}?from=${today}&to=${today}`);
    expect(statistics).toMatchObject({ from: today, to: today, total: 2, notFound: 0, notFoundRate: null });
    expect(statistics.byType.find((row) => row.type === 'translation')).toMatchObject({ count: 1, notFound: 0 });
    expect(statistics.byDay).toEqual([{ day: today, total: 2, counts: { ask: 0, playlist: 0, summary: 1, translation: 1 } }]);
    expect(statistics.byProvider).toEqual([expect.objectContaining({ provider: 'openai-compatible:harbour-model', count: 2 })]);
    expect(statistics.medianMs).toBeGreaterThanOrEqual(0);
    expect(statistics.p95Ms).toBeGreaterThanOrEqual(statistics.medianMs!);

    const refused = async (method: 'GET' | 'DELETE', url: string, status: number, headers = moderator) => {
      const res = await call(method, url, undefined, headers);
      expect(res.statusCode, res.body).toBe(status);
    };
    await refused('GET', `${adminApiPaths.aiResults}?sort=popularity`, 400);
    await refused('GET', `${adminApiPaths.statisticsAiResults}?from=${today}&to=2020-01-01`, 400);
    await refused('GET', `${adminApiPaths.statisticsAiResults}?from=yesterday`, 400);
    await refused('GET', adminApiPaths.aiResult('00000000-0000-4000-8000-000000000000'), 404);
    await refused('DELETE', adminApiPaths.aiResult(translation.id), 403, reader);
    await refused('GET', adminApiPaths.aiResults, 403, reader);

    expect((await call('DELETE', adminApiPaths.aiResult(translation.id))).statusCode).toBe(204);
    await refused('GET', adminApiPaths.aiResult(translation.id), 404);
    await refused('DELETE', adminApiPaths.aiResult(translation.id), 404);
    const audit = await sql<{ action: string; before: { type: string } }>`SELECT action, before FROM audit_log WHERE resource = 'ai-result' AND resource_id = ${translation.id}`.execute(db);
    expect(audit.rows).toEqual([{ action: 'delete', before: expect.objectContaining({ type: 'translation', id: translation.id }) }]);
  });
});

describe('a translation whose provider keeps failing', () => {
  let model: OpenAiCompatibleServer;
  let database: TestDatabase;
  let jobs: JobQueue;

  beforeAll(async () => {
    model = await startOpenAiCompatibleServer(testModel);
    model.failWith(500);
    database = await createTestDatabase();
    await migrate(database.handle.db);
    const { primary } = createAiProviders({ baseUrl: model.baseUrl, apiKey: 'test-key', model: 'harbour-model', embeddingModel: undefined, embeddingMinSimilarity: 0.5, timeoutMs: 5_000, maxRetries: 0 });
    jobs = createJobQueue({ db: database.handle.db, mode: 'in-process', pollingSeconds: 0.5 });
    registerArticleAiJobs(jobs, database.handle.db, { model: primary, retryDelaySeconds: 1 });
    await jobs.start();
  }, 180_000);
  afterAll(async () => {
    await jobs?.stop();
    await database?.dispose();
    await model?.close();
  });

  it('is retried with backoff, then ends failed — as a failed job and on the article, with the error', async () => {
    const db = database.handle.db;
    const publisherId = (await db.insertInto('publishers').values({ slug: 'failing-post', name: 'Failing Post' }).returning('id').executeTakeFirstOrThrow()).id;
    const id = await insertReviewArticle(db, { publisherId, title: 'Island: a report the model cannot translate' });
    await db.insertInto('article_translations').values({ article_id: id, language: 'es', state: 'queued' }).execute();
    const jobId = await jobs.sendJob(TRANSLATE_JOB, { articleId: id, language: 'es' });

    await expect
      .poll(async () => (await sql<{ state: string; retry_count: number }>`SELECT state::text, retry_count FROM pgboss.job WHERE id = ${jobId}`.execute(db)).rows[0], { timeout: 40_000, interval: 500 })
      .toMatchObject({ state: 'failed', retry_count: TRANSLATE_RETRIES });
    expect(model.requests.length).toBe(TRANSLATE_RETRIES + 1);
    const row = await db.selectFrom('article_translations').selectAll().where('article_id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'failed', title: null });
    expect(row.error).toMatch(/AI provider/);
    // Nothing half-made reached readers.
    expect(await db.selectFrom('transcripts').select('language').where('article_id', '=', id).execute()).toEqual([]);
  }, 60_000);
});
