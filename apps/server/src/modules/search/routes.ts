import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SearchQuerySchema, SearchResponseSchema, type SearchResponse } from '@newsreel/contracts';
import type { AppDeps } from '../../app-deps';
import { errorResponses } from '../../http/errors';
import { pageOf } from '../../http/query';
import { FRESHNESS, publicAnswers } from '../../http/response-cache';
import { articleHitsOf } from './article-hits';
import { createSearchRepository, SEARCH_CANDIDATES } from './search-repository';

const empty = (page: { page: number; limit: number }) => ({ items: [], total: 0, page: page.page, limit: page.limit });

export const searchRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const answers = publicAnswers(deps.database.db);

  app.get(
    '/v1/search',
    {
      schema: {
        operationId: 'search',
        summary: 'Search articles, stories, publishers and categories',
        description:
          `Ranked full-text search over title, description, summary and transcript, with stemming and accents folded; titles and names also match words spelled slightly wrong. Article hits carry a snippet with matches in <mark> (everything else escaped) and, when the match is in the transcript, the matching line with its start time (quote search). Each list pages with page/limit. Articles: the newest ${SEARCH_CANDIDATES} full-text matches are ranked (for news, recency is part of relevance), so \`articles.total\` is counted up to ${SEARCH_CANDIDATES}; articles with title words spelled like the query's words are added only when the words themselves find fewer articles than \`limit\`. ${FRESHNESS}`,
        tags: ['search'],
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema, ...errorResponses(400, 503) },
      },
    },
    async (request, reply) =>
      answers.send(request, reply, async () => {
        const page = pageOf(request.query);
        const q = request.query.q.trim();
        const type = request.query.type ?? 'all';
        const wants = (kind: typeof type) => type === 'all' || type === kind;
        const body: SearchResponse = {
          q,
          articles: empty(page),
          stories: empty(page),
          publishers: empty(page),
          categories: empty(page),
        };
        if (!q) return body;

        // One after another on one connection: a search takes one of the pool's connections, not
        // two, so readers searching at once do not crowd out everyone else's reads.
        const asked = { stories: wants('stories'), publishers: wants('publishers'), categories: wants('categories') };
        const { articleMatches, sideLists } = await deps.database.db.connection().execute(async (connection) => {
          const search = createSearchRepository(connection);
          return {
            articleMatches: wants('articles') ? await search.articles(q, page) : undefined,
            sideLists: asked.stories || asked.publishers || asked.categories ? await search.sideLists(q, page, asked) : undefined,
          };
        });
        if (articleMatches) body.articles = { ...body.articles, ...articleHitsOf(articleMatches) };
        if (sideLists) {
          body.stories = { ...body.stories, ...sideLists.stories };
          body.publishers = { ...body.publishers, ...sideLists.publishers };
          body.categories = { ...body.categories, ...sideLists.categories };
        }
        return body;
      }),
  );
};
