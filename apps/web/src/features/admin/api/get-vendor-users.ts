import { apiPaths, type AdminVendorUserListQuery, type List, type MemberUser } from '@newsreel/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useAdminApi } from '../hooks/use-admin-api';
import { adminPeopleKeys } from './people-mutation';

export type VendorUserList = List<MemberUser>;

/** GET /v1/admin/vendors/{id}/users: the vendor's users with their account roles. */
export function getVendorUsers(api: ApiClient, vendorId: string, query: AdminVendorUserListQuery, signal?: AbortSignal): Promise<VendorUserList> {
  return api.get<VendorUserList>(apiPaths.adminVendorUsers(vendorId), { query: { ...query }, signal });
}

export function vendorUsersQueryOptions(api: ApiClient, vendorId: string, query: AdminVendorUserListQuery) {
  return queryOptions({
    queryKey: adminPeopleKeys.vendorUsers(vendorId, query),
    queryFn: ({ signal }) => getVendorUsers(api, vendorId, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useVendorUsers(vendorId: string, query: AdminVendorUserListQuery) {
  return useQuery(vendorUsersQueryOptions(useAdminApi(), vendorId, query));
}
