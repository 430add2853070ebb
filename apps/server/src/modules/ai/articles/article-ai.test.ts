import { AdminRole, ArticleStatus, ReviewStatus, type AdminArticle, type ArticleAiWork, type ArticleProcessQueued, adminApiPaths } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, makeAccount, signIn } from '../../../../test/accounts';
import { createTestApp, type TestApp } from '../../../../test/helpers';
import { HARBOUR_CUES, insertAwaitingSummary } from '../../../../test/ai-articles';
import { insertReviewArticle } from '../../../../test/review-articles';
import type { Database } from '../../../db/schema';
import { REJECTED_SUMMARY_NOTE } from '../../articles/article-lifecycle';
import { SUMMARY_JOB } from './article-ai-jobs';
import { NO_TRANSLATION_PROVIDER } from './article-ai-service';
import { extractiveSummary } from './extractive-summary';

describe('AI work on articles, with the built-in provider', () => {
  let t: TestApp;
  let db: Kysely<Database>;
  let moderator: { authorization: string };
  let reader: { authorization: string };
  let publisherId: string;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'off', JOBS: 'in-process' });
    await t.app.ready();
    db = t.database.handle.db;
    publisherId = (await db.insertInto('publishers').values({ slug: 'harbour-news', name: 'Harbour News' }).returning('id').executeTakeFirstOrThrow()).id;
    await makeAccount(db, 'ai.moderator@example.com', { adminRole: AdminRole.MODERATOR });
    await makeAccount(db, 'ai.reader@example.com');
    moderator = await adminAuth(t.app, await signIn(t.app, 'ai.moderator@example.com'));
    reader = (await signIn(t.app, 'ai.reader@example.com')).auth;
    // Building the app and migrating a fresh database takes long on a busy machine.
  }, 180_000);
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object, headers = moderator) => t.app.inject({ method, url, payload, headers });
  const stateOf = (id: string) =>
    db.selectFrom('articles').select(['status', 'review_status', 'summary', 'summary_by_ai', 'review_note']).where('id', '=', id).executeTakeFirstOrThrow();

  it('the built-in summary is the transcript’s own sentences, the same every time', () => {
    const summary = extractiveSummary(HARBOUR_CUES);
    expect(summary).toBe(extractiveSummary(HARBOUR_CUES));
    expect(summary).toContain('The harbour authority has approved a new ferry line');
    // Off-topic sentences are left out; every sentence kept is the narrator's, in spoken order.
    expect(summary).not.toContain('sunny day');
    const sentences = summary.split(/(?<=\.)\s+/);
    const transcript = HARBOUR_CUES.map((cue) => cue.text).join(' ');
    for (const sentence of sentences) expect(transcript).toContain(sentence);
    expect(sentences.map((s) => transcript.indexOf(s))).toEqual([...sentences.map((s) => transcript.indexOf(s))].sort((a, b) => a - b));
    expect(extractiveSummary([])).toBe('');
  });

  it('runs the summaries every minute', async () => {
    const { rows } = await sql<{ name: string; cron: string }>`SELECT name, cron FROM pgboss.schedule`.execute(db);
    expect(rows).toContainEqual({ name: SUMMARY_JOB, cron: '* * * * *' });
  });

  it('writes the summary of an article in AI populate in the background and sends it to review; reject-summary sends it back', async () => {
    const id = await insertAwaitingSummary(db, publisherId, 'Harbour: a new ferry line to the island');
    const res = await call('POST', adminApiPaths.articleProcess(id), { type: 'summary' });
    expect(res.statusCode, res.body).toBe(202);
    const queued = res.json() as ArticleProcessQueued;
    expect(queued).toMatchObject({ articleId: id, type: 'summary' });
    expect(queued.jobId).toMatch(/^[0-9a-f-]{36}$/);

    await expect.poll(async () => (await stateOf(id)).status, { timeout: 20_000, interval: 200 }).toBe(ArticleStatus.REVIEW);
    const summarized = await stateOf(id);
    expect(summarized).toMatchObject({ review_status: ReviewStatus.AWAITING_REVIEW, summary: extractiveSummary(HARBOUR_CUES), summary_by_ai: true });

    const work = (await call('GET', adminApiPaths.articleAi(id))).json() as ArticleAiWork;
    expect(work).toMatchObject({ articleId: id, translationProvider: null, summary: { method: 'extractive', provider: 'built-in', sourceLanguage: 'en' }, translations: [] });

    const audit = await sql<{ action: string; actor_user_id: string | null; resource: string }>`
      SELECT action, actor_user_id, resource FROM audit_log WHERE resource_id = ${id} ORDER BY id`.execute(db);
    expect(audit.rows.map((row) => row.action)).toEqual(['process', 'summary-ready']);
    expect(audit.rows[1]).toMatchObject({ actor_user_id: null, resource: 'article' });

    // The job's run is recorded as completed.
    await expect
      .poll(async () => (await sql<{ state: string }>`SELECT state::text FROM pgboss.job WHERE id = ${queued.jobId}`.execute(db)).rows[0]?.state, { timeout: 10_000 })
      .toBe('completed');

    const rejected = await call('POST', adminApiPaths.articleRejectSummary(id), { reason: 'The summary misses the ticket prices.' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: ArticleStatus.PENDING, reviewStatus: ReviewStatus.NEEDS_WORK, summary: '', summaryByAi: false, reviewNote: 'The summary misses the ticket prices.' } satisfies Partial<AdminArticle>);
    expect(REJECTED_SUMMARY_NOTE).toBeTruthy();
  });

  it('leaves an article in AI populate without a transcript waiting', async () => {
    const id = await insertReviewArticle(db, { publisherId, title: 'Harbour: a report that has no transcript yet', status: ArticleStatus.AI_POPULATE, reviewStatus: ReviewStatus.NONE, summary: '', reviewRequestedAt: null });
    const { jobId } = (await call('POST', adminApiPaths.articleProcess(id), { type: 'summary' })).json() as ArticleProcessQueued;
    await expect
      .poll(async () => (await sql<{ state: string; output: { withoutTranscript?: number } }>`SELECT state::text, output FROM pgboss.job WHERE id = ${jobId}`.execute(db)).rows[0], { timeout: 20_000, interval: 200 })
      .toMatchObject({ state: 'completed', output: { summarized: 0, withoutTranscript: 1 } });
    expect(await stateOf(id)).toMatchObject({ status: ArticleStatus.AI_POPULATE, summary: '' });
  });

  it('refuses process and translate as the rules say, changing nothing', async () => {
    const live = await insertReviewArticle(db, { publisherId, title: 'Harbour: a report awaiting review already' });
    const waiting = await insertAwaitingSummary(db, publisherId, 'Harbour: the island gets a second pier');
    const unknown = '00000000-0000-4000-8000-000000000000';
    const expectError = async (res: Awaited<ReturnType<typeof call>>, status: number, message: RegExp) => {
      expect(res.statusCode, res.body).toBe(status);
      expect((res.json() as { message: string }).message).toMatch(message);
    };
    await expectError(await call('POST', adminApiPaths.articleProcess(live), { type: 'summary' }), 409, /Only an article waiting for the AI .* this one is awaiting review/);
    await expectError(await call('POST', adminApiPaths.articleProcess(unknown), { type: 'summary' }), 404, /no article/);
    await expectError(await call('POST', adminApiPaths.articleProcess(waiting), { type: 'dance' }), 400, /type/);
    await expectError(await call('GET', adminApiPaths.articleAi(unknown)), 404, /no article/);
    // No provider that writes: translation is refused, saying why and what to set.
    await expectError(await call('POST', adminApiPaths.articleTranslate(waiting), { language: 'fr' }), 409, /^No translation provider is configured/);
    expect(NO_TRANSLATION_PROVIDER).toMatch(/AI_BASE_URL/);
    await expectError(await call('POST', adminApiPaths.articleTranslate(waiting), { language: 'French!' }), 400, /language/);
    await expectError(await call('POST', adminApiPaths.articleTranslate(unknown), { language: 'fr' }), 404, /no article/);
    // A reader is no moderator.
    await expectError(await call('POST', adminApiPaths.articleTranslate(waiting), { language: 'fr' }, reader), 403, /./);
    await expectError(await call('GET', adminApiPaths.articleAi(waiting), undefined, reader), 403, /./);
    expect(await db.selectFrom('article_translations').selectAll().execute()).toEqual([]);
    expect((await stateOf(live)).status).toBe(ArticleStatus.REVIEW);
  });
});
