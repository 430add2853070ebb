import { type AdminAd, type AdminAdCreateBody, type AdminAdList, type AdminAdListQuery, type AdminAdUpdateBody, adminApiPaths } from '@newsreel/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiClient } from '../../../lib/api-client';
import { useAdminApi, useAdminToken } from '../hooks/use-admin-api';
import { useContentMutation } from './content-mutation';
import { putFile, type UploadProgress } from './upload-poll-asset';

/** The ad inventory's query keys; every change reads the list again (and the audit log). */
export const adminAdKeys = {
  all: ['admin', 'ads'] as const,
  list: (query: AdminAdListQuery) => ['admin', 'ads', 'list', query] as const,
};
const shownIn = [adminAdKeys.all];

/** GET /v1/admin/ads: a page of the inventory, newest first. */
export function getAdminAds(api: ApiClient, query: AdminAdListQuery, signal?: AbortSignal): Promise<AdminAdList> {
  return api.get<AdminAdList>(adminApiPaths.ads, { query: { ...query }, signal });
}

export function useAdminAds(query: AdminAdListQuery) {
  const api = useAdminApi();
  return useQuery(queryOptions({ queryKey: adminAdKeys.list(query), queryFn: ({ signal }) => getAdminAds(api, query, signal), placeholderData: keepPreviousData }));
}

export function createAdminAd(api: ApiClient, body: AdminAdCreateBody): Promise<AdminAd> {
  return api.post<AdminAd>(adminApiPaths.ads, body);
}

export function updateAdminAd(api: ApiClient, { adId, body }: { adId: string; body: AdminAdUpdateBody }): Promise<AdminAd> {
  return api.put<AdminAd>(adminApiPaths.ad(adId), body);
}

export function deleteAdminAd(api: ApiClient, adId: string): Promise<void> {
  return api.delete<void>(adminApiPaths.ad(adId));
}

/** The form that asks shows a refusal beside itself. */
export const useCreateAdminAd = () => useContentMutation(createAdminAd, { notify: false, also: shownIn });
export const useUpdateAdminAd = () => useContentMutation(updateAdminAd, { notify: false, also: shownIn });
/** Refusals are shown in the notification bar, in the server's words. */
export const useDeleteAdminAd = () => useContentMutation(deleteAdminAd, { also: shownIn });

/** PUT /v1/admin/ads/{id}/media: the video's bytes, with their type. */
export async function uploadAdMedia(api: ApiClient, token: () => Promise<string>, { adId, file }: { adId: string; file: File }, onProgress: UploadProgress): Promise<void> {
  await putFile(`${api.baseUrl}${adminApiPaths.adMedia(adId)}`, file, await token(), onProgress);
}

/** Uploads an ad's video; `progress` is 0–1 while it goes, null otherwise. */
export function useUploadAdMedia() {
  const api = useAdminApi();
  const token = useAdminToken();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (variables: { adId: string; file: File }) => {
      setProgress(0);
      return uploadAdMedia(api, token, variables, setProgress);
    },
    onSettled: () => {
      setProgress(null);
      return queryClient.invalidateQueries({ queryKey: adminAdKeys.all });
    },
  });
  return { ...mutation, progress };
}
