import { type AdminApiKeyList, type AdminApiKeyListQuery, adminApiPaths } from '@newsreel/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useAdminApi } from '../hooks/use-admin-api';
import { adminPeopleKeys } from './people-mutation';

/** GET /v1/admin/api-keys: keys (never the keys themselves), by owner, name and whether revoked. */
export function getApiKeys(api: ApiClient, query: AdminApiKeyListQuery, signal?: AbortSignal): Promise<AdminApiKeyList> {
  return api.get<AdminApiKeyList>(adminApiPaths.apiKeys, { query: { ...query }, signal });
}

export function apiKeysQueryOptions(api: ApiClient, query: AdminApiKeyListQuery) {
  return queryOptions({ queryKey: adminPeopleKeys.apiKeys(query), queryFn: ({ signal }) => getApiKeys(api, query, signal), placeholderData: keepPreviousData });
}

export function useApiKeys(query: AdminApiKeyListQuery) {
  return useQuery(apiKeysQueryOptions(useAdminApi(), query));
}
