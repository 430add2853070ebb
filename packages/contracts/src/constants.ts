/** Business constants and limits of SPEC §9. */

export const SECOND_MS = 1000;
export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** Queued analytics events are sent as one batch this often. */
export const EVENT_FLUSH_DELAY_MS = SECOND_MS;
/** The notification bar hides itself after this long. */
export const NOTIFICATION_HIDE_MS = 5 * SECOND_MS;
/** After a poll is answered, no other poll is offered for this long. */
export const POLL_COOLDOWN_MS = 24 * HOUR_MS;
/** A stored visitor older than this is refreshed. */
export const VISITOR_REFRESH_MS = 7 * DAY_MS;
/** The article-plays statistic covers the last day. */
export const ARTICLE_PLAYS_LAST_DAYS = 1;
/** Attempts a data-stream client makes before giving up. */
export const STREAM_RETRY_ATTEMPTS = 3;

export const PAGE_LIMIT = 30;
export const PAGE_LIMIT_MAX = 150;
/**
 * Lists count their total this many items past the page asked for: a total is exact when the list
 * ends sooner, and otherwise is offset + limit + this, meaning "at least".
 */
export const LIST_TOTAL_LOOKAHEAD = 300;

export const LOCAL_RADIUS_M = 50_000;
export const MAP_RADIUS_M = 500_000;
/** Articles sharing a location slug are spread by a random offset of up to this many degrees. */
export const LOCATION_OVERLAP_OFFSET_DEG = 0.02;

/** Radius options in metres: 10–100 km in 10 km steps, then 200, 500 and 1000 km. */
export const RADIUS_OPTIONS_M = [
  10_000, 20_000, 30_000, 40_000, 50_000, 60_000, 70_000, 80_000, 90_000, 100_000, 200_000, 500_000,
  1_000_000,
] as const;

/** Duration options in seconds: 60 s, 5, 10, 15 min, 1 hour, 1 day, 1 week, 28 days. */
export const DURATION_OPTIONS_S = [60, 300, 600, 900, 3600, 86_400, 604_800, 2_419_200] as const;

/** Retention options in days, as SPEC §9 lists them. */
export const RETENTION_OPTIONS_DAYS = [30, 60, 90, 180, 240, 390, 365, 730, 3650] as const;

export const ARTICLE_SLUG_MIN = 6;
export const ARTICLE_TITLE_MIN = 12;
export const ARTICLE_DESCRIPTION_MIN = 50;
export const ARTICLE_DESCRIPTION_MAX = 400;

export const NOTIFICATION_SEVERITIES = ['success', 'info', 'error'] as const;
export type NotificationSeverity = (typeof NOTIFICATION_SEVERITIES)[number];
export const DEFAULT_NOTIFICATION_SEVERITY: NotificationSeverity = 'success';

export const DEFAULT_USER_REGION_IDS: readonly number[] = [0];

export const VIEW_TYPES = ['hero-player', 'grid'] as const;
export type ViewType = (typeof VIEW_TYPES)[number];
export const DEFAULT_VIEW_TYPE: ViewType = 'hero-player';

/** Theme breakpoints in px; xxl is Newsreel's step for television-sized screens. */
export const THEME_BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536, xxl: 2160 } as const;

export const EMBED_HOST_MARKER = 'embed';

/** Analytics stream targets and the partition keys a record may carry. */
export const STREAM_NAMES = { production: 'prod_app_metrics', development: 'dev_app_metrics' } as const;
export const STREAM_PARTITION_KEYS = ['app_events', 'article_events', 'ad_events'] as const;
export type StreamPartitionKey = (typeof STREAM_PARTITION_KEYS)[number];

/** Data-stream service exceptions the client recognises (SPEC §8); anything else is generic. */
export const STREAM_EXCEPTION_NAMES = [
  'AccessDenied',
  'InvalidArgument',
  'LimitExceeded',
  'ResourceInUse',
  'ResourceNotFound',
  'ExpiredIterator',
  'ExpiredNextToken',
  'KMSAccessDenied',
  'KMSDisabled',
  'KMSInvalidState',
  'KMSNotFound',
  'KMSOptInRequired',
  'KMSThrottling',
  'ProvisionedThroughputExceeded',
  'Validation',
] as const;

export const PRODUCT_NAME = 'Newsreel';
export const GENERIC_ERROR_MESSAGE = 'An error has occurred';

/** What a search looks through (GET /v1/search?type=). */
export const SEARCH_TYPES = ['all', 'articles', 'stories', 'publishers', 'categories'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
/** The longest search the API takes, in characters. */
export const SEARCH_QUERY_MAX_LENGTH = 200;

/** The longest email address taken (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;
