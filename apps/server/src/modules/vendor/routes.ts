import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  IdParamsSchema,
  REGIONS,
  VendorApiKeyBodySchema,
  VendorApiKeyCreatedSchema,
  VendorApiKeyListQuerySchema,
  VendorApiKeyListSchema,
  VendorArticleListQuerySchema,
  VendorArticleListSchema,
  VendorArticleQuerySchema,
  VendorArticleSchema,
  VendorArticleSearchQuerySchema,
  VendorArticleSearchSchema,
  VendorSchema,
  type VendorArticle,
} from '@newsreel/contracts';
import { Type } from 'typebox';
import type { AppDeps } from '../../app-deps';
import { ownVendorIdOf } from '../../http/access';
import { errorResponses, notFound } from '../../http/errors';
import { PRIVATE_NO_STORE, pageOf, parseIdList, parseIntegerList } from '../../http/query';
import { perKeyLimiter } from '../../http/rate-limits';
import { articleHitsOf } from '../search/article-hits';
import { createSearchRepository } from '../search/search-repository';
import { createUserRepository } from '../users/user-repository';
import { createVendorArticleQueries } from './vendor-article-queries';
import { createVendorKeyService } from './vendor-key-service';

const Deleted = Type.Null({ description: 'Done; no body' });
const NO_ARTICLE = 'There is no published article with that id.';

/**
 * Vendor (/v1/vendor, SPEC §7): the API vendors build on. A vendor's client exchanges one of its
 * API keys for a vendor token (POST /v1/auth/vendor) and reads published articles with it; the
 * vendor's users manage its keys from the web app's /vendor page with their own sign-in. Every
 * route acts for the caller's own vendor (the access table's `vendor: 'own'`), and every route
 * shares one budget per key (VENDOR_RATE_LIMIT a minute; 429 with Retry-After beyond it).
 */
