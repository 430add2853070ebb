import { useMemo } from 'react';
import { createApiClient, type ApiClient } from '../../lib/api-client';
import { useAppSelector } from './app-store-context';

/** The client for the API base URL in the app state. */
export function useApi(): ApiClient {
  const baseUrl = useAppSelector((state) => state.api);
  return useMemo(() => createApiClient(baseUrl), [baseUrl]);
}

/** The client for the cached copy of public reads; it sends no access token, so caches can answer. */
export function useDataApi(): ApiClient {
  const baseUrl = useAppSelector((state) => state.dataApi);
  return useMemo(() => createApiClient(baseUrl, { sendAccessToken: false }), [baseUrl]);
}
