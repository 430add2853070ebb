import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  COLLECTION_ARTICLES_MAX,
  CollectionArticleBodySchema,
  CollectionArticleIdsBodySchema,
  CollectionArticlesSchema,
  IdParamsSchema,
} from '@newsreel/contracts';
import { errorResponses } from '../../http/errors';
import { auditActorOf } from '../audit/audit-log';
import type { OrderedArticles } from './ordered-articles';

export interface OrderedArticleRoutesOptions {
  /** '/v1/admin/playlists' */
  base: string;
  /** 'playlist' */
  noun: string;
  /** 'Playlist': operation ids are adminListPlaylistArticles … */
  operation: string;
  /** The public reads that show the change at once, for the descriptions. */
  publicReads: string;
  tags: string[];
  articles: OrderedArticles;
}

/**
 * The articles of a playlist or story in the admin console (SPEC §7 Admin): list, add, batch add,
 * remove {articleId} and reorder. Registered by the playlists' and stories' admin routes, whose
 * onSend hook marks the answers private.
 */
export const orderedArticleRoutes: FastifyPluginAsyncTypebox<OrderedArticleRoutesOptions> = async (app, { base, noun, operation, publicReads, tags, articles }) => {
  const shown = `Answers every article of the ${noun} in its new order; ${publicReads} show the change at once.`;
  const noSuch = `404: no such ${noun}.`;

  app.get(
    `${base}/:id/articles`,
    {
      schema: {
        operationId: `adminList${operation}Articles`,
        summary: `Every article of a ${noun}, in order`,
        description: `Whatever their status; \`live\` says which the public reads show. ${noSuch}`,
        tags,
        params: IdParamsSchema,
        response: { 200: CollectionArticlesSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => articles.list(request.params.id),
  );

  app.post(
    `${base}/:id/articles`,
    {
      schema: {
        operationId: `add${operation}Article`,
        summary: `Add an article at the end of a ${noun}`,
        description: `${shown} 400: no article has that id. 409: the ${noun} already holds it. ${noSuch}`,
        tags,
        params: IdParamsSchema,
        body: CollectionArticleBodySchema,
        response: { 200: CollectionArticlesSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => articles.add(auditActorOf(request), request.params.id, request.body.articleId),
  );

  app.post(
    `${base}/:id/articles/batch`,
    {
      schema: {
        operationId: `add${operation}ArticlesBatch`,
        summary: `Add several articles at the end of a ${noun}, in the order given`,
        description: `All or nothing (at most ${COLLECTION_ARTICLES_MAX}): 400 names the ids no article has; 409 names the articles the ${noun} already holds. ${shown} ${noSuch}`,
        tags,
        params: IdParamsSchema,
        body: CollectionArticleIdsBodySchema,
        response: { 200: CollectionArticlesSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => articles.addBatch(auditActorOf(request), request.params.id, request.body.articleIds),
  );

  app.delete(
    `${base}/:id/articles`,
    {
      schema: {
        operationId: `remove${operation}Article`,
        summary: `Remove an article from a ${noun}`,
        description: `SPEC §7: the body names the article, {articleId}; the article itself stays. ${shown} 404: no such ${noun}, or the article is not in it.`,
        tags,
        params: IdParamsSchema,
        body: CollectionArticleBodySchema,
        response: { 200: CollectionArticlesSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => articles.remove(auditActorOf(request), request.params.id, request.body.articleId),
  );

  app.put(
    `${base}/:id/articles/order`,
    {
      schema: {
        operationId: `reorder${operation}Articles`,
        summary: `Put a ${noun}'s articles in a new order`,
        description: `\`articleIds\` holds each of the ${noun}'s articles exactly once, in the new order; 400 names those left out and those not in the ${noun}. ${shown} ${noSuch}`,
        tags,
        params: IdParamsSchema,
        body: CollectionArticleIdsBodySchema,
        response: { 200: CollectionArticlesSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => articles.reorder(auditActorOf(request), request.params.id, request.body.articleIds),
  );
};
