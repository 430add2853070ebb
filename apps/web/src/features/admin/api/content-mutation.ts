import type { AdminArticleListQuery } from '@newsreel/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useErrorHandlers } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';
import { useAdminApi } from '../hooks/use-admin-api';

const articles = ['admin', 'articles'] as const;

/**
 * The content pages' query keys. A review action or an edit moves an article between lists (out
 * of the queue, into another status), so each change reads every article list and the article
 * again; the audit log records each change.
 */
export const adminContentKeys = {
  articles,
  articleList: (query: AdminArticleListQuery) => [...articles, 'list', query] as const,
  article: (articleId: string) => [...articles, 'detail', articleId] as const,
  auditAll: ['admin', 'audit'] as const,
};

export interface ContentMutationOptions<V> {
  /**
   * true (the default): a refusal is shown in the notification bar, in the server's words (a 409
   * names the article's state, or what uses a category). false: the caller shows it (bulk approval
   * lists each article's).
   */
  notify?: boolean;
  /** The queries the change shows in; every article list and article by default. */
  also?: readonly (readonly unknown[])[];
  /** What a deletion leaves nothing to read again for (the deleted article's own page). */
  forget?: (variables: V) => readonly unknown[];
}

/** A moderator's change: sent with the admin token; afterwards the lists it shows in are read again. */
export function useContentMutation<V, R = unknown>(
  mutate: (api: ApiClient, variables: V) => Promise<R>,
  { notify = true, also = [articles], forget }: ContentMutationOptions<V> = {},
) {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const { handleError } = useErrorHandlers();
  return useMutation({
    mutationFn: (variables: V) => mutate(api, variables),
    onError: notify ? handleError : undefined,
    onSuccess: (_answer, variables) => {
      if (forget) queryClient.removeQueries({ queryKey: forget(variables) });
    },
    onSettled: () => Promise.all([...also, adminContentKeys.auditAll].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
