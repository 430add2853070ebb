import { type PollResults, adminApiPaths } from '@newsreel/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useAdminApi } from '../hooks/use-admin-api';
import { adminPollKeys } from './poll-mutation';

/** GET /v1/admin/polls/{id}/results/counts: everyone's counts, or one region's, and the votes per region. */
export function getPollResults(api: ApiClient, pollId: string, regionId: number | undefined, signal?: AbortSignal): Promise<PollResults> {
  return api.get<PollResults>(adminApiPaths.pollResultCounts(pollId), { query: { regionId }, signal });
}

export function pollResultsQueryOptions(api: ApiClient, pollId: string, regionId: number | undefined) {
  return queryOptions({
    queryKey: adminPollKeys.results(pollId, regionId),
    queryFn: ({ signal }) => getPollResults(api, pollId, regionId, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function usePollResults(pollId: string, regionId: number | undefined) {
  return useQuery(pollResultsQueryOptions(useAdminApi(), pollId, regionId));
}
