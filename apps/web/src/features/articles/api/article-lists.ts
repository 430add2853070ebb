import {
  apiPaths,
  PAGE_LIMIT,
  type ArticleFeedQuery,
  type ArticleList,
  type QueryValue,
} from '@newsreel/contracts';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { useDataApi, useApi } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';
import { useReaderKey, useVisitorId } from '../../visitors/use-visitor';

/** Every article list the API serves; each reads pages of 30 newest (or best) first. */
export type ArticleListSource =
  | { kind: 'feed'; filters?: Omit<ArticleFeedQuery, 'page' | 'limit'> }
  | { kind: 'summary' | 'breaking' | 'trending' | 'pulse' }
  | { kind: 'radar'; lat: number; lon: number; radius: number }
  | { kind: 'category'; categoryId: string }
  | { kind: 'playlist'; playlistId: string }
  | { kind: 'publisher'; publisherId: string }
  | { kind: 'story'; storyId: string }
  | { kind: 'saved' | 'viewed' };

function requestOf(source: ArticleListSource, visitorId: string | undefined): { path: string; query: Record<string, QueryValue> } {
  switch (source.kind) {
    case 'feed':
      return { path: apiPaths.articles, query: { ...source.filters } };
    case 'summary':
      return { path: apiPaths.articlesSummary, query: {} };
    case 'breaking':
      return { path: apiPaths.articlesBreaking, query: {} };
    case 'trending':
      return { path: apiPaths.articlesTrending, query: {} };
    case 'pulse':
      return { path: apiPaths.articlesPulse, query: {} };
    case 'radar':
      return { path: apiPaths.articlesRadar, query: { lat: source.lat, lon: source.lon, radius: source.radius } };
    case 'category':
      return { path: apiPaths.articlesByCategory(source.categoryId), query: {} };
    case 'playlist':
      return { path: apiPaths.articlesByPlaylist(source.playlistId), query: {} };
    case 'publisher':
      return { path: apiPaths.publisherArticles(source.publisherId), query: {} };
    case 'story':
      return { path: apiPaths.storyArticles(source.storyId), query: {} };
    case 'saved':
      return { path: apiPaths.articlesSaved, query: { visitorId } };
    case 'viewed':
      return { path: apiPaths.articlesViewed, query: { visitorId } };
  }
}

/** Personal lists change with every toggle; the rest are public and may come from the cached base. */
export function isPersonalList(source: ArticleListSource): boolean {
  return source.kind === 'saved' || source.kind === 'viewed';
}

export function articleListQueryKey(source: ArticleListSource, limit = PAGE_LIMIT) {
  return ['article-list', source, limit] as const;
}

export function articleListQueryOptions(
  api: ApiClient,
  source: ArticleListSource,
  { visitorId, readerKey = visitorId, limit = PAGE_LIMIT }: { visitorId?: string; readerKey?: string; limit?: number } = {},
) {
  const { path, query } = requestOf(source, visitorId);
  return infiniteQueryOptions({
    queryKey: [...articleListQueryKey(source, limit), api.baseUrl, readerKey ?? null],
    queryFn: ({ pageParam, signal }) => api.get<ArticleList>(path, { query: { ...query, page: pageParam, limit }, signal }),
    initialPageParam: 1,
    // The first page the server embedded in the page (the home's feed), there for the first render.
    initialData: () => {
      const firstPage = api.embedded<ArticleList>(path, { query: { ...query, page: 1, limit } });
      return firstPage ? { pages: [firstPage], pageParams: [1] } : undefined;
    },
    getNextPageParam: (last: ArticleList) => (last.page * last.limit < last.total && last.items.length > 0 ? last.page + 1 : undefined),
    staleTime: isPersonalList(source) ? 0 : 30_000,
  });
}

/** The articles of one list, 30 at a time; `fetchNextPage` reads the next 30 (infinite scroll). */
export function useArticleList(source: ArticleListSource, options: { limit?: number; enabled?: boolean } = {}) {
  const personal = isPersonalList(source);
  const publicApi = useDataApi();
  const personalApi = useApi();
  const visitorId = useVisitorId();
  const readerKey = useReaderKey();
  return useInfiniteQuery({
    // Only personal lists name the reader: a public list keyed by them would be read again, and its
    // page remounted, when a first visit makes its visitor or someone signs in.
    ...articleListQueryOptions(personal ? personalApi : publicApi, source, {
      visitorId: personal ? visitorId : undefined,
      readerKey: personal ? readerKey : undefined,
      limit: options.limit,
    }),
    enabled: (options.enabled ?? true) && (!personal || (visitorId !== undefined && readerKey !== undefined)),
  });
}

/** Every article of the pages read so far, once each (a page boundary can shift while reading). */
export function articlesOf<T extends { id: string }>(data: InfiniteData<{ items: T[] }> | undefined): T[] {
  if (!data) return [];
  const seen = new Set<string>();
  const articles: T[] = [];
  for (const page of data.pages) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      articles.push(item);
    }
  }
  return articles;
}
