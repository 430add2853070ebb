import { type ArticleCachePurge, adminApiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { adminContentKeys, useContentMutation } from './content-mutation';

/** DELETE /v1/admin/articles/{id}/cache: the server forgets its cached answers holding the article. */
export function purgeArticleCache(api: ApiClient, articleId: string): Promise<ArticleCachePurge> {
  return api.delete<ArticleCachePurge>(adminApiPaths.articleCache(articleId));
}

/** Nothing the console shows changes, but the audit log. */
export function usePurgeArticleCache() {
  return useContentMutation(purgeArticleCache, { also: [adminContentKeys.auditAll] });
}
