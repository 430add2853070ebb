import { type AdminUserList, type AdminUserListQuery, adminApiPaths } from '@newsreel/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useAdminApi } from '../hooks/use-admin-api';
import { adminPeopleKeys } from './people-mutation';

/** GET /v1/admin/users: a page of users, filtered, searched and sorted. */
export function getAdminUsers(api: ApiClient, query: AdminUserListQuery, signal?: AbortSignal): Promise<AdminUserList> {
  return api.get<AdminUserList>(adminApiPaths.users, { query: { ...query }, signal });
}

export function adminUsersQueryOptions(api: ApiClient, query: AdminUserListQuery) {
  return queryOptions({
    queryKey: adminPeopleKeys.users(query),
    queryFn: ({ signal }) => getAdminUsers(api, query, signal),
    // The page being replaced stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useAdminUsers(query: AdminUserListQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...adminUsersQueryOptions(useAdminApi(), query), enabled });
}
