import { type VendorApiKeyCreated, type VendorApiKeyList, vendorApiPaths } from '@newsreel/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useAppSelector } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';

/** The vendor's keys in the query cache, per signed-in user (another user's never shows). */
export const vendorKeysKey = (userId: string) => ['vendor', 'api-keys', userId] as const;

/** GET /v1/vendor/api-keys: the signed-in user's vendor's keys (never the keys themselves). */
export function getVendorApiKeys(api: ApiClient, signal?: AbortSignal): Promise<VendorApiKeyList> {
  return api.get<VendorApiKeyList>(vendorApiPaths.apiKeys, { signal });
}

export function vendorApiKeysQueryOptions(api: ApiClient, userId: string) {
  return queryOptions({ queryKey: vendorKeysKey(userId), queryFn: ({ signal }) => getVendorApiKeys(api, signal) });
}

/** `enabled`: false for a user of no vendor, who has no keys to ask for. */
export function useVendorApiKeys({ enabled = true }: { enabled?: boolean } = {}) {
  const userId = useAppSelector((state) => state.user?.id) ?? '';
  return useQuery({ ...vendorApiKeysQueryOptions(useApi(), userId), enabled: enabled && userId !== '' });
}

/** A change to the vendor's keys: the list is read again once it is done. */
function useVendorKeyMutation<A, R>(call: (api: ApiClient, argument: A) => Promise<R>) {
  const api = useApi();
  const queryClient = useQueryClient();
  const userId = useAppSelector((state) => state.user?.id) ?? '';
  return useMutation({
    mutationFn: (argument: A) => call(api, argument),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vendorKeysKey(userId) }),
  });
}

/** POST /v1/vendor/api-keys {name}: a new key, whose `key` is shown this once. */
export function createVendorApiKey(api: ApiClient, name: string): Promise<VendorApiKeyCreated> {
  return api.post<VendorApiKeyCreated>(vendorApiPaths.apiKeys, { name });
}
export const useCreateVendorApiKey = () => useVendorKeyMutation(createVendorApiKey);

/** DELETE /v1/vendor/api-keys/{id}: the key and its tokens stop at once; it stays listed as revoked. */
export function revokeVendorApiKey(api: ApiClient, keyId: string): Promise<void> {
  return api.delete<void>(vendorApiPaths.apiKey(keyId));
}
export const useRevokeVendorApiKey = () => useVendorKeyMutation(revokeVendorApiKey);

/** POST /v1/vendor/api-keys/{id}/rotate: a new key of the same name, shown once; the old one stops. */
export function rotateVendorApiKey(api: ApiClient, keyId: string): Promise<VendorApiKeyCreated> {
  return api.post<VendorApiKeyCreated>(vendorApiPaths.apiKeyRotate(keyId));
}
export const useRotateVendorApiKey = () => useVendorKeyMutation(rotateVendorApiKey);
