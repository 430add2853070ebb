import {
  ADMIN_NOTIFICATION_SORTS,
  NOTIFICATION_AUDIENCES,
  NotificationDeliveryStatus,
  enumValues,
  type AdminNotificationListQuery,
  type AdminNotificationSort,
  type NotificationAudience,
} from '@newsreel/contracts';
import type { SortOrder } from './content-list-params';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './page-sizes';

/**
 * The notifications list's search, filters, sorting and page as the URL keeps them (a link or
 * Back shows the same list); anything unknown in a URL is left at its default.
 */
export interface NotificationListParams {
  q: string;
  status?: NotificationDeliveryStatus;
  audience?: NotificationAudience;
  sort: AdminNotificationSort;
  order: SortOrder;
  page: number;
  limit: number;
}

export const NOTIFICATION_SEARCH_MAX = 200;
const DEFAULTS = { sort: 'sendAt', order: 'desc' } as const;

function oneOf<T extends string | number>(values: readonly T[], text: string | null): T | undefined {
  if (text === null || text === '') return undefined;
  return values.find((value) => String(value) === text);
}

export function parseNotificationListParams(search: URLSearchParams): NotificationListParams {
  const page = Number(search.get('page'));
  return {
    q: (search.get('q')?.trim() ?? '').slice(0, NOTIFICATION_SEARCH_MAX),
    status: oneOf(enumValues(NotificationDeliveryStatus), search.get('status')),
    audience: oneOf(NOTIFICATION_AUDIENCES, search.get('audience')),
    sort: oneOf(ADMIN_NOTIFICATION_SORTS, search.get('sort')) ?? DEFAULTS.sort,
    order: oneOf(['asc', 'desc'] as const, search.get('order')) ?? DEFAULTS.order,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: oneOf(PAGE_SIZES, search.get('limit')) ?? DEFAULT_PAGE_SIZE,
  };
}

/** The URL's search for `params`: what differs from the defaults, in a fixed order. */
export function notificationListSearch(params: NotificationListParams): URLSearchParams {
  const search = new URLSearchParams();
  const entries: [string, string | number | undefined, string | number | undefined][] = [
    ['q', params.q, ''],
    ['status', params.status, undefined],
    ['audience', params.audience, undefined],
    ['sort', params.sort, DEFAULTS.sort],
    ['order', params.order, DEFAULTS.order],
    ['page', params.page, 1],
    ['limit', params.limit, DEFAULT_PAGE_SIZE],
  ];
  for (const [name, value, fallback] of entries) if (value !== undefined && value !== '' && value !== fallback) search.set(name, String(value));
  return search;
}

/** What the API is asked for. */
export function notificationListQuery(params: NotificationListParams): AdminNotificationListQuery {
  return {
    ...(params.q ? { q: params.q } : {}),
    ...(params.status !== undefined ? { status: params.status } : {}),
    ...(params.audience ? { audience: params.audience } : {}),
    sort: params.sort,
    order: params.order,
    page: params.page,
    limit: params.limit,
  };
}
