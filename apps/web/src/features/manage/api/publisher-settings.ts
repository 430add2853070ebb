import {
  type ManagedPublisher,
  type ManagePublisherBrandingBody,
  type ManagePublisherSettingsBody,
  type PublisherImageFileType,
  type PublisherImageKind,
  manageApiPaths,
} from '@newsreel/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../../app/state';
import { getAccessToken } from '../../../lib/api-client';
import { putFile } from '../../admin/api/upload-poll-asset';
import { manageKeys } from './manage-articles';

/** The reader's publisher lists and pages show the new name, colours and images. */
const PUBLIC_PUBLISHERS = ['publishers'] as const;

/** GET /v1/manage/publishers/{id}/settings: the publisher as its admins manage it. */
export function usePublisherSettings(publisherId: string) {
  const api = useApi();
  return useQuery({
    queryKey: manageKeys.settings(publisherId),
    queryFn: ({ signal }) => api.get<ManagedPublisher>(manageApiPaths.publisherSettings(publisherId), { signal }),
    retry: false,
  });
}

function useSettingsMutation<V>(publisherId: string, mutate: (variables: V) => Promise<ManagedPublisher>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mutate,
    onSuccess: (publisher) => {
      queryClient.setQueryData(manageKeys.settings(publisherId), publisher);
      void queryClient.invalidateQueries({ queryKey: PUBLIC_PUBLISHERS });
    },
  });
}

/** PUT /v1/manage/publishers/{id}/settings: name, description, website, default language and region. */
export function useUpdatePublisherSettings(publisherId: string) {
  const api = useApi();
  return useSettingsMutation(publisherId, (body: ManagePublisherSettingsBody) => api.put<ManagedPublisher>(manageApiPaths.publisherSettings(publisherId), body));
}

/** PUT /v1/manage/publishers/{id}/settings/branding: colours (null removes one), or a logo or banner removed. */
export function useUpdatePublisherBranding(publisherId: string) {
  const api = useApi();
  return useSettingsMutation(publisherId, (body: ManagePublisherBrandingBody) => api.put<ManagedPublisher>(manageApiPaths.publisherBranding(publisherId), body));
}

/**
 * A logo or banner: declared with the branding ({fileType, fileName}), then its bytes PUT to the
 * answer's uploadUrl with the user's token, with XMLHttpRequest's upload progress; `progress` is
 * 0–1 while it goes, null otherwise.
 */
export function useUploadPublisherImage(publisherId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<{ kind: PublisherImageKind; fraction: number } | null>(null);
  const mutation = useMutation({
    mutationFn: async ({ kind, file }: { kind: PublisherImageKind; file: File }) => {
      setProgress({ kind, fraction: 0 });
      const declared = await api.put<ManagedPublisher>(manageApiPaths.publisherBranding(publisherId), {
        [kind]: { fileType: file.type as PublisherImageFileType, fileName: file.name },
      });
      const uploadUrl = declared.assets[kind]?.uploadUrl ?? manageApiPaths.publisherImage(publisherId, kind);
      const url = /^https?:\/\//.test(uploadUrl) ? uploadUrl : `${api.baseUrl}${uploadUrl}`;
      await putFile(url, file, getAccessToken() ?? '', (fraction) => setProgress({ kind, fraction }));
    },
    onSettled: () => {
      setProgress(null);
      void queryClient.invalidateQueries({ queryKey: manageKeys.settings(publisherId) });
      void queryClient.invalidateQueries({ queryKey: PUBLIC_PUBLISHERS });
    },
  });
  return { ...mutation, progress };
}