export const vendorRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const accounts = createUserRepository(db);
  const keys = createVendorKeyService(db);
  const { articles } = deps.content;
  const vendorArticles = createVendorArticleQueries(db, articles);
  const tags = ['vendor'];
  const limit = deps.config.vendorRateLimitPerMinute;
  const RATE = `Every /v1/vendor call counts against one budget per API key (a signed-in user: per account) of ${limit} calls a minute; beyond it the answer is 429 with Retry-After (seconds).`;

  const limiter = perKeyLimiter(app, { name: 'vendor', max: limit, windowMs: 60_000, tooMany: `Too many calls to the vendor API: ${limit} a minute per key.` });
  if (limiter) app.addHook('preHandler', limiter);
  // Nothing a vendor reads is shared: no cache keeps it.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
  });

  app.get(
    '/v1/vendor/:id',
    {
      schema: {
        operationId: 'getVendor',
        summary: 'The vendor’s own record',
        description: `With a vendor token of one of its API keys (POST /v1/auth/vendor), or as a signed-in user of the vendor. 403 for any other vendor. ${RATE}`,
        tags,
        params: IdParamsSchema,
        response: { 200: VendorSchema, ...errorResponses(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request) => {
      const vendor = await accounts.vendor(request.params.id);
      if (!vendor) throw notFound('There is no vendor with that id.');
      return vendor;
    },
  );

  // ── API keys ──

  app.get(
    '/v1/vendor/api-keys',
    {
      schema: {
        operationId: 'listVendorApiKeys',
        summary: 'The vendor’s API keys, without the keys themselves',
        description: `Live keys first, then revoked ones, newest first. With \`key\` (a key’s prefix, e.g. nr_AbC123, or the start of a key): only the key it is, to learn which of your keys a client uses; an empty list when it is none of this vendor’s. Keys a superuser made for one of the vendor’s users are theirs, and are not listed. ${RATE}`,
        tags,
        querystring: VendorApiKeyListQuerySchema,
        response: { 200: VendorApiKeyListSchema, ...errorResponses(400, 401, 403, 429, 503) },
      },
    },
    async (request) => ({ items: await keys.list(ownVendorIdOf(request), request.query.key) }),
  );

  app.post(
    '/v1/vendor/api-keys',
    {
      schema: {
        operationId: 'createVendorApiKey',
        summary: 'A new API key for the vendor; the key is shown in this answer only',
        description: `\`name\` defaults to “Access Key” (the body may be left out). 201: the key, in \`key\`, is shown this once: only its hash is kept, so store it now. Exchange it for a vendor token at POST /v1/auth/vendor. ${RATE}`,
        tags,
        body: VendorApiKeyBodySchema,
        response: { 201: VendorApiKeyCreatedSchema, ...errorResponses(400, 401, 403, 429, 503) },
      },
      // No body at all (curl -X POST) is a key with the default name, as an empty object is.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => reply.code(201).send(await keys.create(ownVendorIdOf(request), request.body.name)),
  );

  app.delete(
    '/v1/vendor/api-keys/:id',
    {
      schema: {
        operationId: 'revokeVendorApiKey',
        summary: 'Revoke one of the vendor’s API keys',
        description: `204: revoked (or it was already). POST /v1/auth/vendor refuses it from now on, and every token made with it is refused (401) from its next call. The key stays in the list, marked revoked. 404: the vendor has no key with that id. ${RATE}`,
        tags,
        params: IdParamsSchema,
        response: { 204: Deleted, ...errorResponses(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      await keys.revoke(ownVendorIdOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v1/vendor/api-keys/:id/rotate',
    {
      schema: {
        operationId: 'rotateVendorApiKey',
        summary: 'Replace a key’s secret: a new key with the same name, shown once; the old one stops',
        description: `201: the new key (a new id, the same name), in \`key\`, shown this once. The old key is revoked in the same step: it and its tokens stop working at once, so update your clients with the new key first-hand. 404: the vendor has no key with that id. 409: the key is revoked already. ${RATE}`,
        tags,
        params: IdParamsSchema,
        response: { 201: VendorApiKeyCreatedSchema, ...errorResponses(400, 401, 403, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await keys.rotate(ownVendorIdOf(request), request.params.id)),
  );

  // ── Articles ──

  app.get(
    '/v1/vendor/articles',
    {
      schema: {
        operationId: 'listVendorArticles',
        summary: 'Published articles, by when they last changed, paged by a cursor',
        description: `Only active, published articles, shaped as the public lists are, each with \`updatedAt\` (its last change, or when it went live if later). \`order\` desc (default): latest change first; asc: oldest first. Pages follow \`nextCursor\` (null on the last page); a cursor is stable: articles published or changed meanwhile never make a page repeat or skip another. To sync, ask with \`order=asc&updatedSince=<the latest updatedAt you hold>\` and follow the cursors. Filters combine with AND; list filters (comma-separated) match any of their values. ${RATE}`,
        tags,
        querystring: VendorArticleListQuerySchema,
        response: { 200: VendorArticleListSchema, ...errorResponses(400, 401, 403, 429, 503) },
      },
    },
    async (request) => {
      const { cursor, order, updatedSince, language, publisherId, regionIds, categoryIds } = request.query;
      const { limit: pageLimit } = pageOf(request.query);
      const filters = {
        updatedSince,
        language,
        publisherId,
        regionIds: parseIntegerList('regionIds', regionIds, 0, REGIONS.length - 1),
        categoryIds: parseIdList('categoryIds', categoryIds),
      };
      return vendorArticles.list(filters, { cursor, limit: pageLimit, order: order ?? 'desc' });
    },
  );

  app.get(
    '/v1/vendor/articles/search',
    {
      schema: {
        operationId: 'searchVendorArticles',
        summary: 'Search published articles',
        description: `The public search’s article part: ranked full-text search over title, description, summary and transcript, with snippets (matches in <mark>, all else escaped) and the matching transcript line. Pages with page/limit; \`total\` is counted up to the ranked candidates. ${RATE}`,
        tags,
        querystring: VendorArticleSearchQuerySchema,
        response: { 200: VendorArticleSearchSchema, ...errorResponses(400, 401, 403, 429, 503) },
      },
    },
    async (request) => {
      const page = pageOf(request.query);
      const q = request.query.q.trim();
      if (!q) return { q, items: [], total: 0, page: page.page, limit: page.limit };
      const matches = await createSearchRepository(db).articles(q, page);
      return { q, page: page.page, limit: page.limit, ...articleHitsOf(matches) };
    },
  );

  app.get(
    '/v1/vendor/articles/:id',
    {
      schema: {
        operationId: 'getVendorArticle',
        summary: 'One published article with every media file and its transcript',
        description: `The article as the public page has it, with \`media\` (every file: video, audio, image, dubbed video), \`transcript\` (its timed cues in \`language\` when there is one in it, else in the article’s own language; null when it has none) and \`updatedAt\`. 404: no published article has that id. ${RATE}`,
        tags,
        params: IdParamsSchema,
        querystring: VendorArticleQuerySchema,
        response: { 200: VendorArticleSchema, ...errorResponses(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const article = await articles.articleOf(id, { transcript: { language: request.query.language } });
      const updatedAt = article && (await vendorArticles.changedAt(id));
      if (!article || !updatedAt) throw notFound(NO_ARTICLE);
      const body: VendorArticle = { ...article, updatedAt, transcript: article.transcript ?? null };
      return body;
    },
  );
};
