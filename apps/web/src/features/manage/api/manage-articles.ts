import {
  type AdminArticle,
  type AdminArticleList,
  type ManageArticleBundleCreateBody,
  type ManageArticleBundleUpdateBody,
  type ManageArticleListQuery,
  type ManageArticleSearchQuery,
  manageApiPaths,
} from '@newsreel/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useAppSelector, useErrorHandlers } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';

/**
 * The studio's query keys: by the active publisher, so another publisher's articles are never
 * shown as this one's after the switch. A change reads every list and the article again.
 */
export const manageKeys = {
  all: ['manage'] as const,
  articles: (publisherId: string | null) => ['manage', publisherId, 'articles'] as const,
  articleList: (publisherId: string | null, query: ManageArticleListQuery) => ['manage', publisherId, 'articles', 'list', query] as const,
  articleSearch: (publisherId: string | null, query: ManageArticleSearchQuery) => ['manage', publisherId, 'articles', 'search', query] as const,
  article: (publisherId: string | null, articleId: string) => ['manage', publisherId, 'articles', 'detail', articleId] as const,
  settings: (publisherId: string) => ['manage', 'settings', publisherId] as const,
};

const useActivePublisherId = () => useAppSelector((state) => state.user?.activePublisherId ?? null);

/** GET /v1/manage/articles: the active publisher's articles in every state, filtered, sorted and paged. */
export function getManageArticles(api: ApiClient, query: ManageArticleListQuery, signal?: AbortSignal): Promise<AdminArticleList> {
  return api.get<AdminArticleList>(manageApiPaths.articles, { query: { ...query }, signal });
}

/** GET /v1/manage/articles/search: words in the title, description, summary or transcript. */
export function searchManageArticles(api: ApiClient, query: ManageArticleSearchQuery, signal?: AbortSignal): Promise<AdminArticleList> {
  return api.get<AdminArticleList>(manageApiPaths.articlesSearch, { query: { ...query }, signal });
}

/** The list, or the full-text search when `search` holds words. */
export function useManageArticles(query: ManageArticleListQuery, search: boolean) {
  const api = useApi();
  const publisherId = useActivePublisherId();
  const searchQuery: ManageArticleSearchQuery = { q: query.q ?? '', page: query.page, limit: query.limit };
  return useQuery({
    queryKey: search ? manageKeys.articleSearch(publisherId, searchQuery) : manageKeys.articleList(publisherId, query),
    queryFn: ({ signal }) => (search ? searchManageArticles(api, searchQuery, signal) : getManageArticles(api, query, signal)),
    // The page being replaced stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    enabled: publisherId !== null,
  });
}

/** GET /v1/manage/articles/{id}. */
export function useManageArticle(articleId: string) {
  const api = useApi();
  const publisherId = useActivePublisherId();
  return useQuery({
    queryKey: manageKeys.article(publisherId, articleId),
    queryFn: ({ signal }) => api.get<AdminArticle>(manageApiPaths.article(articleId), { signal }),
    enabled: publisherId !== null,
    retry: false,
  });
}

/** A change to the active publisher's articles; afterwards every list is read again. */
function useArticleMutation<V, R>(mutate: (api: ApiClient, variables: V) => Promise<R>, { notify = true }: { notify?: boolean } = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const publisherId = useActivePublisherId();
  const { handleError } = useErrorHandlers();
  return useMutation({
    mutationFn: (variables: V) => mutate(api, variables),
    onError: notify ? handleError : undefined,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: manageKeys.articles(publisherId) }),
  });
}

/** DELETE /v1/manage/articles/{id}: with its media records, views and places in stories and playlists. */
export function useDeleteManageArticle() {
  return useArticleMutation((api, articleId: string) => api.delete<void>(manageApiPaths.article(articleId)));
}

/** DELETE /v1/manage/articles/{id}/cache: readers are answered the article as it is now. */
export function usePurgeManageArticle() {
  return useArticleMutation((api, articleId: string) => api.delete<unknown>(manageApiPaths.articleCache(articleId)));
}

/** POST /v1/manage/articles/bundle: an article with its categories, regions, place and media in one request. */
export function createArticleBundle(api: ApiClient, body: ManageArticleBundleCreateBody): Promise<AdminArticle> {
  return api.post<AdminArticle>(manageApiPaths.articleBundles, body);
}

/** The editor and the feed import show a refusal themselves (at its field, or on its row). */
export function useCreateArticleBundle() {
  return useArticleMutation(createArticleBundle, { notify: false });
}

/** PUT /v1/manage/articles/bundle/{id}: fields left out stay as they are; `media` replaces the list. */
export function useUpdateArticleBundle(articleId: string) {
  return useArticleMutation((api, body: ManageArticleBundleUpdateBody) => api.put<AdminArticle>(manageApiPaths.articleBundle(articleId), body), { notify: false });
}
