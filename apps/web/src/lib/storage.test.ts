// @vitest-environment jsdom

import { STORAGE_KEYS, defaultAppConfig } from '@newsreel/contracts';
import { describe, expect, it, vi } from 'vitest';
import { browserStorage } from './storage';

describe('browserStorage', () => {
  it('round-trips every item as JSON under its STORAGE_KEYS key', () => {
    const config = defaultAppConfig('web');
    browserStorage.appConfig.set(config);
    browserStorage.viewType.set('grid');
    browserStorage.regions.set([4, 11]);
    browserStorage.pollHistory.set({ lastAnsweredAt: '2026-01-02T03:04:05.000Z', pollIds: ['poll-7'], pollQuestionIds: ['q-70'] });

    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.appConfig) ?? 'null')).toEqual(config);
    expect(browserStorage.appConfig.get()).toEqual(config);
    expect(browserStorage.viewType.get()).toBe('grid');
    expect(browserStorage.regions.get()).toEqual([4, 11]);
    expect(browserStorage.pollHistory.get()?.pollIds).toEqual(['poll-7']);
  });

  it('removes an item', () => {
    browserStorage.viewType.set('grid');
    browserStorage.viewType.remove();
    expect(localStorage.getItem(STORAGE_KEYS.viewType)).toBeNull();
    expect(browserStorage.viewType.get()).toBeUndefined();
  });

  it('gives undefined for a missing item, bad JSON and a value of the wrong shape', () => {
    expect(browserStorage.visitor.get()).toBeUndefined();
    localStorage.setItem(STORAGE_KEYS.regions, '[4,');
    expect(browserStorage.regions.get()).toBeUndefined();
    localStorage.setItem(STORAGE_KEYS.viewType, JSON.stringify('carousel'));
    expect(browserStorage.viewType.get()).toBeUndefined();
    localStorage.setItem(STORAGE_KEYS.regions, JSON.stringify([]));
    expect(browserStorage.regions.get()).toBeUndefined();
  });

  it('ignores a full storage on write', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(() => browserStorage.aiSearchHistory.set([{ query: 'floods', askedAt: new Date().toISOString() }])).not.toThrow();
    expect(browserStorage.aiSearchHistory.get()).toBeUndefined();
  });

  it('reads nothing and writes nothing when storage throws on every call', () => {
    for (const method of ['getItem', 'setItem', 'removeItem'] as const) {
      vi.spyOn(Storage.prototype, method).mockImplementation(() => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      });
    }
    expect(browserStorage.location.get()).toBeUndefined();
    expect(() => browserStorage.lastAd.set({ adId: 'ad-3', playedAt: new Date().toISOString() })).not.toThrow();
    expect(() => browserStorage.usageMeter.remove()).not.toThrow();
  });

  it('works without any storage at all', () => {
    vi.stubGlobal('localStorage', undefined);
    expect(browserStorage.categories.get()).toBeUndefined();
    expect(() => browserStorage.categories.set(['c-1', 'c-2'])).not.toThrow();
    expect(() => browserStorage.categories.remove()).not.toThrow();
  });

  it('survives a storage property that throws when read', () => {
    const descriptor = Object.getOwnPropertyDescriptor(window, 'localStorage');
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    });
    try {
      expect(browserStorage.visitor.get()).toBeUndefined();
      expect(() => browserStorage.viewType.set('grid')).not.toThrow();
    } finally {
      if (descriptor) Object.defineProperty(window, 'localStorage', descriptor);
    }
  });
});
