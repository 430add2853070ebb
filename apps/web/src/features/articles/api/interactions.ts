import { apiPaths, type ArticleSummary, type InteractionCounts } from '@newsreel/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useErrorHandlers } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';
import { withEventBuilders } from '../../../lib/analytics';
import { useReaderKey, useVisitorId } from '../../visitors/use-visitor';

export type ArticleToggle = 'like' | 'dislike' | 'save';

/** `readerKey` (useReaderKey) keys the reader's own state; `visitorId` names the visitor when no one is signed in. */
export function interactionsQueryOptions(api: ApiClient, articleId: string, visitorId: string | undefined, readerKey = visitorId) {
  return queryOptions({
    queryKey: ['interactions', articleId, readerKey ?? null, api.baseUrl],
    queryFn: async ({ signal }) => {
      const { items } = await api.get<{ items: InteractionCounts[] }>(apiPaths.articlesInteractions, {
        query: { ids: [articleId], visitorId },
        signal,
      });
      return items[0] ?? null;
    },
    staleTime: 0,
  });
}

/** Likes, dislikes, saves and views of one article, and this reader's own state. */
export function useInteractions(articleId: string) {
  const visitorId = useVisitorId();
  const readerKey = useReaderKey();
  return useQuery({
    ...interactionsQueryOptions(useApi(), articleId, visitorId, readerKey),
    enabled: Boolean(articleId && visitorId && readerKey),
  });
}

const ownFlag = { like: 'liked', dislike: 'disliked', save: 'saved' } as const;
const countOf = { like: 'likes', dislike: 'dislikes', save: 'saves' } as const;

/** What the counts become once `toggle` is added or removed; like and dislike exclude each other. */
export function applyToggle(counts: InteractionCounts, toggle: ArticleToggle, add: boolean): InteractionCounts {
  const next = { ...counts };
  const set = (which: ArticleToggle, on: boolean) => {
    if (next[ownFlag[which]] === on) return;
    next[ownFlag[which]] = on;
    next[countOf[which]] = Math.max(0, next[countOf[which]] + (on ? 1 : -1));
  };
  set(toggle, add);
  if (add && toggle === 'like') set('dislike', false);
  if (add && toggle === 'dislike') set('like', false);
  return next;
}

const trackedAction = { like: 'Like', dislike: 'Dislike', save: 'Save' } as const;

/**
 * Adds or removes a like, dislike or save of `article`, showing it at once and undoing it if the
 * API refuses; an added one is an analytics event.
 */
export function useArticleToggle(article: ArticleSummary) {
  const articleId = article.id;
  const api = useApi();
  const visitorId = useVisitorId();
  const readerKey = useReaderKey();
  const queryClient = useQueryClient();
  const { handleError } = useErrorHandlers();
  const key = interactionsQueryOptions(api, articleId, visitorId, readerKey).queryKey;
  return useMutation({
    mutationFn: ({ toggle, add }: { toggle: ArticleToggle; add: boolean }) =>
      api.post(apiPaths.articleToggle(toggle), { articleId, action: add ? 'add' : 'remove', visitorId }),
    onMutate: async ({ toggle, add }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<InteractionCounts | null>(key);
      if (previous) queryClient.setQueryData(key, applyToggle(previous, toggle, add));
      return { previous };
    },
    onSuccess: (_data, { toggle, add }) => {
      if (add) withEventBuilders(({ trackArticleEvent }) => trackArticleEvent(trackedAction[toggle], article));
    },
    onError: (error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      handleError(error);
    },
    onSettled: async (_data, _error, { toggle }) => {
      await queryClient.invalidateQueries({ queryKey: key });
      if (toggle === 'save') await queryClient.invalidateQueries({ queryKey: ['article-list', { kind: 'saved' }] });
    },
  });
}
