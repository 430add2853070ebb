import { type AdminCategoryList, type AdminCategoryListQuery, adminApiPaths } from '@newsreel/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useAdminApi } from '../hooks/use-admin-api';
import { adminContentKeys } from './content-mutation';

/** GET /v1/admin/categories: a page of categories with how many articles each has. */
export function getAdminCategories(api: ApiClient, query: AdminCategoryListQuery, signal?: AbortSignal): Promise<AdminCategoryList> {
  return api.get<AdminCategoryList>(adminApiPaths.categories, { query: { ...query }, signal });
}

export function adminCategoriesQueryOptions(api: ApiClient, query: AdminCategoryListQuery) {
  return queryOptions({
    queryKey: adminContentKeys.categoryList(query),
    queryFn: ({ signal }) => getAdminCategories(api, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminCategories(query: AdminCategoryListQuery) {
  return useQuery(adminCategoriesQueryOptions(useAdminApi(), query));
}
