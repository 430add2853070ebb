import { type AdminArticle, type AdminArticleUpdateBody, adminApiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { useContentMutation } from './content-mutation';

/** PUT /v1/admin/articles/{id}: its fields, not its state (409: the slug is taken, or a scheduled article would lose its time). */
export function updateAdminArticle(api: ApiClient, { articleId, body }: { articleId: string; body: AdminArticleUpdateBody }): Promise<AdminArticle> {
  return api.put<AdminArticle>(adminApiPaths.article(articleId), body);
}

export function useUpdateAdminArticle() {
  return useContentMutation(updateAdminArticle);
}
