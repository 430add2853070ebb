import { AdminRole, ArticleStatus, ReviewStatus, apiPaths, type AdminArticle, type ArticleList, adminApiPaths } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, makeAccount, signIn } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { insertReviewArticle } from '../../../test/review-articles';
import type { Database } from '../../db/schema';
import { PUBLISH_SCHEDULED_JOB } from './article-jobs';
import { publishDueArticles } from './scheduled-publishing';

const MINUTE_MS = 60_000;

describe('scheduled articles', () => {
  let t: TestApp;
  let db: Kysely<Database>;
  let moderator: { authorization: string };
  let publisherId: string;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'off' });
    db = t.database.handle.db;
    publisherId = (await db.insertInto('publishers').values({ slug: 'evening-post', name: 'Evening Post' }).returning('id').executeTakeFirstOrThrow()).id;
    await makeAccount(db, 'schedule.moderator@example.com', { adminRole: AdminRole.MODERATOR });
    moderator = await adminAuth(t.app, await signIn(t.app, 'schedule.moderator@example.com'));
  });
  afterAll(() => t?.close());

  const admin = async <T>(method: 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, payload, headers: moderator });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  /** An article awaiting review, approved by the moderator with its time `inMs` ahead. */
  const approvedFor = async (inMs: number, title?: string) => {
    const id = await insertReviewArticle(db, { publisherId, title, scheduledAt: new Date(Date.now() + inMs) });
    expect(await admin<AdminArticle>('POST', adminApiPaths.articleApprove(id))).toMatchObject({ status: ArticleStatus.SCHEDULED });
    return id;
  };
  /** The article's time moved to `msAgo` before now, as if that much time had passed. */
  const timePasses = async (id: string, msAgo: number) => {
    const at = new Date(Date.now() - msAgo);
    await admin('PUT', adminApiPaths.article(id), { scheduledAt: at.toISOString() });
    return at;
  };
  const feed = async () => (await t.app.inject(`${apiPaths.articles}?limit=150`)).json() as ArticleList;

  it('puts a scheduled article live once its time has come, dated by its time, once', async () => {
    const id = await approvedFor(2 * 60 * MINUTE_MS, 'Scheduled: the lantern parade starts at dusk');
    expect(await publishDueArticles(db)).toEqual([]);
    expect((await feed()).items.map((item) => item.id)).not.toContain(id);

    const at = await timePasses(id, MINUTE_MS);
    expect(await publishDueArticles(db)).toEqual([id]);
    const live = (await feed()).items.find((item) => item.id === id);
    expect(live?.publishedAt).toBe(at.toISOString());
    expect(await db.selectFrom('articles').select(['status', 'review_status']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      status: ArticleStatus.ACTIVE,
      review_status: ReviewStatus.APPROVED,
    });
    // Nothing is due any more; a second run changes nothing.
    expect(await publishDueArticles(db)).toEqual([]);

    const entries = await sql<{ action: string; actor_user_id: string | null; actor_role: number | null }>`
      SELECT action, actor_user_id, actor_role FROM audit_log WHERE resource = 'article' AND resource_id = ${id} ORDER BY id`.execute(db);
    expect(entries.rows.map((entry) => entry.action)).toEqual(['approve', 'update', 'schedule-due']);
    expect(entries.rows[2]).toMatchObject({ actor_user_id: null, actor_role: null });
  });

  it('publishes each due article once when runs overlap, oldest time first', async () => {
    const ids = [await approvedFor(MINUTE_MS), await approvedFor(MINUTE_MS), await approvedFor(MINUTE_MS)];
    await timePasses(ids[2]!, 3 * MINUTE_MS);
    await timePasses(ids[0]!, 2 * MINUTE_MS);
    await timePasses(ids[1]!, MINUTE_MS);
    const [a, b] = await Promise.all([publishDueArticles(db), publishDueArticles(db)]);
    const all = [...a, ...b];
    expect(new Set(all).size).toBe(all.length);
    expect(all.sort()).toEqual([...ids].sort());
    // Each run takes the oldest time first.
    const oldestFirst = [ids[2], ids[0], ids[1]];
    for (const run of [a, b]) expect(run).toEqual(oldestFirst.filter((id) => run.includes(id!)));
  });

  it('leaves an article that is not approved alone, whatever its time', async () => {
    const waiting = await insertReviewArticle(db, { publisherId, scheduledAt: new Date(Date.now() - MINUTE_MS) });
    expect(await publishDueArticles(db, new Date(Date.now() + 60 * MINUTE_MS))).not.toContain(waiting);
    expect(await db.selectFrom('articles').select('status').where('id', '=', waiting).executeTakeFirstOrThrow()).toEqual({ status: ArticleStatus.REVIEW });
  });
});

describe('the publishing job', () => {
  let t: TestApp;
  let db: Kysely<Database>;
  let moderator: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'off', JOBS: 'in-process' });
    await t.app.ready();
    db = t.database.handle.db;
    await makeAccount(db, 'job.moderator@example.com', { adminRole: AdminRole.MODERATOR });
    moderator = await adminAuth(t.app, await signIn(t.app, 'job.moderator@example.com'));
  });
  afterAll(() => t?.close());

  it('runs every minute', async () => {
    const { rows } = await sql<{ name: string; cron: string }>`SELECT name, cron FROM pgboss.schedule`.execute(db);
    expect(rows).toContainEqual({ name: PUBLISH_SCHEDULED_JOB, cron: '* * * * *' });
  });

  it('puts an approved article live at its time by itself', async () => {
    const publisherId = (await db.insertInto('publishers').values({ slug: 'dawn-chronicle', name: 'Dawn Chronicle' }).returning('id').executeTakeFirstOrThrow()).id;
    const at = new Date(Date.now() + 3_000);
    const id = await insertReviewArticle(db, { publisherId, title: 'On time: the harbour lights switch on at six', scheduledAt: at });
    const approved = await t.app.inject({ method: 'POST', url: adminApiPaths.articleApprove(id), headers: moderator });
    expect(approved.json()).toMatchObject({ status: ArticleStatus.SCHEDULED });
    const feedIds = async () => ((await t.app.inject(`${apiPaths.articles}?limit=150`)).json() as ArticleList).items.map((item) => item.id);
    expect(await feedIds()).not.toContain(id);

    await expect.poll(feedIds, { timeout: 20_000, interval: 500 }).toContain(id);
    const live = await db.selectFrom('articles').select(['status', 'published_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(live.status).toBe(ArticleStatus.ACTIVE);
    expect(new Date(live.published_at!).toISOString()).toBe(at.toISOString());
    // A run of the job did it, and said so.
    const runs = await sql<{ state: string; output: { published?: number } | null }>`
      SELECT state, output FROM pgboss.job WHERE name = ${PUBLISH_SCHEDULED_JOB} AND start_after >= ${new Date(at.getTime() - 1_000)}`.execute(db);
    expect(runs.rows).toContainEqual({ state: 'completed', output: { published: 1 } });
  });
});
