import { useMemo } from 'react';
import { adminTokensOf, createAdminApiClient } from '../../../app/session/admin-token';
import { useAppSelector, useAppStore } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';

/** The client for /v1/admin: every call carries the admin token (app/session/admin-token.ts). */
export function useAdminApi(): ApiClient {
  const store = useAppStore();
  const baseUrl = useAppSelector((state) => state.api);
  return useMemo(() => createAdminApiClient(baseUrl, adminTokensOf(store)), [baseUrl, store]);
}

/** The admin token itself, for the one call that is not JSON (the asset's bytes). */
export function useAdminToken(): () => Promise<string> {
  const store = useAppStore();
  return useMemo(() => {
    const tokens = adminTokensOf(store);
    return () => tokens.get();
  }, [store]);
}
