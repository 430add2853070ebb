// @vitest-environment jsdom

import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_BANNER_DISMISSED_KEY, isAppBannerDismissed, rememberAppBannerDismissed } from './banner-dismissal';

describe('app banner dismissal', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is remembered in browser storage with the time it happened', () => {
    expect(isAppBannerDismissed()).toBe(false);
    rememberAppBannerDismissed(new Date('2026-03-01T10:00:00.000Z'));
    expect(localStorage.getItem(APP_BANNER_DISMISSED_KEY)).toBe('2026-03-01T10:00:00.000Z');
    expect(isAppBannerDismissed()).toBe(true);
  });

  it('ignores a value that is not a time', () => {
    localStorage.setItem(APP_BANNER_DISMISSED_KEY, 'yes please');
    expect(isAppBannerDismissed()).toBe(false);
  });

  it('fails silently when storage is blocked', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => rememberAppBannerDismissed()).not.toThrow();
    expect(isAppBannerDismissed()).toBe(false);
  });
});
