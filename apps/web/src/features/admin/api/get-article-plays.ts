import { type ArticlePlays, type ArticlePlaysQuery, adminApiPaths } from '@newsreel/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useAdminApi } from '../hooks/use-admin-api';
import { adminStatisticsKeys } from './statistics-keys';

/** GET /v1/admin/statistics/article_plays_last_days: a page of the articles played in the last `days` UTC days. */
export function getArticlePlays(api: ApiClient, query: ArticlePlaysQuery, signal?: AbortSignal): Promise<ArticlePlays> {
  return api.get<ArticlePlays>(adminApiPaths.statisticsArticlePlays, { query: { ...query }, signal });
}

export function articlePlaysQueryOptions(api: ApiClient, query: ArticlePlaysQuery) {
  return queryOptions({
    queryKey: adminStatisticsKeys.articlePlays(query),
    queryFn: ({ signal }) => getArticlePlays(api, query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useArticlePlays(query: ArticlePlaysQuery) {
  return useQuery(articlePlaysQueryOptions(useAdminApi(), query));
}
