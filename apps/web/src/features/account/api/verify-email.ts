import { apiPaths, type Message } from '@newsreel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';

/** POST /v1/users/verify: confirms the address the mailed key was sent to. */
export function verifyEmail(api: ApiClient, key: string): Promise<Message> {
  return api.post<Message>(apiPaths.usersVerify, { key }, { auth: false });
}

/**
 * A query, though it is a POST: the key works once, so it must be sent once per key however
 * often the page renders (React's StrictMode mounts it twice), and the answer kept.
 */
export function verifyEmailQueryOptions(api: ApiClient, key: string) {
  return queryOptions({
    queryKey: ['verify-email', key, api.baseUrl],
    queryFn: () => verifyEmail(api, key),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

export function useVerifyEmail(key: string | null) {
  return useQuery({ ...verifyEmailQueryOptions(useApi(), key ?? ''), enabled: Boolean(key) });
}
