import { type AdminPoll, adminApiPaths } from '@newsreel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useAdminApi } from '../hooks/use-admin-api';
import { adminPollKeys } from './poll-mutation';

/** GET /v1/admin/polls/{id}: the poll with its questions, answers, targets and assets. */
export function getAdminPoll(api: ApiClient, pollId: string, signal?: AbortSignal): Promise<AdminPoll> {
  return api.get<AdminPoll>(adminApiPaths.poll(pollId), { signal });
}

export function adminPollQueryOptions(api: ApiClient, pollId: string) {
  return queryOptions({
    queryKey: adminPollKeys.detail(pollId),
    queryFn: ({ signal }) => getAdminPoll(api, pollId, signal),
  });
}

export function useAdminPoll(pollId: string | undefined) {
  return useQuery({ ...adminPollQueryOptions(useAdminApi(), pollId ?? ''), enabled: pollId !== undefined });
}
