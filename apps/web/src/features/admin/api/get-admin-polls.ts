import { type AdminPollList, type AdminPollListQuery, adminApiPaths } from '@newsreel/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useAdminApi } from '../hooks/use-admin-api';
import { adminPollKeys } from './poll-mutation';

/** GET /v1/admin/polls: a page of polls, filtered and sorted. */
export function getAdminPolls(api: ApiClient, query: AdminPollListQuery, signal?: AbortSignal): Promise<AdminPollList> {
  return api.get<AdminPollList>(adminApiPaths.polls, { query: { ...query }, signal });
}

export function adminPollsQueryOptions(api: ApiClient, query: AdminPollListQuery) {
  return queryOptions({
    queryKey: adminPollKeys.list(query),
    queryFn: ({ signal }) => getAdminPolls(api, query, signal),
    // The page being replaced stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useAdminPolls(query: AdminPollListQuery) {
  return useQuery(adminPollsQueryOptions(useAdminApi(), query));
}
