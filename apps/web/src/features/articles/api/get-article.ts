import { apiPaths, type Article } from '@newsreel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useDataApi } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';

export interface ArticleRequest {
  /** Include the transcript (in `language` when it exists in it). */
  transcript?: boolean;
  language?: string;
}

export function getArticle(api: ApiClient, articleId: string, request: ArticleRequest = {}, signal?: AbortSignal): Promise<Article> {
  return api.get<Article>(apiPaths.article(articleId), { query: { ...request }, signal });
}

export function articleQueryOptions(api: ApiClient, articleId: string, request: ArticleRequest = {}) {
  return queryOptions({
    queryKey: ['articles', articleId, request, api.baseUrl],
    queryFn: ({ signal }) => getArticle(api, articleId, request, signal),
    // As long as the server's own cache keeps it; an embedded answer is not read again at once.
    staleTime: 10_000,
    // The article the server embedded in its page (/v/{id}), there for the first render.
    initialData: () => api.embedded<Article>(apiPaths.article(articleId), { query: { ...request } }),
  });
}

export function useArticle(articleId: string, request: ArticleRequest = {}) {
  return useQuery({ ...articleQueryOptions(useDataApi(), articleId, request), enabled: Boolean(articleId) });
}
