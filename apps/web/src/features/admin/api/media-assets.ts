import {
  type AdminMediaAsset,
  type AdminMediaAssetAdded,
  type AdminMediaAssetBody,
  type MediaPipelineReport,
  type StoryAssetFileType,
  type StoryAssetUpload,
  adminApiPaths,
} from '@newsreel/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useErrorHandlers } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';
import { useAdminApi, useAdminToken } from '../hooks/use-admin-api';
import { adminCollectionKeys } from './admin-collections';
import { adminContentKeys, useContentMutation } from './content-mutation';
import { putFile } from './upload-poll-asset';

const articleMediaKey = (articleId: string) => [...adminContentKeys.article(articleId), 'media'] as const;
const storyAssetsKey = (storyId: string) => [...adminCollectionKeys.story(storyId), 'assets'] as const;

/** Waiting for its processing: a media.process job for it is queued or running. */
export function isProcessing(asset: AdminMediaAsset): boolean {
  return asset.processing;
}

/** Read again every 3 s while a file of the list is being processed. */
const whileProcessing = (assets: AdminMediaAsset[] | undefined) => (assets?.some((asset) => isProcessing(asset)) ? 3000 : false);

/** GET /v1/admin/articles/{id}/media-assets. */
export function useArticleMediaAssets(articleId: string) {
  const api = useAdminApi();
  return useQuery({
    queryKey: articleMediaKey(articleId),
    queryFn: ({ signal }) => api.get<AdminMediaAsset[]>(adminApiPaths.articleMediaAssets(articleId), { signal }),
    refetchInterval: (query) => whileProcessing(query.state.data),
  });
}

/** POST /v1/admin/articles/{id}/media-assets: a file by its URL; its processing is queued. */
export function useAddArticleMediaAsset(articleId: string) {
  return useContentMutation((api, body: AdminMediaAssetBody) => api.post<AdminMediaAssetAdded>(adminApiPaths.articleMediaAssets(articleId), body), {
    notify: false,
    also: [adminContentKeys.article(articleId)],
  });
}

/** DELETE /v1/admin/articles/{id}/media-assets/{assetId}. */
export function useRemoveArticleMediaAsset(articleId: string) {
  return useContentMutation((api, assetId: string) => api.delete<void>(adminApiPaths.articleMediaAsset(articleId, assetId)), {
    also: [adminContentKeys.article(articleId)],
  });
}

/** POST /v1/admin/articles/{id}/test-media-pipeline: each stage's result; changes nothing. */
export function useTestMediaPipeline(articleId: string) {
  const api = useAdminApi();
  const { handleError } = useErrorHandlers();
  return useMutation({
    mutationFn: () => api.post<MediaPipelineReport>(adminApiPaths.articleTestMediaPipeline(articleId)),
    onError: handleError,
  });
}

/** GET /v1/admin/stories/{id}/assets. */
export function useStoryAssets(storyId: string) {
  const api = useAdminApi();
  return useQuery({
    queryKey: storyAssetsKey(storyId),
    queryFn: ({ signal }) => api.get<AdminMediaAsset[]>(adminApiPaths.storyAssets(storyId), { signal }),
    refetchInterval: (query) => whileProcessing(query.state.data),
  });
}

/**
 * POST /v1/admin/stories/{id}/assets {fileType} declares the file; its answer's uploadUrl then
 * takes the bytes with the same admin token (XMLHttpRequest, for the progress bar).
 */
export function useUploadStoryAsset(storyId: string) {
  const api = useAdminApi();
  const token = useAdminToken();
  const queryClient = useQueryClient();
  const { handleError } = useErrorHandlers();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: async (file: File) => {
      setProgress(0);
      const declared = await api.post<StoryAssetUpload>(adminApiPaths.storyAssets(storyId), { fileType: file.type as StoryAssetFileType });
      const url = /^https?:\/\//.test(declared.uploadUrl) ? declared.uploadUrl : `${api.baseUrl}${declared.uploadUrl}`;
      try {
        await putFile(url, file, await token(), setProgress);
      } catch (error) {
        // A refused file leaves no empty asset behind.
        await api.delete<void>(adminApiPaths.storyAsset(storyId, declared.asset.id)).catch(() => undefined);
        throw error;
      }
      return declared;
    },
    onError: handleError,
    onSettled: () => {
      setProgress(null);
      return Promise.all([storyAssetsKey(storyId), adminCollectionKeys.story(storyId), adminContentKeys.auditAll].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
  return { ...mutation, progress };
}

/** DELETE /v1/admin/stories/{id}/assets/{assetId}. */
export function useRemoveStoryAsset(storyId: string) {
  return useContentMutation((api: ApiClient, assetId: string) => api.delete<void>(adminApiPaths.storyAsset(storyId, assetId)), {
    also: [storyAssetsKey(storyId), adminCollectionKeys.story(storyId)],
  });
}
