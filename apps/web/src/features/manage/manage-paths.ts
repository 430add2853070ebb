import { paths } from '../../lib/paths';

const base = paths.manage.pattern;
/** `?search` for a list's query string ('' for none; one that starts with '?' as it is). */
const query = (search: string) => (search && !search.startsWith('?') ? `?${search}` : search);

/**
 * The publisher studio's page addresses (lib/paths.ts holds the app's; these are apart so that the
 * first screen, which carries lib/paths.ts, does not carry them).
 */
export const managePaths = {
  /** The studio's first page: the dashboard, how the active publisher's articles are watched (`search`: its range of days). */
  dashboard: { pattern: base, href: (search = '') => `${base}${query(search)}` },
  /** The active publisher's articles; `search` is the list's filters, sorting and page (lib/article-list-params.ts). */
  articles: { pattern: `${base}/articles`, href: (search = '') => `${base}/articles${query(search)}` },
  newArticle: { pattern: `${base}/articles/new`, href: () => `${base}/articles/new` },
  article: { pattern: `${base}/articles/:articleId`, href: (articleId: string) => `${base}/articles/${encodeURIComponent(articleId)}` },
  /** Media RSS import: a feed read into drafts to review and import. */
  import: { pattern: `${base}/import`, href: () => `${base}/import` },
  /** The publisher's settings and branding (its admins). */
  settings: { pattern: `${base}/settings`, href: () => `${base}/settings` },
} as const;
