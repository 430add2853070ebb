import { adminApiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { adminContentKeys, useContentMutation } from './content-mutation';

/** DELETE /v1/admin/articles/{id}: with its media records, likes, saves, views and places in stories and playlists. */
export function deleteAdminArticle(api: ApiClient, articleId: string): Promise<void> {
  return api.delete<void>(adminApiPaths.article(articleId));
}

export function useDeleteAdminArticle() {
  return useContentMutation(deleteAdminArticle, { forget: (articleId) => adminContentKeys.article(articleId) });
}
