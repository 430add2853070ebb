import type { AdminPollListQuery } from '@newsreel/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorHandlers } from '../../../app/state';
import { isApiError, type ApiClient } from '../../../lib/api-client';
import { serverMessageOf } from '../../../lib/errors';
import { useAdminApi } from '../hooks/use-admin-api';

/** The studio's query keys: every change to a poll invalidates `all`, so lists, the poll and its results follow. */
export const adminPollKeys = {
  all: ['admin', 'polls'] as const,
  list: (query: AdminPollListQuery) => [...adminPollKeys.all, 'list', query] as const,
  detail: (pollId: string) => [...adminPollKeys.all, 'detail', pollId] as const,
  results: (pollId: string, regionId: number | undefined) => [...adminPollKeys.all, 'results', pollId, regionId ?? null] as const,
};

export interface PollMutationOptions {
  /**
   * What a 409 means for this change, in the reader's language (adminPolls.conflicts.*): the
   * server's message is English.
   */
  conflictKey?: string;
}

/**
 * A change to a poll or one of its parts: sent with the admin token; afterwards the studio's
 * queries are read again; a refusal is shown in the notification bar.
 */
export function usePollMutation<V, R = unknown>(mutate: (api: ApiClient, variables: V) => Promise<R>, { conflictKey }: PollMutationOptions = {}) {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const messageOf = useCallback(
    (error: unknown) => (conflictKey && isApiError(error) && error.status === 409 ? t(conflictKey) : serverMessageOf(error)),
    [conflictKey, t],
  );
  const { handleError } = useErrorHandlers({ messageOf });
  return useMutation({
    mutationFn: (variables: V) => mutate(api, variables),
    onError: handleError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPollKeys.all }),
  });
}
