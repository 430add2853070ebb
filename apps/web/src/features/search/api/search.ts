import { apiPaths, PAGE_LIMIT, type SearchResponse, type SearchType } from '@newsreel/contracts';
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useDataApi } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';
import { SUGGESTION_MIN_LENGTH } from '../lib/search-params';

/** Article titles the search box suggests at most; stories, publishers and categories add a few. */
export const SUGGESTION_LIMIT = 6;

export type ArticleHit = SearchResponse['articles']['items'][number];
export type SearchListKind = Exclude<SearchType, 'all'>;

export interface SearchRequest {
  q: string;
  type: SearchType;
  page?: number;
  limit?: number;
}

export function getSearch(api: ApiClient, { q, type, page = 1, limit = PAGE_LIMIT }: SearchRequest, signal?: AbortSignal): Promise<SearchResponse> {
  return api.get<SearchResponse>(apiPaths.search, { query: { q, type, page, limit }, signal });
}

/**
 * Suggestions for the words typed so far. The signal lets react-query abort a request once the
 * reader has typed on and nobody waits for its answer any more.
 */
export function searchSuggestionsQueryOptions(api: ApiClient, q: string) {
  return queryOptions({
    queryKey: ['search', 'suggestions', q, api.baseUrl],
    queryFn: ({ signal }) => getSearch(api, { q, type: 'all', limit: SUGGESTION_LIMIT }, signal),
    staleTime: 30_000,
  });
}

export function useSearchSuggestions(q: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    ...searchSuggestionsQueryOptions(useDataApi(), q),
    enabled: enabled && q.length >= SUGGESTION_MIN_LENGTH,
    // The previous suggestions stay while the next ones load, so the list does not flicker.
    placeholderData: keepPreviousData,
  });
}

/** Articles page through the answers of "all": its first page also brings the other lists' totals. */
function scopeOf(type: SearchType): SearchType {
  return type === 'articles' ? 'all' : type;
}

/** The list a result type pages through. */
export function pagedListOf(type: SearchType): SearchListKind {
  return type === 'all' ? 'articles' : type;
}

/**
 * Results for one query, 30 at a time. "All" and "Articles" share one list: its first page asks
 * for everything (every list's total, the stories, publishers and categories), later pages for
 * articles only. Stories, publishers and categories page on their own.
 */
export function searchResultsQueryOptions(api: ApiClient, q: string, type: SearchType) {
  const scope = scopeOf(type);
  const list = pagedListOf(scope);
  return infiniteQueryOptions({
    queryKey: ['search', 'results', q, scope, api.baseUrl],
    queryFn: ({ pageParam, signal }) =>
      getSearch(api, { q, type: scope === 'all' && pageParam > 1 ? 'articles' : scope, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last: SearchResponse) => {
      const { page, limit, total, items } = last[list];
      return page * limit < total && items.length > 0 ? page + 1 : undefined;
    },
    staleTime: 30_000,
  });
}

export function useSearchResults(q: string, type: SearchType, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...searchResultsQueryOptions(useDataApi(), q, type), enabled: enabled && q.length > 0 });
}
