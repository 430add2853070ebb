import { type AdminVendorList, type AdminVendorListQuery, adminApiPaths } from '@newsreel/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useAdminApi } from '../hooks/use-admin-api';
import { adminPeopleKeys } from './people-mutation';

/** GET /v1/admin/vendors: vendors, searched and sorted. */
export function getAdminVendors(api: ApiClient, query: AdminVendorListQuery, signal?: AbortSignal): Promise<AdminVendorList> {
  return api.get<AdminVendorList>(adminApiPaths.vendors, { query: { ...query }, signal });
}

export function adminVendorsQueryOptions(api: ApiClient, query: AdminVendorListQuery) {
  return queryOptions({ queryKey: adminPeopleKeys.vendors(query), queryFn: ({ signal }) => getAdminVendors(api, query, signal), placeholderData: keepPreviousData });
}

export function useAdminVendors(query: AdminVendorListQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...adminVendorsQueryOptions(useAdminApi(), query), enabled });
}
