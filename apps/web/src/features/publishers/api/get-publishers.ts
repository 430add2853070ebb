import { apiPaths, type List, type Publisher } from '@newsreel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { appActions, useAppDispatch, useDataApi } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';

export function getPublishers(api: ApiClient, signal?: AbortSignal): Promise<List<Publisher>> {
  return api.get<List<Publisher>>(apiPaths.publishers, { signal });
}

export function publishersQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['publishers', api.baseUrl],
    queryFn: ({ signal }) => getPublishers(api, signal),
    staleTime: 5 * 60_000,
  });
}

/** Every publisher, by name, with branding; kept in the app state as well (SPEC §1: publishers). */
export function usePublishers() {
  const dispatch = useAppDispatch();
  const query = useQuery(publishersQueryOptions(useDataApi()));
  const { data } = query;
  useEffect(() => {
    if (data) dispatch(appActions.setPublishers(data.items));
  }, [data, dispatch]);
  return query;
}
