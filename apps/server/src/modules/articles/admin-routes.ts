import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminArticleListQuerySchema,
  AdminArticleListResponseSchema,
  AdminArticleSchema,
  AdminArticleUpdateBodySchema,
  ArticleCachePurgeSchema,
  ArticleNeedsWorkBodySchema,
  ArticleRejectSummaryBodySchema,
  IdParamsSchema,
} from '@newsreel/contracts';
import { Type } from 'typebox';
import type { AppDeps } from '../../app-deps';
import { errorResponses } from '../../http/errors';
import { listOf, pageOf, PRIVATE_NO_STORE } from '../../http/query';
import { auditActorOf } from '../audit/audit-log';
import { createAdminArticleRepository } from './admin-article-repository';
import { createAdminArticleService } from './admin-article-service';
import { purgeArticleCaches } from './article-caches';
import { publishingRunAt, registerArticleJobs } from './article-jobs';

const Deleted = Type.Null({ description: 'Deleted' });
const LIFECYCLE = 'The rules are docs/architecture.md, "Article lifecycle".';
const STATE_CONFLICT = '409: the article is not in a state this applies to; the message says which state it is in and what it needs.';

/**
 * Admin articles and the review workflow (SPEC §7 Admin articles, "reject summary" and "cache"),
 * for moderators and superusers (access table). Every answer is `private, no-store`. States move
 * only through the lifecycle (article-lifecycle.ts).
 */
export const adminArticleRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  registerArticleJobs(deps.jobs, db);
  const review = createAdminArticleService({
    articles: createAdminArticleRepository(db),
    media: deps.media,
    purge: (articleId) => purgeArticleCaches(db, articleId),
    // The job's run every minute covers a run that could not be queued.
    wakeAt: (at) => void publishingRunAt(deps.jobs, at).catch((error: unknown) => app.log.warn({ err: error, at }, 'could not queue the publishing job for a scheduled article')),
  });
  const tags = ['admin articles'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
  });

  app.get(
    '/v1/admin/articles',
    {
      schema: {
        operationId: 'adminListArticles',
        summary: 'Articles in every state, filtered and sorted; the moderation queue is reviewStatus=1',
        description:
          '`status` and `reviewStatus` keep one value each (SPEC §3); `publisherId` and `categoryId` keep that publisher’s or category’s articles; `q` matches part of the title (any case, accents ignored), or the exact slug or id. Sorted by `sort` (default createdAt) and `order` (default desc), then by id; missing times sort last. The moderation queue, oldest waiting first: `?reviewStatus=1&sort=reviewRequestedAt&order=asc`. `total` is exact when the list ends within 300 articles after this page, otherwise it means "at least this many".',
        tags,
        querystring: AdminArticleListQuerySchema,
        response: { 200: AdminArticleListResponseSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => {
      const page = pageOf(request.query);
      return listOf(await review.list(request.query, page), page);
    },
  );

  app.get(
    '/v1/admin/articles/:id',
    {
      schema: {
        operationId: 'adminGetArticle',
        summary: 'An article in any state, with its review note, schedule and every media file',
        description: '404: no such article.',
        tags,
        params: IdParamsSchema,
        response: { 200: AdminArticleSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => review.get(request.params.id),
  );

  app.put(
    '/v1/admin/articles/:id',
    {
      schema: {
        operationId: 'adminUpdateArticle',
        summary: 'Edit an article’s fields (not its state)',
        description: `Fields left out stay as they are. SPEC §5 minimums: title at least 12 characters, slug at least 6, description 50 to 400 (400 names the field). The state moves only through approve, needs-work and reject-summary. A summary written here is a person's (summaryByAi false). 409: the slug is taken, or a scheduled article would lose its scheduledAt. 404: no such article. ${LIFECYCLE}`,
        tags,
        params: IdParamsSchema,
        body: AdminArticleUpdateBodySchema,
        response: { 200: AdminArticleSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => review.update(auditActorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/v1/admin/articles/:id',
    {
      schema: {
        operationId: 'adminDeleteArticle',
        summary: 'Delete an article',
        description: '204: deleted, with its media records, transcripts, likes, saves and views, and its places in stories and playlists; purged from the caches. 404: no such article.',
        tags,
        params: IdParamsSchema,
        response: { 204: Deleted, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request, reply) => {
      await review.remove(auditActorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v1/admin/articles/:id/approve',
    {
      schema: {
        operationId: 'adminApproveArticle',
        summary: 'Approve an article awaiting review: it goes live now, or at its scheduledAt',
        description: `Review (5), awaiting review (1) → active (1), approved (2), published now; or, when its scheduledAt is in the future, scheduled (3), approved (2), and the publishing job puts it live at that time. It must have playable media. The review note is cleared. ${STATE_CONFLICT} 404: no such article. ${LIFECYCLE}`,
        tags,
        params: IdParamsSchema,
        response: { 200: AdminArticleSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => review.approve(auditActorOf(request), request.params.id),
  );

  app.post(
    '/v1/admin/articles/:id/needs-work',
    {
      schema: {
        operationId: 'adminArticleNeedsWork',
        summary: 'Send an article back to its publisher, with the reason they will see',
        description: `From awaiting review, scheduled or live → pending (0), needs work (3): off the feeds at once, \`reason\` kept on the article as its reviewNote for the publisher. The publisher sends it again for review when it is fixed. ${STATE_CONFLICT} 400: no reason, or a blank one. 404: no such article. ${LIFECYCLE}`,
        tags,
        params: IdParamsSchema,
        body: ArticleNeedsWorkBodySchema,
        response: { 200: AdminArticleSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => review.needsWork(auditActorOf(request), request.params.id, request.body.reason),
  );

  app.post(
    '/v1/admin/articles/:id/reject-summary',
    {
      schema: {
        operationId: 'adminRejectArticleSummary',
        summary: 'Reject the AI-written summary of an article awaiting review',
        description: `Awaiting review with an AI-written summary → pending (0), needs work (3): the summary is removed (it must never go live) and \`reason\`, or a standard note, is kept as its reviewNote. Sent again without a summary, the article goes back to the AI for a new one. The body may be left out. 409: not awaiting review, or its summary is a person's (use needs-work). 404: no such article. ${LIFECYCLE}`,
        tags,
        params: IdParamsSchema,
        body: ArticleRejectSummaryBodySchema,
        response: { 200: AdminArticleSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
      // No body at all is the same as an empty one.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => review.rejectSummary(auditActorOf(request), request.params.id, request.body?.reason),
  );

  app.delete(
    '/v1/admin/articles/:id/cache',
    {
      schema: {
        operationId: 'adminPurgeArticleCache',
        summary: 'Purge an article from every cache this server keeps',
        description:
          'Forgets the article’s public answers (the article, and every list, search, story and playlist answer that may hold it) and its drawn preview image in this server process. Other server processes forget theirs within 10 s by themselves; browsers and CDNs revalidate after their 30 s max-age. 404: no such article.',
        tags,
        params: IdParamsSchema,
        response: { 200: ArticleCachePurgeSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => ({ articleId: request.params.id, purged: await review.purgeCaches(auditActorOf(request), request.params.id) }),
  );
};
