import type { Static } from 'typebox';
import type { ArticleHitSchema } from '@newsreel/contracts';
import type { ArticleRepository } from '../articles/article-repository';
import type { ArticleMatch } from './search-repository';

/**
 * The article hits of a search: the matches in rank order, shaped as the public article lists are,
 * with their snippet and quote. Shared by GET /v1/search and GET /v1/vendor/articles/search.
 */
export async function articleHitsOf(articles: ArticleRepository, matches: { matches: ArticleMatch[]; total: number }): Promise<{ items: Static<typeof ArticleHitSchema>[]; total: number }> {
  const summaries = new Map((await articles.byIds(matches.matches.map((m) => m.id))).map((a) => [a.id, a]));
  return {
    total: matches.total,
    items: matches.matches.flatMap((match) => {
      const summary = summaries.get(match.id);
      return summary ? [{ ...summary, snippet: match.snippet, quote: match.quote }] : [];
    }),
  };
}
