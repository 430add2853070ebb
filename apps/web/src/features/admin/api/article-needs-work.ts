import { type AdminArticle, adminApiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { useContentMutation } from './content-mutation';

/** POST /v1/admin/articles/{id}/needs-work {reason}: back to its publisher, off the feeds, with the reason they see. */
export function sendArticleBack(api: ApiClient, { articleId, reason }: { articleId: string; reason: string }): Promise<AdminArticle> {
  return api.post<AdminArticle>(adminApiPaths.articleNeedsWork(articleId), { reason });
}

export function useSendArticleBack() {
  return useContentMutation(sendArticleBack);
}
