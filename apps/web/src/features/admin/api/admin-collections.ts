import {
  type AdminPlaylist,
  type AdminPlaylistCreateBody,
  type AdminPlaylistList,
  type AdminPlaylistListQuery,
  type AdminPlaylistUpdateBody,
  type AdminStory,
  type AdminStoryCreateBody,
  type AdminStoryList,
  type AdminStoryListQuery,
  type AdminStoryUpdateBody,
  type CollectionArticles,
  type StoryCachePurge,
  adminApiPaths,
} from '@newsreel/contracts';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useAdminApi } from '../hooks/use-admin-api';
import { useContentMutation } from './content-mutation';

/** A playlist or a story: an ordered set of articles (SPEC §3, §7 Admin). */
export type CollectionKind = 'playlist' | 'story';

const playlists = ['admin', 'playlists'] as const;
const stories = ['admin', 'stories'] as const;

/**
 * The playlists' and stories' query keys. A change to one shows in its list, on its page and in
 * the reader's playlist and story pages (their own keys), so those are read again after it.
 */
export const adminCollectionKeys = {
  playlists,
  playlistList: (query: AdminPlaylistListQuery) => [...playlists, 'list', query] as const,
  playlist: (playlistId: string) => [...playlists, 'detail', playlistId] as const,
  stories,
  storyList: (query: AdminStoryListQuery) => [...stories, 'list', query] as const,
  story: (storyId: string) => [...stories, 'detail', storyId] as const,
  all: (kind: CollectionKind) => (kind === 'playlist' ? playlists : stories),
  articles: (kind: CollectionKind, id: string) => [...(kind === 'playlist' ? playlists : stories), 'articles', id] as const,
  /** The reader's pages (features/playlists, features/stories). */
  publicOf: (kind: CollectionKind) => (kind === 'playlist' ? [['playlist'], ['article-list']] : [['stories'], ['story'], ['article-list']]),
};

const articlePaths = {
  playlist: { list: adminApiPaths.playlistArticles, batch: adminApiPaths.playlistArticlesBatch, order: adminApiPaths.playlistArticlesOrder },
  story: { list: adminApiPaths.storyArticles, batch: adminApiPaths.storyArticlesBatch, order: adminApiPaths.storyArticlesOrder },
} as const;

const shownIn = (kind: CollectionKind) => [adminCollectionKeys.all(kind), ...adminCollectionKeys.publicOf(kind)];

// ── Playlists ──

/** GET /v1/admin/playlists: a page of playlists with how many articles each holds. */
export function getAdminPlaylists(api: ApiClient, query: AdminPlaylistListQuery, signal?: AbortSignal): Promise<AdminPlaylistList> {
  return api.get<AdminPlaylistList>(adminApiPaths.playlists, { query: { ...query }, signal });
}

