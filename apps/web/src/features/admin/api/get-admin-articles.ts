import { type AdminArticleList, type AdminArticleListQuery, adminApiPaths } from '@newsreel/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useAdminApi } from '../hooks/use-admin-api';
import { adminContentKeys } from './content-mutation';

/** GET /v1/admin/articles: a page of articles in any state, filtered and sorted (the queue is reviewStatus=1). */
export function getAdminArticles(api: ApiClient, query: AdminArticleListQuery, signal?: AbortSignal): Promise<AdminArticleList> {
  return api.get<AdminArticleList>(adminApiPaths.articles, { query: { ...query }, signal });
}

export function adminArticlesQueryOptions(api: ApiClient, query: AdminArticleListQuery) {
  return queryOptions({
    queryKey: adminContentKeys.articleList(query),
    queryFn: ({ signal }) => getAdminArticles(api, query, signal),
    // The page being replaced stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useAdminArticles(query: AdminArticleListQuery) {
  return useQuery(adminArticlesQueryOptions(useAdminApi(), query));
}
