import { type AdminUserDetail, adminApiPaths } from '@newsreel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useAdminApi } from '../hooks/use-admin-api';
import { adminPeopleKeys } from './people-mutation';

/** GET /v1/admin/users/{id}: the account, its roles, memberships, settings, sessions and keys (404: no such user). */
export function getAdminUser(api: ApiClient, userId: string, signal?: AbortSignal): Promise<AdminUserDetail> {
  return api.get<AdminUserDetail>(adminApiPaths.user(userId), { signal });
}

export function adminUserQueryOptions(api: ApiClient, userId: string) {
  return queryOptions({ queryKey: adminPeopleKeys.user(userId), queryFn: ({ signal }) => getAdminUser(api, userId, signal) });
}

export function useAdminUser(userId: string | undefined) {
  return useQuery({ ...adminUserQueryOptions(useAdminApi(), userId ?? ''), enabled: Boolean(userId) });
}
