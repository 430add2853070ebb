import type { Article } from '@newsreel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';
import { pendingApiPaths } from '../../../lib/paths';

export function getArticle(api: ApiClient, articleId: string): Promise<Article> {
  return api.get<Article>(pendingApiPaths.article(articleId));
}

export function articleQueryOptions(api: ApiClient, articleId: string) {
  return queryOptions({
    queryKey: ['articles', articleId, api.baseUrl],
    queryFn: () => getArticle(api, articleId),
  });
}

export function useArticle(articleId: string) {
  return useQuery(articleQueryOptions(useApi(), articleId));
}