export function useAdminPlaylists(query: AdminPlaylistListQuery, enabled = true) {
  const api = useAdminApi();
  return useQuery(
    queryOptions({
      queryKey: adminCollectionKeys.playlistList(query),
      queryFn: ({ signal }) => getAdminPlaylists(api, query, signal),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
}

export function useAdminPlaylist(playlistId: string) {
  const api = useAdminApi();
  return useQuery({
    queryKey: adminCollectionKeys.playlist(playlistId),
    queryFn: ({ signal }) => api.get<AdminPlaylist>(adminApiPaths.playlist(playlistId), { signal }),
  });
}

/** POST /v1/admin/playlists (409: the external id is taken); the form shows a refusal beside itself. */
export function useCreateAdminPlaylist() {
  return useContentMutation((api, body: AdminPlaylistCreateBody) => api.post<AdminPlaylist>(adminApiPaths.playlists, body), { notify: false, also: shownIn('playlist') });
}

/** PUT /v1/admin/playlists/{id}: only the fields sent change. */
export function useUpdateAdminPlaylist() {
  return useContentMutation(
    (api, { playlistId, body }: { playlistId: string; body: AdminPlaylistUpdateBody }) => api.put<AdminPlaylist>(adminApiPaths.playlist(playlistId), body),
    { notify: false, also: shownIn('playlist') },
  );
}

/** DELETE /v1/admin/playlists/{id}: its articles stay. */
export function useDeleteAdminPlaylist() {
  return useContentMutation((api, playlistId: string) => api.delete<void>(adminApiPaths.playlist(playlistId)), {
    also: shownIn('playlist'),
    forget: (playlistId) => adminCollectionKeys.playlist(playlistId),
  });
}

// ── Stories ──

/** GET /v1/admin/stories: a page of stories, published and still to come. */
export function useAdminStories(query: AdminStoryListQuery) {
  const api = useAdminApi();
  return useQuery({
    queryKey: adminCollectionKeys.storyList(query),
    queryFn: ({ signal }) => api.get<AdminStoryList>(adminApiPaths.stories, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminStory(storyId: string) {
  const api = useAdminApi();
  return useQuery({
    queryKey: adminCollectionKeys.story(storyId),
    queryFn: ({ signal }) => api.get<AdminStory>(adminApiPaths.story(storyId), { signal }),
  });
}

/** POST /v1/admin/stories (409: the slug is taken). */
export function useCreateAdminStory() {
  return useContentMutation((api, body: AdminStoryCreateBody) => api.post<AdminStory>(adminApiPaths.stories, body), { notify: false, also: shownIn('story') });
}

/** PUT /v1/admin/stories/{id}: only the fields sent change; `poster: null` takes the poster away. */
export function useUpdateAdminStory() {
  return useContentMutation(
    (api, { storyId, body }: { storyId: string; body: AdminStoryUpdateBody }) => api.put<AdminStory>(adminApiPaths.story(storyId), body),
    { notify: false, also: shownIn('story') },
  );
}

export function useDeleteAdminStory() {
  return useContentMutation((api, storyId: string) => api.delete<void>(adminApiPaths.story(storyId)), {
    also: shownIn('story'),
    forget: (storyId) => adminCollectionKeys.story(storyId),
  });
}

/** DELETE /v1/admin/stories/{id}/cache: the story's cached public answers are forgotten. */
export function usePurgeStoryCache() {
  return useContentMutation((api, storyId: string) => api.delete<StoryCachePurge>(adminApiPaths.storyCache(storyId)), { also: adminCollectionKeys.publicOf('story') });
}

// ── Their articles ──

/** GET …/{id}/articles: every article of it, whatever its status, in order. */
export function useCollectionArticles(kind: CollectionKind, id: string) {
  const api = useAdminApi();
  return useQuery({
    queryKey: adminCollectionKeys.articles(kind, id),
    queryFn: ({ signal }) => api.get<CollectionArticles>(articlePaths[kind].list(id), { signal }),
  });
}

/** The answer of each write is the articles in their new order: it is shown at once. */
function useArticlesWrite<V extends { id: string }>(kind: CollectionKind, send: (api: ApiClient, variables: V) => Promise<CollectionArticles>, notify = true) {
  const queryClient = useQueryClient();
  return useContentMutation(
    async (api, variables: V) => {
      const articles = await send(api, variables);
      queryClient.setQueryData(adminCollectionKeys.articles(kind, variables.id), articles);
      return articles;
    },
    { notify, also: shownIn(kind) },
  );
}

/** POST …/{id}/articles/batch {articleIds}: all or nothing (400 names unknown ids, 409 those it holds already). */
export function useAddCollectionArticles(kind: CollectionKind, notify = false) {
  return useArticlesWrite(kind, (api, { id, articleIds }: { id: string; articleIds: string[] }) => api.post<CollectionArticles>(articlePaths[kind].batch(id), { articleIds }), notify);
}

/** DELETE …/{id}/articles {articleId}: the article itself stays. */
export function useRemoveCollectionArticle(kind: CollectionKind) {
  return useArticlesWrite(kind, (api, { id, articleId }: { id: string; articleId: string }) => api.delete<CollectionArticles>(articlePaths[kind].list(id), { body: { articleId } }));
}

/**
 * PUT …/{id}/articles/order {articleIds}: the new order is shown at once; a refusal puts the
 * order the server holds back.
 */
export function useReorderCollectionArticles(kind: CollectionKind) {
  const queryClient = useQueryClient();
  const write = useArticlesWrite(kind, (api, { id, articleIds }: { id: string; articleIds: string[] }) => api.put<CollectionArticles>(articlePaths[kind].order(id), { articleIds }));
  return {
    ...write,
    move(id: string, from: number, to: number) {
      const key = adminCollectionKeys.articles(kind, id);
      const current = queryClient.getQueryData<CollectionArticles>(key);
      const moved = current?.items[from];
      if (!current || !moved || from === to || to < 0 || to >= current.items.length) return;
      const items = [...current.items];
      items.splice(from, 1);
      items.splice(to, 0, moved);
      queryClient.setQueryData<CollectionArticles>(key, { ...current, items });
      write.mutate({ id, articleIds: items.map((article) => article.id) }, { onError: () => void queryClient.invalidateQueries({ queryKey: key }) });
    },
  };
}
