import { apiPaths, type Category } from '@newsreel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useDataApi } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';

export function getCategory(api: ApiClient, categoryId: string, signal?: AbortSignal): Promise<Category> {
  return api.get<Category>(apiPaths.category(categoryId), { signal });
}

export function categoryQueryOptions(api: ApiClient, categoryId: string) {
  return queryOptions({
    queryKey: ['category', api.baseUrl, categoryId],
    queryFn: ({ signal }) => getCategory(api, categoryId, signal),
    staleTime: 5 * 60_000,
  });
}

export function useCategory(categoryId: string) {
  return useQuery(categoryQueryOptions(useDataApi(), categoryId));
}
