import { paths } from '../../lib/paths';

const segment = (id: string) => encodeURIComponent(id);
const base = paths.admin.pattern;
/** `?search` for a list's query string ('' for none; one that starts with '?' as it is). */
const query = (search: string) => (search && !search.startsWith('?') ? `?${search}` : search);

/**
 * The admin console's page addresses (lib/paths.ts holds the app's; these are apart so that the
 * first screen, which carries lib/paths.ts, does not carry them).
 */
export const adminPaths = {
  /** The console's first page: the platform's figures; `search` is its range (lib/statistics-range.ts). */
  statistics: { pattern: `${base}/statistics`, href: (search = '') => `${base}/statistics${search && !search.startsWith('?') ? `?${search}` : search}` },
  /** The poll studio's list; `search` is its filters, sorting and page (lib/poll-list-params.ts). */
  polls: { pattern: `${base}/polls`, href: (search = '') => `${base}/polls${search && !search.startsWith('?') ? `?${search}` : search}` },
  newPoll: { pattern: `${base}/polls/new`, href: () => `${base}/polls/new` },
  /** One poll in the studio; `tab` 'results' opens its results. */
  poll: {
    pattern: `${base}/polls/:pollId`,
    href: (pollId: string, tab?: 'results') => `${base}/polls/${segment(pollId)}${tab ? `?tab=${tab}` : ''}`,
  },
  // Content: the moderation queue and every article, categories, publishers (lib/content-list-params.ts keeps each list's `search`).
  articles: { pattern: `${base}/articles`, href: (search = '') => `${base}/articles${query(search)}` },
  article: { pattern: `${base}/articles/:articleId`, href: (articleId: string) => `${base}/articles/${segment(articleId)}` },
  categories: { pattern: `${base}/categories`, href: (search = '') => `${base}/categories${query(search)}` },
  publishers: { pattern: `${base}/publishers`, href: (search = '') => `${base}/publishers${query(search)}` },
  publisher: { pattern: `${base}/publishers/:publisherId`, href: (publisherId: string) => `${base}/publishers/${segment(publisherId)}` },
  /** Scheduled notifications; `search` is the list's filters, sorting and page (lib/notification-list-params.ts). */
  notifications: { pattern: `${base}/notifications`, href: (search = '') => `${base}/notifications${query(search)}` },
  /** The ad inventory (issue 17); `search` is the list's page. */
  ads: { pattern: `${base}/ads`, href: (search = '') => `${base}/ads${query(search)}` },
  /** Messages from the contact form; `search` is the list's filter and page. */
  contactMessages: { pattern: `${base}/contact-messages`, href: (search = '') => `${base}/contact-messages${query(search)}` },
  // Playlists and stories, each an ordered set of articles (lib/collection-list-params.ts keeps each list's `search`).
  playlists: { pattern: `${base}/playlists`, href: (search = '') => `${base}/playlists${query(search)}` },
  playlist: { pattern: `${base}/playlists/:playlistId`, href: (playlistId: string) => `${base}/playlists/${segment(playlistId)}` },
  /** Every stored AI result (answers, playlists, summaries, translations); `search` is its filters (lib/ai-result-list-params.ts). */
  aiResults: { pattern: `${base}/ai-results`, href: (search = '') => `${base}/ai-results${query(search)}` },
  stories: { pattern: `${base}/stories`, href: (search = '') => `${base}/stories${query(search)}` },
  story: { pattern: `${base}/stories/:storyId`, href: (storyId: string) => `${base}/stories/${segment(storyId)}` },
  // People and the platform's records (superusers only); each list's `search` is its filters, sorting and page (lib/people-list-params.ts).
  users: { pattern: `${base}/users`, href: (search = '') => `${base}/users${query(search)}` },
  user: { pattern: `${base}/users/:userId`, href: (userId: string) => `${base}/users/${segment(userId)}` },
  adminRoles: { pattern: `${base}/admin-roles`, href: (search = '') => `${base}/admin-roles${query(search)}` },
  vendors: { pattern: `${base}/vendors`, href: (search = '') => `${base}/vendors${query(search)}` },
  vendor: { pattern: `${base}/vendors/:vendorId`, href: (vendorId: string) => `${base}/vendors/${segment(vendorId)}` },
  apiKeys: { pattern: `${base}/api-keys`, href: (search = '') => `${base}/api-keys${query(search)}` },
  jobs: { pattern: `${base}/jobs`, href: (search = '') => `${base}/jobs${query(search)}` },
  audit: { pattern: `${base}/audit`, href: (search = '') => `${base}/audit${query(search)}` },
  /** The subscription price table (superusers). */
  subscriptionPrices: { pattern: `${base}/subscription-prices`, href: () => `${base}/subscription-prices` },
} as const;
