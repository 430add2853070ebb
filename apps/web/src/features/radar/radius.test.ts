import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_RADIUS_M, DEFAULT_MAP_POINT_RADIUS_M, isRadiusOption, nextLargerRadius, parseRadius, RADAR_RADIUS_OPTIONS_M } from './radius';

describe('radar radius', () => {
  it('offers exactly 10–100 km in 10 km steps, then 200, 500 and 1000 km (SPEC §9)', () => {
    expect(RADAR_RADIUS_OPTIONS_M).toEqual([
      10_000, 20_000, 30_000, 40_000, 50_000, 60_000, 70_000, 80_000, 90_000, 100_000, 200_000, 500_000, 1_000_000,
    ]);
  });

  it('defaults to the local radius of 50 km, and 500 km around the default map point', () => {
    expect(DEFAULT_LOCAL_RADIUS_M).toBe(50_000);
    expect(DEFAULT_MAP_POINT_RADIUS_M).toBe(500_000);
    expect(isRadiusOption(DEFAULT_LOCAL_RADIUS_M)).toBe(true);
    expect(isRadiusOption(DEFAULT_MAP_POINT_RADIUS_M)).toBe(true);
  });

  it('takes a radius from a link only when it is one of the options', () => {
    expect(parseRadius('20000')).toBe(20_000);
    expect(parseRadius('1000000')).toBe(1_000_000);
    for (const value of ['25000', '0', '-10000', '2000000', 'far', '', null, undefined]) expect(parseRadius(value)).toBeUndefined();
  });

  it('suggests the next option up, and none above 1000 km', () => {
    expect(nextLargerRadius(10_000)).toBe(20_000);
    expect(nextLargerRadius(100_000)).toBe(200_000);
    expect(nextLargerRadius(500_000)).toBe(1_000_000);
    expect(nextLargerRadius(1_000_000)).toBeUndefined();
  });
});
