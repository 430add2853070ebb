import { apiPaths, type Publisher } from '@newsreel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useDataApi } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';

export function getPublisher(api: ApiClient, publisherId: string, signal?: AbortSignal): Promise<Publisher> {
  return api.get<Publisher>(apiPaths.publisher(publisherId), { signal });
}

export function publisherQueryOptions(api: ApiClient, publisherId: string) {
  return queryOptions({
    queryKey: ['publisher', api.baseUrl, publisherId],
    queryFn: ({ signal }) => getPublisher(api, publisherId, signal),
    staleTime: 5 * 60_000,
  });
}

export function usePublisher(publisherId: string) {
  return useQuery(publisherQueryOptions(useDataApi(), publisherId));
}
