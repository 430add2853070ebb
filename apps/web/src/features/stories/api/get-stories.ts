import { apiPaths, PAGE_LIMIT, type List, type Story } from '@newsreel/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useDataApi } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';

export function getStories(api: ApiClient, { page, limit, signal }: { page: number; limit: number; signal?: AbortSignal }): Promise<List<Story>> {
  return api.get<List<Story>>(apiPaths.stories, { query: { page, limit }, signal });
}

export function storiesQueryOptions(api: ApiClient, limit = PAGE_LIMIT) {
  return infiniteQueryOptions({
    queryKey: ['stories', api.baseUrl, limit],
    queryFn: ({ pageParam, signal }) => getStories(api, { page: pageParam, limit, signal }),
    initialPageParam: 1,
    getNextPageParam: (last: List<Story>) => (last.page * last.limit < last.total && last.items.length > 0 ? last.page + 1 : undefined),
    staleTime: 60_000,
  });
}

/** Stories, newest first, `limit` at a time. */
export function useStories({ limit }: { limit?: number } = {}) {
  return useInfiniteQuery(storiesQueryOptions(useDataApi(), limit));
}
