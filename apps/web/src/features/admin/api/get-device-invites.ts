import { type DeviceInviteCounts, adminApiPaths } from '@newsreel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useAdminApi } from '../hooks/use-admin-api';
import { adminStatisticsKeys } from './statistics-keys';

/** GET /v1/admin/statistics/device-invites: every pairing invite, by what became of it. */
export function getDeviceInvites(api: ApiClient, signal?: AbortSignal): Promise<DeviceInviteCounts> {
  return api.get<DeviceInviteCounts>(adminApiPaths.statisticsDeviceInvites, { signal });
}

export function deviceInvitesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: adminStatisticsKeys.deviceInvites(),
    queryFn: ({ signal }) => getDeviceInvites(api, signal),
    staleTime: 0,
  });
}

export function useDeviceInvites() {
  return useQuery(deviceInvitesQueryOptions(useAdminApi()));
}
