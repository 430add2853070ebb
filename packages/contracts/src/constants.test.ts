import { describe, it, expect } from 'vitest';
import {
  ARTICLE_DESCRIPTION_MAX,
  ARTICLE_DESCRIPTION_MIN,
  ARTICLE_PLAYS_LAST_DAYS,
  ARTICLE_SLUG_MIN,
  ARTICLE_TITLE_MIN,
  DAY_MS,
  DEFAULT_NOTIFICATION_SEVERITY,
  DEFAULT_USER_REGION_IDS,
  DEFAULT_VIEW_TYPE,
  DURATION_OPTIONS_S,
  EMBED_HOST_MARKER,
  EVENT_FLUSH_DELAY_MS,
  GENERIC_ERROR_MESSAGE,
  HOUR_MS,
  LOCAL_RADIUS_M,
  LOCATION_OVERLAP_OFFSET_DEG,
  MAP_RADIUS_M,
  MINUTE_MS,
  NOTIFICATION_HIDE_MS,
  NOTIFICATION_SEVERITIES,
  PAGE_LIMIT,
  PAGE_LIMIT_MAX,
  POLL_COOLDOWN_MS,
  RADIUS_OPTIONS_M,
  RETENTION_OPTIONS_DAYS,
  SECOND_MS,
  STREAM_EXCEPTION_NAMES,
  STREAM_NAMES,
  STREAM_PARTITION_KEYS,
  STREAM_RETRY_ATTEMPTS,
  THEME_BREAKPOINTS,
  VIEW_TYPES,
  VISITOR_REFRESH_MS,
} from './constants';

describe('time constants (SPEC §9)', () => {
  it('second 1000 ms, minute 60000 ms, hour 3600000 ms', () => {
    expect(SECOND_MS).toBe(1000);
    expect(MINUTE_MS).toBe(60_000);
    expect(HOUR_MS).toBe(3_600_000);
  });

  it('a day is 24 hours', () => {
    expect(DAY_MS).toBe(86_400_000);
  });
});

describe('timing constants (SPEC §4, §9)', () => {
  it('flushes the event batch every 1 second', () => {
    expect(EVENT_FLUSH_DELAY_MS).toBe(1000);
  });

  it('hides the notification after 5 seconds', () => {
    expect(NOTIFICATION_HIDE_MS).toBe(5000);
  });

  it('offers no poll for 24 hours after one is answered', () => {
    expect(POLL_COOLDOWN_MS).toBe(24 * 60 * 60 * 1000);
  });

  it('refreshes a stored visitor after 7 days', () => {
    expect(VISITOR_REFRESH_MS).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it('computes article plays over the last 1 day', () => {
    expect(ARTICLE_PLAYS_LAST_DAYS).toBe(1);
  });
});

describe('paging (SPEC §9)', () => {
  it('has page limit 30 and page maximum 150', () => {
    expect(PAGE_LIMIT).toBe(30);
    expect(PAGE_LIMIT_MAX).toBe(150);
  });
});

describe('geography (SPEC §3, §9)', () => {
  it('has default local radius 50,000 m', () => {
    expect(LOCAL_RADIUS_M).toBe(50_000);
  });

  it('has default map point radius 500,000 m', () => {
    expect(MAP_RADIUS_M).toBe(500_000);
  });

  it('spreads overlapping articles by up to 0.02 degrees', () => {
    expect(LOCATION_OVERLAP_OFFSET_DEG).toBe(0.02);
  });

  it('offers radii of 10 to 100 km in 10 km steps, then 200, 500 and 1000 km', () => {
    const km = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 200, 500, 1000];
    expect(RADIUS_OPTIONS_M).toEqual(km.map((k) => k * 1000));
    expect(RADIUS_OPTIONS_M).toHaveLength(13);
  });

  it('includes the default local radius among the radius options', () => {
    expect(RADIUS_OPTIONS_M).toContain(LOCAL_RADIUS_M);
  });
});

describe('duration options (SPEC §9)', () => {
  it('are 60 s, 5, 10, 15 min, 1 hour, 1 day, 1 week, 28 days, in seconds and in that order', () => {
    const minute = 60;
    const hour = 60 * minute;
    const day = 24 * hour;
    expect(DURATION_OPTIONS_S).toEqual([
      60,
      5 * minute,
      10 * minute,
      15 * minute,
      hour,
      day,
      7 * day,
      28 * day,
    ]);
  });
});

describe('retention options (SPEC §9)', () => {
  it('are 30, 60, 90, 180, 240, 390, 365, 730, 3650 days in that order', () => {
    expect(RETENTION_OPTIONS_DAYS).toEqual([30, 60, 90, 180, 240, 390, 365, 730, 3650]);
  });
});

describe('article minimums (SPEC §3, §5, §9)', () => {
  it('slug 6, title 12, description 50 to 400 characters', () => {
    expect(ARTICLE_SLUG_MIN).toBe(6);
    expect(ARTICLE_TITLE_MIN).toBe(12);
    expect(ARTICLE_DESCRIPTION_MIN).toBe(50);
    expect(ARTICLE_DESCRIPTION_MAX).toBe(400);
  });
});

describe('interface defaults (SPEC §1, §2, §8, §9)', () => {
  it('has notification severities success, info and error, default success', () => {
    expect(NOTIFICATION_SEVERITIES).toEqual(['success', 'info', 'error']);
    expect(DEFAULT_NOTIFICATION_SEVERITY).toBe('success');
  });

  it('has default user region ids [0]', () => {
    expect(DEFAULT_USER_REGION_IDS).toEqual([0]);
  });

  it('has view types grid and hero-player, default hero-player', () => {
    expect([...VIEW_TYPES].sort()).toEqual(['grid', 'hero-player']);
    expect(DEFAULT_VIEW_TYPE).toBe('hero-player');
  });

  it('has theme breakpoints 0, 600, 900, 1200, 1536, 2160', () => {
    expect(THEME_BREAKPOINTS).toEqual({ xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536, xxl: 2160 });
    expect(Object.values(THEME_BREAKPOINTS)).toEqual([0, 600, 900, 1200, 1536, 2160]);
  });

  it('detects embedded mode by the word embed', () => {
    expect(EMBED_HOST_MARKER).toBe('embed');
  });

  it("falls back to the text 'An error has occurred'", () => {
    expect(GENERIC_ERROR_MESSAGE).toBe('An error has occurred');
  });
});

describe('data stream (SPEC §3, §8, §9)', () => {
  it('retries 3 times by default', () => {
    expect(STREAM_RETRY_ATTEMPTS).toBe(3);
  });

  it('targets prod_app_metrics in production and dev_app_metrics in development', () => {
    expect(STREAM_NAMES).toEqual({ production: 'prod_app_metrics', development: 'dev_app_metrics' });
  });

  it('has partition keys app_events, article_events, ad_events', () => {
    expect(STREAM_PARTITION_KEYS).toEqual(['app_events', 'article_events', 'ad_events']);
  });

  it('recognises the 15 SPEC exception names, in SPEC order', () => {
    expect(STREAM_EXCEPTION_NAMES).toEqual([
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
    ]);
    expect(new Set(STREAM_EXCEPTION_NAMES).size).toBe(15);
  });
});
