import { describe, it, expect } from 'vitest';
import { SETTINGS_KEYS, STORAGE_KEYS } from './settings';

describe('settings keys (SPEC §3)', () => {
  it('are bulletin, blockedPublishers, autoScoreAdjust, localRadius, blockedCategories, subscriptionExempt', () => {
    expect(SETTINGS_KEYS).toEqual([
      'bulletin',
      'blockedPublishers',
      'autoScoreAdjust',
      'localRadius',
      'blockedCategories',
      'subscriptionExempt',
    ]);
  });
});

describe('browser storage items (SPEC §3)', () => {
  it('are the ten items SPEC lists, in SPEC order', () => {
    // app config, view type, regions, categories, location, visitor, poll history, last ad,
    // usage meter, AI search history.
    expect(Object.keys(STORAGE_KEYS)).toEqual([
      'appConfig',
      'viewType',
      'regions',
      'categories',
      'location',
      'visitor',
      'pollHistory',
      'lastAd',
      'usageMeter',
      'aiSearchHistory',
    ]);
  });

  it('give every item its own non-empty key name', () => {
    // SPEC does not show the key names, only that each item has a place of its own.
    const names = Object.values(STORAGE_KEYS);
    expect(names).toHaveLength(10);
    for (const name of names) expect(name.trim()).not.toBe('');
    expect(new Set(names).size).toBe(10);
  });
});
