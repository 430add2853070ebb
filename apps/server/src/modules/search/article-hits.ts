import type { Static } from 'typebox';
import type { ArticleHitSchema, ArticleSummary } from '@newsreel/contracts';
import type { ArticleMatch } from './search-repository';

/**
 * The article hits of a search: the matches in rank order, shaped as the public article lists are
 * (each one's card), with their snippet and quote. Shared by GET /v1/search and
 * GET /v1/vendor/articles/search.
 */
export function articleHitsOf(matches: { matches: ArticleMatch[]; total: number }): { items: Static<typeof ArticleHitSchema>[]; total: number } {
  return {
    total: matches.total,
    items: matches.matches.map((match) => ({ ...(JSON.parse(match.card) as ArticleSummary), snippet: match.snippet, quote: match.quote })),
  };
}
