import { type AdminArticle, adminApiPaths } from '@newsreel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useAdminApi } from '../hooks/use-admin-api';
import { adminContentKeys } from './content-mutation';

/** GET /v1/admin/articles/{id}: an article in any state, with its review note, schedule and media. */
export function getAdminArticle(api: ApiClient, articleId: string, signal?: AbortSignal): Promise<AdminArticle> {
  return api.get<AdminArticle>(adminApiPaths.article(articleId), { signal });
}

export function adminArticleQueryOptions(api: ApiClient, articleId: string) {
  return queryOptions({
    queryKey: adminContentKeys.article(articleId),
    queryFn: ({ signal }) => getAdminArticle(api, articleId, signal),
  });
}

export function useAdminArticle(articleId: string) {
  return useQuery(adminArticleQueryOptions(useAdminApi(), articleId));
}
