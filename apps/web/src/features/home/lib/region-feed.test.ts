import { describe, expect, it } from 'vitest';
import { feedFiltersForRegions, isGlobalOnly } from './region-feed';

describe('feedFiltersForRegions', () => {
  it('asks for all the news when the reader follows Global only', () => {
    expect(feedFiltersForRegions([0])).toEqual({});
    expect(feedFiltersForRegions([])).toEqual({});
    expect(feedFiltersForRegions([0, 0])).toEqual({});
  });

  it('filters on the followed regions, sorted and once each', () => {
    expect(feedFiltersForRegions([11])).toEqual({ regionIds: '11' });
    expect(feedFiltersForRegions([18, 4, 11, 4])).toEqual({ regionIds: '4,11,18' });
  });

  it('keeps Global (international news) beside other regions', () => {
    expect(feedFiltersForRegions([11, 0])).toEqual({ regionIds: '0,11' });
  });

  it('knows a Global-only choice', () => {
    expect(isGlobalOnly([0])).toBe(true);
    expect(isGlobalOnly([0, 3])).toBe(false);
  });
});
