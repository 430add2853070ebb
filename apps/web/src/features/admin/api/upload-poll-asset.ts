import { type PollAssetFileType, type PollAssetUpload, adminApiPaths } from '@newsreel/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, type ApiClient } from '../../../lib/api-client';
import { useAdminApi, useAdminToken } from '../hooks/use-admin-api';
import { adminPollKeys } from './poll-mutation';

/** How far an upload has gone, 0–1. */
export type UploadProgress = (fraction: number) => void;

/**
 * PUTs `file`'s bytes to `url` with XMLHttpRequest, which (unlike fetch) tells how many bytes
 * have gone, for the progress bar.
 */
export function putFile(url: string, file: Blob, token: string, onProgress: UploadProgress): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.setRequestHeader('Content-Type', file.type);
    request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve();
        return;
      }
      let data: unknown = request.responseText;
      try {
        data = JSON.parse(request.responseText) as unknown;
      } catch {
        // Not JSON (a proxy's page): the text stands.
      }
      reject(new ApiError(request.status, data));
    };
    request.onerror = () => reject(new TypeError('The upload could not reach the server'));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    request.send(file);
  });
}

/**
 * PUT /v1/admin/polls/{id}/asset {fileType, fileName} declares the file; its answer's uploadUrl
 * then takes the bytes, with the same admin token.
 */
export async function uploadPollAsset(
  api: ApiClient,
  token: () => Promise<string>,
  { pollId, file }: { pollId: string; file: File },
  onProgress: UploadProgress,
): Promise<PollAssetUpload> {
  const declared = await api.put<PollAssetUpload>(adminApiPaths.pollAsset(pollId), { fileType: file.type as PollAssetFileType, fileName: file.name });
  const url = /^https?:\/\//.test(declared.uploadUrl) ? declared.uploadUrl : `${api.baseUrl}${declared.uploadUrl}`;
  await putFile(url, file, await token(), onProgress);
  return declared;
}

/** Uploads a poll's asset; `progress` is 0–1 while it goes, null otherwise. */
export function useUploadPollAsset() {
  const api = useAdminApi();
  const token = useAdminToken();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (variables: { pollId: string; file: File }) => {
      setProgress(0);
      return uploadPollAsset(api, token, variables, setProgress);
    },
    onSettled: () => {
      setProgress(null);
      return queryClient.invalidateQueries({ queryKey: adminPollKeys.all });
    },
  });
  return { ...mutation, progress };
}
