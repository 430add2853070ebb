import { apiPaths, type PollCounts, type PollCountsQuery } from '@newsreel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';

/** GET /v1/polls/{id}/counts: everyone's answers, and those near the reader and in their region. */
export function getPollCounts(api: ApiClient, pollId: string, query: PollCountsQuery = {}, signal?: AbortSignal): Promise<PollCounts> {
  return api.get<PollCounts>(apiPaths.pollCounts(pollId), { query: { ...query }, signal });
}

export function pollCountsQueryOptions(api: ApiClient, pollId: string, query: PollCountsQuery = {}) {
  return queryOptions({
    queryKey: ['polls', pollId, 'counts', query, api.baseUrl],
    queryFn: ({ signal }) => getPollCounts(api, pollId, query, signal),
    // Read once the reader has answered; their own vote must be in it.
    staleTime: 0,
  });
}

/** The poll's results, read once `enabled` (the reader has answered every question). */
export function usePollCounts(pollId: string, query: PollCountsQuery, enabled: boolean) {
  return useQuery({ ...pollCountsQueryOptions(useApi(), pollId, query), enabled });
}
