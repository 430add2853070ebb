import { DEFAULT_AD_RULES, type AdRules } from '@newsreel/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { countArticle, isAdDue, visitAds } from './ad-rules';

const NOW = Date.parse('2026-11-27T10:00:00Z');
const rules = (patch: Partial<AdRules> = {}): AdRules => ({ ...DEFAULT_AD_RULES, ...patch });
const fresh = { lastAdAt: null, lastAdArticle: null };

describe('isAdDue', () => {
  it('plays the first ad on the startOn-th article', () => {
    expect(isAdDue(rules(), 1, fresh, NOW)).toBe(true);
    expect(isAdDue(rules({ startOn: 3 }), 1, fresh, NOW)).toBe(false);
    expect(isAdDue(rules({ startOn: 3 }), 2, fresh, NOW)).toBe(false);
    expect(isAdDue(rules({ startOn: 3 }), 3, fresh, NOW)).toBe(true);
    // startOn 0 means the first article too.
    expect(isAdDue(rules({ startOn: 0 }), 1, fresh, NOW)).toBe(true);
  });

  it('with frequency 0 plays only the first ad of a visit', () => {
    const after = { lastAdAt: NOW - 3600_000, lastAdArticle: 1 };
    for (const article of [2, 3, 10, 50]) expect(isAdDue(rules(), article, after, NOW)).toBe(false);
  });

  it('plays one every frequency articles after the first', () => {
    const after = { lastAdAt: NOW - 3600_000, lastAdArticle: 2 };
    expect(isAdDue(rules({ frequency: 3 }), 3, after, NOW)).toBe(false);
    expect(isAdDue(rules({ frequency: 3 }), 4, after, NOW)).toBe(false);
    expect(isAdDue(rules({ frequency: 3 }), 5, after, NOW)).toBe(true);
    expect(isAdDue(rules({ frequency: 1 }), 3, after, NOW)).toBe(true);
  });

  it('never plays two ads closer than timeBetweenAds, across visits', () => {
    const earlierVisit = (secondsAgo: number) => ({ lastAdAt: NOW - secondsAgo * 1000, lastAdArticle: null });
    expect(isAdDue(rules(), 1, earlierVisit(10), NOW)).toBe(false);
    expect(isAdDue(rules(), 1, earlierVisit(599), NOW)).toBe(false);
    expect(isAdDue(rules(), 1, earlierVisit(600), NOW)).toBe(true);
    const sameVisit = { lastAdAt: NOW - 60_000, lastAdArticle: 1 };
    expect(isAdDue(rules({ frequency: 1 }), 2, sameVisit, NOW)).toBe(false);
    expect(isAdDue(rules({ frequency: 1, timeBetweenAds: 30 }), 2, sameVisit, NOW)).toBe(true);
    // An ad stored in the future (a clock set back) still holds the next one off.
    expect(isAdDue(rules(), 1, { lastAdAt: NOW + 60_000, lastAdArticle: null }, NOW)).toBe(false);
  });
});

describe('the visit', () => {
  afterEach(() => visitAds.reset());

  it('counts each article once, and remembers the last ad', () => {
    expect(countArticle('a')).toBe(1);
    expect(countArticle('a')).toBe(1);
    expect(countArticle('b')).toBe(2);
    expect(visitAds.lastAdArticle).toBeNull();
    visitAds.played(2);
    expect(visitAds.lastAdArticle).toBe(2);
    expect(countArticle('a')).toBe(3);
  });
});
