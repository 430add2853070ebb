import { type AdminJobList, type AdminJobListQuery, adminApiPaths } from '@newsreel/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useAdminApi } from '../hooks/use-admin-api';
import { adminPeopleKeys } from './people-mutation';

/** GET /v1/admin/jobs: background jobs, newest first, by state and name. */
export function getAdminJobs(api: ApiClient, query: AdminJobListQuery, signal?: AbortSignal): Promise<AdminJobList> {
  return api.get<AdminJobList>(adminApiPaths.jobs, { query: { ...query }, signal });
}

export function adminJobsQueryOptions(api: ApiClient, query: AdminJobListQuery) {
  return queryOptions({ queryKey: adminPeopleKeys.jobs(query), queryFn: ({ signal }) => getAdminJobs(api, query, signal), placeholderData: keepPreviousData });
}

export function useAdminJobs(query: AdminJobListQuery) {
  return useQuery(adminJobsQueryOptions(useAdminApi(), query));
}
