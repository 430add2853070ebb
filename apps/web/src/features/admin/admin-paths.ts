import { paths } from '../../lib/paths';

const segment = (id: string) => encodeURIComponent(id);
const base = paths.admin.pattern;

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
} as const;
