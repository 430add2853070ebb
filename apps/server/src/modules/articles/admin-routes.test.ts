import {
  AdminRole,
  ArticleStatus,
  ReviewStatus,
  apiPaths,
  type AdminArticle,
  type AdminArticleList,
  type ArticleList,
  adminApiPaths,
} from '@newsreel/contracts';
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, makeAccount, signIn } from '../../../test/accounts';
import { seedContentFixture, type ContentFixture } from '../../../test/content-fixture';
import { apiCaller } from '../../../test/api-caller';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { insertReviewArticle, type ReviewArticleSpec } from '../../../test/review-articles';
import type { Database } from '../../db/schema';
import { REJECTED_SUMMARY_NOTE } from './article-lifecycle';

const { PENDING, ACTIVE, SCHEDULED, REVIEW } = ArticleStatus;
const { NONE, AWAITING_REVIEW, APPROVED, NEEDS_WORK } = ReviewStatus;
const HOUR_MS = 3_600_000;

describe('admin articles and the review workflow', () => {
  let t: TestApp;
  let db: Kysely<Database>;
  let f: ContentFixture;
  let moderator: { authorization: string };
  let moderatorId: string;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'off' });
    db = t.database.handle.db;
    f = await seedContentFixture(db);
    moderatorId = await makeAccount(db, 'desk.moderator@example.com', { adminRole: AdminRole.MODERATOR });
    moderator = await adminAuth(t.app, await signIn(t.app, 'desk.moderator@example.com'));
  });
  afterAll(() => t?.close());

  const { call, ok, refused } = apiCaller(() => t.app, () => moderator);
  const article = (spec: Omit<ReviewArticleSpec, 'publisherId'> & { publisherId?: string } = {}) =>
    insertReviewArticle(db, { publisherId: f.publishers.spree, ...spec });
  const stateOf = async (id: string) =>
    db.selectFrom('articles').select(['status', 'review_status', 'review_note', 'summary', 'summary_by_ai', 'published_at', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow();
  const feedIds = async () => ((await t.app.inject(`${apiPaths.articles}?limit=150`)).json() as ArticleList).items.map((item) => item.id);
  const auditOf = async (id: string) =>
    (
      await sql<{ action: string; actor_user_id: string | null; before: { status: number } | null; after: { status: number; reviewNote: string | null } | null }>`
        SELECT action, actor_user_id, before, after FROM audit_log WHERE resource = 'article' AND resource_id = ${id} ORDER BY id`.execute(db)
    ).rows;

  it('lists the moderation queue, oldest waiting first, with every filter, paging and search', async () => {
    const now = Date.now();
    const first = await article({ title: 'Queue: the harbour ferry timetable changes', reviewRequestedAt: new Date(now - 3 * HOUR_MS), categoryIds: [f.categories.sport] });
    const second = await article({ title: 'Queue: Zürich trams get new löw-floor cars', reviewRequestedAt: new Date(now - 2 * HOUR_MS), publisherId: f.publishers.atlantic });
    const third = await article({ title: 'Queue: the night market opens on Sundays', reviewRequestedAt: new Date(now - HOUR_MS) });
    await article({ title: 'Queue: a draft nobody has sent for review yet', status: PENDING, reviewStatus: NONE, reviewRequestedAt: null });

    const queue = await ok<AdminArticleList>('GET', `${adminApiPaths.articles}?reviewStatus=1&sort=reviewRequestedAt&order=asc`);
    expect(queue.items.map((item) => item.id)).toEqual([first, second, third]);
    expect(queue.total).toBe(3);
    expect(queue.items[0]).toMatchObject({
      status: REVIEW,
      reviewStatus: AWAITING_REVIEW,
      live: false,
      publisher: { id: f.publishers.spree, name: 'Spree Daily' },
      categories: [{ id: f.categories.sport, name: 'Sport', slug: 'sport' }],
      media: [{ type: 2, fileType: 'audio/mpeg', fileSize: 120_000 }],
      reviewNote: null,
    });

    const ids = async (query: string) => (await ok<AdminArticleList>('GET', `${adminApiPaths.articles}?${query}`)).items.map((item) => item.id);
    expect(await ids(`reviewStatus=1&publisherId=${f.publishers.atlantic}`)).toEqual([second]);
    expect(await ids(`reviewStatus=1&categoryId=${f.categories.sport}`)).toEqual([first]);
    expect(await ids('reviewStatus=1&q=ZURICH')).toEqual([second]);
    expect(await ids('q=low-floor')).toEqual([second]);
    expect(await ids(`q=${third}`)).toEqual([third]);
    expect(await ids('q=%25')).toEqual([]);
    expect(await ids(`status=${PENDING}&q=draft`)).toHaveLength(1);
    expect(await ids('reviewStatus=1&sort=reviewRequestedAt&order=desc')).toEqual([third, second, first]);
    const paged = await ok<AdminArticleList>('GET', `${adminApiPaths.articles}?reviewStatus=1&sort=reviewRequestedAt&order=asc&limit=1&page=2`);
    expect(paged).toMatchObject({ total: 3, page: 2, limit: 1, items: [{ id: second }] });
    const beyond = await ok<AdminArticleList>('GET', `${adminApiPaths.articles}?reviewStatus=1&limit=2&page=5`);
    expect(beyond).toMatchObject({ total: 3, items: [] });
    // Every article, in every state, newest first by default.
    const all = await ok<AdminArticleList>('GET', `${adminApiPaths.articles}?limit=150`);
    expect(all.items.map((item) => item.id)).toEqual(expect.arrayContaining([f.articles.pending, f.articles.scheduled, f.articles.berlin, first]));

    await refused('GET', `${adminApiPaths.articles}?reviewStatus=7`, undefined, 400, /querystring\.reviewStatus/);
    await refused('GET', `${adminApiPaths.articles}?sort=colour`, undefined, 400, /querystring\.sort/);
    await refused('GET', `${adminApiPaths.articles}?publisherId=nope`, undefined, 400, /querystring\.publisherId/);
  });

  it('approves an article into the public feed at once, and records who did', async () => {
    const id = await article({ title: 'Approved: the river clean-up reaches the old mill' });
    // The feed is answered (and kept for a moment) before the approval.
    expect(await feedIds()).not.toContain(id);
    expect((await t.app.inject(apiPaths.article(id))).statusCode).toBe(404);

    const approved = await ok<AdminArticle>('POST', adminApiPaths.articleApprove(id));
    expect(approved).toMatchObject({ status: ACTIVE, reviewStatus: APPROVED, live: true, reviewNote: null });
    expect(Date.parse(approved.publishedAt!)).toBeLessThanOrEqual(Date.now());
    expect(await feedIds()).toContain(id);
    expect((await t.app.inject(apiPaths.article(id))).statusCode).toBe(200);

    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({ action: 'approve', actor_user_id: moderatorId, before: { status: REVIEW }, after: { status: ACTIVE } });

    // Approved is final for the queue: approving again is a conflict that changes nothing.
    const before = await stateOf(id);
    await refused('POST', adminApiPaths.articleApprove(id), undefined, 409, /^Only an article awaiting review can be approved; this one is live\.$/);
    expect(await stateOf(id)).toEqual(before);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('approves an article with a time ahead onto the schedule, off the feed until then', async () => {
    const at = new Date(Date.now() + 2 * HOUR_MS);
    const id = await article({ title: 'Scheduled: the observatory opens its roof at night', scheduledAt: at });
    const approved = await ok<AdminArticle>('POST', adminApiPaths.articleApprove(id));
    expect(approved).toMatchObject({ status: SCHEDULED, reviewStatus: APPROVED, live: false, publishedAt: null, scheduledAt: at.toISOString() });
    expect(await feedIds()).not.toContain(id);
    // A scheduled article keeps its time; it may move to another.
    await refused('PUT', adminApiPaths.article(id), { scheduledAt: null }, 409, /scheduled article goes live at its scheduledAt/);
    const later = new Date(at.getTime() + HOUR_MS).toISOString();
    expect(await ok<AdminArticle>('PUT', adminApiPaths.article(id), { scheduledAt: later })).toMatchObject({ status: SCHEDULED, scheduledAt: later });
  });

  it('refuses to approve what is not awaiting review, or has nothing to play', async () => {
    const draft = await article({ status: PENDING, reviewStatus: NONE });
    await refused('POST', adminApiPaths.articleApprove(draft), undefined, 409, /this one is a draft not yet sent for review/);
    const silent = await article({ media: false });
    await refused('POST', adminApiPaths.articleApprove(silent), undefined, 409, /no playable media/);
    expect(await stateOf(silent)).toMatchObject({ status: REVIEW, review_status: AWAITING_REVIEW });
    await refused('POST', adminApiPaths.articleApprove(randomUUID()), undefined, 404, /no article with that id/);
    await refused('POST', adminApiPaths.articleApprove('not-an-id'), undefined, 400, /params\.id/);
  });

  it('sends an article back with the reason the publisher sees, from the queue and from the feed', async () => {
    const id = await article({ title: 'Needs work: the bridge repairs run late' });
    const sent = await ok<AdminArticle>('POST', adminApiPaths.articleNeedsWork(id), { reason: '  The interview audio is clipped at 0:42; please upload it again.  ' });
    expect(sent).toMatchObject({ status: PENDING, reviewStatus: NEEDS_WORK, reviewNote: 'The interview audio is clipped at 0:42; please upload it again.' });
    expect((await stateOf(id)).review_note).toBe('The interview audio is clipped at 0:42; please upload it again.');
    expect((await ok<AdminArticle>('GET', adminApiPaths.article(id))).reviewNote).toBe('The interview audio is clipped at 0:42; please upload it again.');
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['needs-work']);

    // A live article comes off the feed at once.
    expect(await feedIds()).toContain(f.articles.hamburg);
    const pulled = await ok<AdminArticle>('POST', adminApiPaths.articleNeedsWork(f.articles.hamburg), { reason: 'The score in the title is wrong.' });
    expect(pulled).toMatchObject({ status: PENDING, reviewStatus: NEEDS_WORK, live: false, publishedAt: null });
    expect(await feedIds()).not.toContain(f.articles.hamburg);
    expect((await t.app.inject(apiPaths.article(f.articles.hamburg))).statusCode).toBe(404);

    // Bad input and the wrong state change nothing.
    const other = await article();
    const before = await stateOf(other);
    await refused('POST', adminApiPaths.articleNeedsWork(other), {}, 400, /body\.reason is required/);
    await refused('POST', adminApiPaths.articleNeedsWork(other), { reason: '   ' }, 400, /body\.reason must not be blank/);
    await refused('POST', adminApiPaths.articleNeedsWork(other), { reason: 'x'.repeat(1001) }, 400, /body\.reason/);
    await refused('POST', adminApiPaths.articleNeedsWork(id), { reason: 'Again.' }, 409, /this one is back with its publisher \(needs work\)/);
    await refused('POST', adminApiPaths.articleNeedsWork(randomUUID()), { reason: 'Why not.' }, 404, /no article with that id/);
    expect(await stateOf(other)).toEqual(before);
    expect(await auditOf(other)).toEqual([]);
  });

  it('rejects an AI-written summary back to needs work, and refuses a person’s', async () => {
    const ai = await article({ title: 'AI summary: the glacier lost a metre this summer', summary: 'The AI wrote this.', summaryByAi: true });
    const rejected = await ok<AdminArticle>('POST', adminApiPaths.articleRejectSummary(ai));
    expect(rejected).toMatchObject({ status: PENDING, reviewStatus: NEEDS_WORK, summary: '', summaryByAi: false, reviewNote: REJECTED_SUMMARY_NOTE });
    expect((await auditOf(ai)).map((entry) => entry.action)).toEqual(['reject-summary']);

    const withReason = await article({ summaryByAi: true });
    expect(await ok<AdminArticle>('POST', adminApiPaths.articleRejectSummary(withReason), { reason: 'It names the wrong valley.' })).toMatchObject({
      reviewNote: 'It names the wrong valley.',
    });

    const person = await article({ summary: 'Written by the reporter.' });
    await refused('POST', adminApiPaths.articleRejectSummary(person), undefined, 409, /written by its publisher, not the AI; send it back with needs-work instead/);
    expect(await stateOf(person)).toMatchObject({ status: REVIEW, summary: 'Written by the reporter.' });
    await refused('POST', adminApiPaths.articleRejectSummary(ai), undefined, 409, /^Only the AI-written summary of an article awaiting review can be rejected/);
    await refused('POST', adminApiPaths.articleRejectSummary(person), { reason: '' }, 400, /body\.reason/);
    await refused('POST', adminApiPaths.articleRejectSummary(randomUUID()), undefined, 404, /no article with that id/);
  });

  it('edits an article’s fields within the SPEC §5 minimums; the state only through the review actions', async () => {
    const id = await article({ title: 'Edit me: the council votes on bike lanes', summaryByAi: true });
    const edited = await ok<AdminArticle>('PUT', adminApiPaths.article(id), {
      title: 'The council approves twelve new bike lanes',
      slug: 'council-approves-bike-lanes',
      description: 'The city council approved twelve new protected bike lanes after a long debate on Tuesday.',
      summary: 'Twelve lanes, approved.',
      categoryIds: [f.categories.politics, f.categories.sport],
      regionIds: [11, 4],
      territory: 1,
      breaking: true,
      language: 'de',
      location: { name: 'Berlin', slug: 'berlin', lat: 52.52, lon: 13.405 },
    });
    expect(edited).toMatchObject({
      title: 'The council approves twelve new bike lanes',
      slug: 'council-approves-bike-lanes',
      summaryByAi: false,
      categories: [{ id: f.categories.politics }, { id: f.categories.sport }],
      regionIds: [11, 4],
      breaking: true,
      language: 'de',
      location: { name: 'Berlin', slug: 'berlin' },
      status: REVIEW,
      reviewStatus: AWAITING_REVIEW,
    });
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['update']);
    expect(await ok<AdminArticle>('PUT', adminApiPaths.article(id), { location: null })).toMatchObject({ location: null, title: 'The council approves twelve new bike lanes' });

    const before = await stateOf(id);
    await refused('PUT', adminApiPaths.article(id), { title: 'Too short' }, 400, /body\.title must NOT have fewer than 12 characters/);
    await refused('PUT', adminApiPaths.article(id), { title: '   Too short   ' }, 400, /^body\.title must be at least 12 characters$/);
    await refused('PUT', adminApiPaths.article(id), { slug: 'short' }, 400, /body\.slug/);
    await refused('PUT', adminApiPaths.article(id), { slug: 'Not A Slug!' }, 400, /body\.slug/);
    await refused('PUT', adminApiPaths.article(id), { description: 'Too brief.' }, 400, /body\.description must NOT have fewer than 50 characters/);
    await refused('PUT', adminApiPaths.article(id), { description: 'x'.repeat(401) }, 400, /body\.description must NOT have more than 400 characters/);
    await refused('PUT', adminApiPaths.article(id), { status: ACTIVE }, 400, /body\.status is not a known field/);
    await refused('PUT', adminApiPaths.article(id), { regionIds: [22] }, 400, /body\.regionIds/);
    const unknown = randomUUID();
    await refused('PUT', adminApiPaths.article(id), { categoryIds: [unknown] }, 400, new RegExp(`body\\.categoryIds holds ${unknown}, which names no category`));
    await refused('PUT', adminApiPaths.article(id), { slug: 'fixture-berlin' }, 409, /Another article already has the slug "fixture-berlin"/);
    await refused('PUT', adminApiPaths.article(randomUUID()), { breaking: false }, 404, /no article with that id/);
    expect(await stateOf(id)).toEqual(before);
    expect(await auditOf(id)).toHaveLength(2);
  });

  it('deletes an article, and answers 404 for it afterwards', async () => {
    const id = await article({ title: 'Deleted: a duplicate of the ferry report' });
    expect((await call('DELETE', adminApiPaths.article(id))).statusCode).toBe(204);
    await refused('GET', adminApiPaths.article(id), undefined, 404, /no article with that id/);
    await refused('DELETE', adminApiPaths.article(id), undefined, 404, /no article with that id/);
    expect(await auditOf(id)).toMatchObject([{ action: 'delete', after: null }]);
  });

  it('purges an article from the caches this server keeps', async () => {
    const id = f.articles.potsdam;
    const title = async () => ((await t.app.inject(apiPaths.article(id))).json() as { title: string }).title;
    const original = await title();
    // Changed behind the server's back (as another server would): the kept answer still shows the old title.
    await db.updateTable('articles').set({ title: 'Potsdam researchers measure the climate' }).where('id', '=', id).execute();
    expect(await title()).toBe(original);
    const purge = await ok<{ articleId: string; purged: string[] }>('DELETE', adminApiPaths.articleCache(id));
    expect(purge).toEqual({ articleId: id, purged: ['public answers', 'preview images'] });
    expect(await title()).toBe('Potsdam researchers measure the climate');
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['purge-cache']);
    await refused('DELETE', adminApiPaths.articleCache(randomUUID()), undefined, 404, /no article with that id/);
  });

  it('is closed to readers and publishers', async () => {
    const id = await article();
    expect((await t.app.inject({ method: 'POST', url: adminApiPaths.articleApprove(id) })).statusCode).toBe(401);
    await makeAccount(db, 'desk.reader@example.com');
    const reader = (await signIn(t.app, 'desk.reader@example.com')).auth;
    expect((await t.app.inject({ method: 'POST', url: adminApiPaths.articleApprove(id), headers: reader })).statusCode).toBe(403);
    expect(await stateOf(id)).toMatchObject({ status: REVIEW, review_status: AWAITING_REVIEW });
  });
});
