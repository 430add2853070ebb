import { type AdminArticle, adminApiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { useContentMutation } from './content-mutation';

/** POST /v1/admin/articles/{id}/approve: live now, or at its scheduled time (409 when it is not awaiting review). */
export function approveArticle(api: ApiClient, articleId: string): Promise<AdminArticle> {
  return api.post<AdminArticle>(adminApiPaths.articleApprove(articleId));
}

/**
 * `notify` false: the caller says what went wrong (bulk approval lists each article that could
 * not be approved, with the server's reason).
 */
export function useApproveArticle({ notify = true }: { notify?: boolean } = {}) {
  return useContentMutation(approveArticle, { notify });
}
