import type { ManageArticleListQuery } from '@newsreel/contracts';
import { articleListQuery, articleListSearch, parseArticleListParams, type ArticleListParams } from '../../admin/lib/content-list-params';

/**
 * The studio's article list keeps its filters, sorting and page in the URL as the admin console's
 * "all articles" view does (admin/lib/content-list-params.ts), without a view or a publisher: the
 * list is always every article of the active publisher.
 */
export type ManageListParams = ArticleListParams;

export function parseManageListParams(search: URLSearchParams): ManageListParams {
  const all = new URLSearchParams(search);
  all.set('view', 'all');
  all.delete('publisher');
  return parseArticleListParams(all);
}

export function manageListSearch(params: ManageListParams): URLSearchParams {
  const search = articleListSearch({ ...params, view: 'all', publisherId: undefined });
  search.delete('view');
  return search;
}

/** GET /v1/manage/articles (and its search, which takes `q` and the page alone). */
export function manageListQuery(params: ManageListParams): ManageArticleListQuery {
  const { publisherId: _publisher, ...query } = articleListQuery({ ...params, view: 'all', publisherId: undefined });
  return query;
}
