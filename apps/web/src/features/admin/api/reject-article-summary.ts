import { type AdminArticle, type ArticleRejectSummaryBody, adminApiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { useContentMutation } from './content-mutation';

/** POST /v1/admin/articles/{id}/reject-summary [{reason}]: the AI's summary removed, the article back to its publisher. */
export function rejectArticleSummary(api: ApiClient, { articleId, reason }: { articleId: string; reason: string }): Promise<AdminArticle> {
  const body: ArticleRejectSummaryBody = reason ? { reason } : {};
  return api.post<AdminArticle>(adminApiPaths.articleRejectSummary(articleId), body);
}

export function useRejectArticleSummary() {
  return useContentMutation(rejectArticleSummary);
}
