import { type AdminVendor, adminApiPaths } from '@newsreel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useAdminApi } from '../hooks/use-admin-api';
import { adminPeopleKeys } from './people-mutation';

/** GET /v1/admin/vendors/{id}: a vendor with its counts of users and live keys (404: no such vendor). */
export function getAdminVendor(api: ApiClient, vendorId: string, signal?: AbortSignal): Promise<AdminVendor> {
  return api.get<AdminVendor>(adminApiPaths.vendor(vendorId), { signal });
}

export function adminVendorQueryOptions(api: ApiClient, vendorId: string) {
  return queryOptions({ queryKey: adminPeopleKeys.vendor(vendorId), queryFn: ({ signal }) => getAdminVendor(api, vendorId, signal) });
}

export function useAdminVendor(vendorId: string | undefined) {
  return useQuery({ ...adminVendorQueryOptions(useAdminApi(), vendorId ?? ''), enabled: Boolean(vendorId) });
}
