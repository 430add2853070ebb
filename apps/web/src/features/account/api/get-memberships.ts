import { apiPaths, type List, type Membership } from '@newsreel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useAppSelector } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';

/** GET /v1/users/publishers: the publishers the signed-in user belongs to, with their role in each. */
export function getMemberships(api: ApiClient, signal?: AbortSignal): Promise<List<Membership>> {
  return api.get<List<Membership>>(apiPaths.usersPublishers, { signal });
}

export function membershipsQueryOptions(api: ApiClient, userId: string) {
  return queryOptions({
    queryKey: ['memberships', userId, api.baseUrl],
    queryFn: ({ signal }) => getMemberships(api, signal),
    staleTime: 60_000,
  });
}

/** The signed-in user's publishers; asked for only when they have any (`enabled`). */
export function useMemberships({ enabled = true }: { enabled?: boolean } = {}) {
  const userId = useAppSelector((state) => state.user?.id);
  return useQuery({ ...membershipsQueryOptions(useApi(), userId ?? ''), enabled: enabled && userId !== undefined });
}
