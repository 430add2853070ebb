import type { AdminArticleListQuery, AdminCategoryListQuery, AdminPublisherListQuery, AdminPublisherUserListQuery } from '@newsreel/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useErrorHandlers } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';
import { useAdminApi } from '../hooks/use-admin-api';

const articles = ['admin', 'articles'] as const;
const categories = ['admin', 'categories'] as const;
const publishers = ['admin', 'publishers'] as const;

/**
 * The content pages' query keys. A review action or an edit moves an article between lists (out
 * of the queue, into another status), so each change reads every article list and the article
 * again; a category or publisher shows in the article lists and in the reader's lists the filters
 * read, so a change to one reads those again. The audit log records each change.
 */
export const adminContentKeys = {
  articles,
  articleList: (query: AdminArticleListQuery) => [...articles, 'list', query] as const,
  article: (articleId: string) => [...articles, 'detail', articleId] as const,
  categories,
  categoryList: (query: AdminCategoryListQuery) => [...categories, 'list', query] as const,
  publishers,
  publisherList: (query: AdminPublisherListQuery) => [...publishers, 'list', query] as const,
  publisher: (publisherId: string) => [...publishers, 'detail', publisherId] as const,
  publisherUsers: (publisherId: string, query: AdminPublisherUserListQuery) => [...publishers, 'users', publisherId, query] as const,
  /** The reader's lists the console's filters and forms also read (GET /v1/categories, /v1/publishers). */
  publicCategories: ['categories'] as const,
  publicPublishers: ['publishers'] as const,
  /** A publisher user's account shows which publishers they belong to. */
  people: ['admin', 'people'] as const,
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
