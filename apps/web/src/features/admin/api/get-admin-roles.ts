import { type AdminRoleList, type AdminRoleListQuery, adminApiPaths } from '@newsreel/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useAdminApi } from '../hooks/use-admin-api';
import { adminPeopleKeys } from './people-mutation';

/** GET /v1/admin/admin-roles: who holds an admin role. */
export function getAdminRoles(api: ApiClient, query: AdminRoleListQuery, signal?: AbortSignal): Promise<AdminRoleList> {
  return api.get<AdminRoleList>(adminApiPaths.roles, { query: { ...query }, signal });
}

export function adminRolesQueryOptions(api: ApiClient, query: AdminRoleListQuery) {
  return queryOptions({ queryKey: adminPeopleKeys.roles(query), queryFn: ({ signal }) => getAdminRoles(api, query, signal), placeholderData: keepPreviousData });
}

export function useAdminRoles(query: AdminRoleListQuery) {
  return useQuery(adminRolesQueryOptions(useAdminApi(), query));
}
