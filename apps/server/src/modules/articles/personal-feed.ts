import { REGIONS, type PersonalFeedQuery } from '@newsreel/contracts';
import { listOf, pageOf, parseIntegerList } from '../../http/query';
import type { Actor, ArticleRepository } from './article-repository';

export interface PersonalFeedInput {
  page: ReturnType<typeof pageOf>;
  regionIds: number[];
}

/** The page and regions of a personal feed's query, checked before anything is read. */
export function personalFeedInput(query: Omit<PersonalFeedQuery, 'visitorId'>): PersonalFeedInput {
  return { page: pageOf(query), regionIds: parseIntegerList('regionIds', query.regionIds, 0, REGIONS.length - 1) };
}

/**
 * A reader's own feed, as `/v1/articles/user` answers it and their paired devices play it
 * (`/v1/articles/device/{id}`): their blocked publishers and categories left out, ordered by
 * their category scores.
 */
export async function personalFeedOf(
  content: { articles: ArticleRepository },
  actor: Actor,
  { page, regionIds }: PersonalFeedInput,
) {
  return listOf(await content.articles.personalFeed(actor, regionIds, page), page);
}
