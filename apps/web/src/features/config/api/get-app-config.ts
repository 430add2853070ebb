import { apiPaths, defaultAppConfig, type AppConfig } from '@newsreel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';
import { reportError } from '../../../lib/error-reporting';

export function getAppConfig(api: ApiClient): Promise<AppConfig> {
  return api.get<AppConfig>(apiPaths.appConfig, { query: { type: 'web' } });
}

export interface LoadedAppConfig {
  config: AppConfig;
  /** 'default' when the server could not be asked and defaultAppConfig('web') stands in (SPEC §4). */
  source: 'server' | 'default';
}

export function appConfigQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['app-config', 'web', api.baseUrl],
    queryFn: async (): Promise<LoadedAppConfig> => {
      try {
        return { config: await getAppConfig(api), source: 'server' };
      } catch (error) {
        reportError(error, { call: 'GET /v1/config/app' });
        return { config: defaultAppConfig('web'), source: 'default' };
      }
    },
    staleTime: 5 * 60_000,
  });
}

export function useAppConfigQuery() {
  return useQuery(appConfigQueryOptions(useApi()));
}
