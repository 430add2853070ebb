import { type AdminPublisher, type AdminPublisherList, type AdminPublisherListQuery, adminApiPaths } from '@newsreel/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useAdminApi } from '../hooks/use-admin-api';
import { adminContentKeys } from './content-mutation';

/** GET /v1/admin/publishers: a page of publishers with how many articles and users each has (superusers). */
export function getAdminPublishers(api: ApiClient, query: AdminPublisherListQuery, signal?: AbortSignal): Promise<AdminPublisherList> {
  return api.get<AdminPublisherList>(adminApiPaths.publishers, { query: { ...query }, signal });
}

export function adminPublishersQueryOptions(api: ApiClient, query: AdminPublisherListQuery) {
  return queryOptions({
    queryKey: adminContentKeys.publisherList(query),
    queryFn: ({ signal }) => getAdminPublishers(api, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminPublishers(query: AdminPublisherListQuery) {
  return useQuery(adminPublishersQueryOptions(useAdminApi(), query));
}

/** GET /v1/admin/publishers/{id}. */
export function getAdminPublisher(api: ApiClient, publisherId: string, signal?: AbortSignal): Promise<AdminPublisher> {
  return api.get<AdminPublisher>(adminApiPaths.publisher(publisherId), { signal });
}

export function adminPublisherQueryOptions(api: ApiClient, publisherId: string) {
  return queryOptions({
    queryKey: adminContentKeys.publisher(publisherId),
    queryFn: ({ signal }) => getAdminPublisher(api, publisherId, signal),
  });
}

export function useAdminPublisher(publisherId: string) {
  return useQuery(adminPublisherQueryOptions(useAdminApi(), publisherId));
}
