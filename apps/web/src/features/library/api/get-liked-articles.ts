import { apiPaths, PAGE_LIMIT, type ArticleList } from '@newsreel/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';
import { useReaderKey, useVisitorId } from '../../visitors/use-visitor';

/** Starts with the key of every article list, so ['article-list', { kind: 'liked' }] invalidates it. */
export function likedArticlesQueryKey(limit = PAGE_LIMIT) {
  return ['article-list', { kind: 'liked' }, limit] as const;
}

export function likedArticlesQueryOptions(api: ApiClient, visitorId: string | undefined, limit = PAGE_LIMIT, readerKey = visitorId) {
  return infiniteQueryOptions({
    queryKey: [...likedArticlesQueryKey(limit), api.baseUrl, readerKey ?? null],
    queryFn: ({ pageParam, signal }) =>
      api.get<ArticleList>(apiPaths.articlesLiked, { query: { visitorId, page: pageParam, limit }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last: ArticleList) => (last.page * last.limit < last.total && last.items.length > 0 ? last.page + 1 : undefined),
    // Personal: a like given on another page must show here at once.
    staleTime: 0,
  });
}

/** The articles this reader liked, 30 at a time (the signed-in user's, or else this browser's visitor's). */
export function useLikedArticles(options: { limit?: number; enabled?: boolean } = {}) {
  const visitorId = useVisitorId();
  const readerKey = useReaderKey();
  return useInfiniteQuery({
    ...likedArticlesQueryOptions(useApi(), visitorId, options.limit, readerKey),
    enabled: (options.enabled ?? true) && visitorId !== undefined && readerKey !== undefined,
  });
}
