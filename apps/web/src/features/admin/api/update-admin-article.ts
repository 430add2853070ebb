import { apiPaths, type AdminArticle, type AdminArticleUpdateBody } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { useContentMutation } from './content-mutation';

/** PUT /v1/admin/articles/{id}: its fields, not its state (409: the slug is taken, or a scheduled article would lose its time). */
export function updateAdminArticle(api: ApiClient, { articleId, body }: { articleId: string; body: AdminArticleUpdateBody }): Promise<AdminArticle> {
  return api.put<AdminArticle>(apiPaths.adminArticle(articleId), body);
}

export function useUpdateAdminArticle() {
  return useContentMutation(updateAdminArticle);
}
