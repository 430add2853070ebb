// @vitest-environment jsdom

import { STORAGE_KEYS } from '@newsreel/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserStorage } from '../../../lib/storage';
import { openInBrowserMeter } from './browser-meter';

const DAY = 86_400_000;
const NOW = Date.parse('2030-01-31T12:00:00.000Z');
const SETTINGS = { freeArticles: 2, periodDays: 30 };
const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'bbbbbbbb-0000-4000-8000-000000000002';
const C = 'cccccccc-0000-4000-8000-000000000003';

describe('the browser’s usage meter', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('counts different articles, lets a counted one be reopened free, then refuses a new one', () => {
    expect(openInBrowserMeter(A, SETTINGS, NOW)).toMatchObject({ allowed: true, counted: true, used: 1, remaining: 1, nextFreeAt: null, metered: true, reason: 'metered' });
    expect(openInBrowserMeter(A.toUpperCase(), SETTINGS, NOW + 1000)).toMatchObject({ allowed: true, counted: false, used: 1, remaining: 1 });
    expect(openInBrowserMeter(B, SETTINGS, NOW + 2000)).toMatchObject({ allowed: true, counted: true, used: 2, remaining: 0 });
    const refused = openInBrowserMeter(C, SETTINGS, NOW + 3000);
    // The next free one: when A, the oldest, leaves the 30-day window.
    expect(refused).toMatchObject({ allowed: false, counted: false, used: 2, remaining: 0, nextFreeAt: new Date(NOW + 30 * DAY).toISOString() });
    expect(openInBrowserMeter(B, SETTINGS, NOW + 4000).allowed).toBe(true);
    expect(browserStorage.usageMeter.get()?.reads.map((read) => read.articleId)).toEqual([A, B]);
  });

  it('frees an article when the oldest read leaves the rolling window, and keeps only the window’s reads', () => {
    openInBrowserMeter(A, SETTINGS, NOW);
    openInBrowserMeter(B, SETTINGS, NOW + 5 * DAY);
    expect(openInBrowserMeter(C, SETTINGS, NOW + 30 * DAY - 1).allowed).toBe(false);
    expect(openInBrowserMeter(C, SETTINGS, NOW + 30 * DAY + 1)).toMatchObject({ allowed: true, counted: true, used: 2, nextFreeAt: new Date(NOW + 35 * DAY).toISOString() });
    expect(browserStorage.usageMeter.get()?.reads.map((read) => read.articleId)).toEqual([B, C]);
  });

  it('reads stale, hand-edited or old-shaped storage as nothing counted', () => {
    localStorage.setItem(STORAGE_KEYS.usageMeter, '{not json');
    expect(openInBrowserMeter(A, SETTINGS, NOW)).toMatchObject({ allowed: true, used: 1 });
    localStorage.setItem(STORAGE_KEYS.usageMeter, JSON.stringify({ periodStart: '2030-01-01T00:00:00.000Z', articleIds: [A, B] }));
    expect(openInBrowserMeter(C, SETTINGS, NOW)).toMatchObject({ allowed: true, used: 1 });
  });

  it('keeps working, silently, when storage fails', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => openInBrowserMeter(A, SETTINGS, NOW)).not.toThrow();
    expect(openInBrowserMeter(B, SETTINGS, NOW)).toMatchObject({ allowed: true, counted: true });
  });

  it('with no free articles, refuses every article and names no next free one', () => {
    expect(openInBrowserMeter(A, { freeArticles: 0, periodDays: 30 }, NOW)).toMatchObject({ allowed: false, used: 0, remaining: 0, nextFreeAt: null });
  });
});
