import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SearchQuerySchema, SearchResponseSchema, type SearchResponse } from '@newsreel/contracts';
import type { AppDeps } from '../../app-deps';
import { errorResponses } from '../../http/errors';
import { pageOf } from '../../http/query';
import { FRESHNESS, publicAnswers } from '../../http/response-cache';
import { createSearchRepository, SEARCH_CANDIDATES } from './search-repository';

const empty = (page: { page: number; limit: number }) => ({ items: [], total: 0, page: page.page, limit: page.limit });

export const searchRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const search = createSearchRepository(deps.database.db);
  const { articles } = deps.content;
  const answers = publicAnswers(deps.database.db);

  app.get(
    '/v1/search',
    {
      schema: {
        operationId: 'search',
        summary: 'Search articles, stories, publishers and categories',
        description:
          `Ranked full-text search over title, description, summary and transcript, with stemming and accents folded; titles and names also match words spelled slightly wrong. Article hits carry a snippet with matches in <mark> (everything else escaped) and, when the match is in the transcript, the matching line with its start time (quote search). Each list pages with page/limit. Articles: the newest ${SEARCH_CANDIDATES} full-text matches are ranked (for news, recency is part of relevance), so \`articles.total\` is counted up to ${SEARCH_CANDIDATES}; titles spelled like the query are added only when the words themselves find fewer articles than \`limit\`. ${FRESHNESS}`,
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

        const [articleMatches, stories, publishers, categories] = await Promise.all([
          wants('articles') ? search.articles(q, page) : undefined,
          wants('stories') ? search.stories(q, page) : undefined,
          wants('publishers') ? search.publishers(q, page) : undefined,
          wants('categories') ? search.categories(q, page) : undefined,
        ]);
        if (articleMatches) {
          const summaries = new Map((await articles.byIds(articleMatches.matches.map((m) => m.id))).map((a) => [a.id, a]));
          body.articles = {
            ...body.articles,
            total: articleMatches.total,
            items: articleMatches.matches.flatMap((match) => {
              const summary = summaries.get(match.id);
              return summary ? [{ ...summary, snippet: match.snippet, quote: match.quote }] : [];
            }),
          };
        }
        if (stories) body.stories = { ...body.stories, ...stories };
        if (publishers) body.publishers = { ...body.publishers, ...publishers };
        if (categories) body.categories = { ...body.categories, ...categories };
        return body;
      }),
  );
};
