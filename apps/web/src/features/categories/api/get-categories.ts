import { apiPaths, type Category, type List } from '@newsreel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { appActions, useAppDispatch, useDataApi } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';

export function getCategories(api: ApiClient, signal?: AbortSignal): Promise<List<Category>> {
  return api.get<List<Category>>(apiPaths.categories, { signal });
}

export function categoriesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['categories', api.baseUrl],
    queryFn: ({ signal }) => getCategories(api, signal),
    staleTime: 5 * 60_000,
  });
}

/** Every category, by name; kept in the app state as well (SPEC §1: categories). */
export function useCategories() {
  const dispatch = useAppDispatch();
  const query = useQuery(categoriesQueryOptions(useDataApi()));
  const { data } = query;
  useEffect(() => {
    if (data) dispatch(appActions.setCategories(data.items));
  }, [data, dispatch]);
  return query;
}
