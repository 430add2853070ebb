import { REGIONS } from '@newsreel/contracts';
import { describe, expect, it } from 'vitest';
import { MAPPED_REGION_IDS, markerRadius, REGION_CENTRES } from './region-centres';

describe('the statistics map’s places', () => {
  it('places every region but Global, on the globe', () => {
    expect(MAPPED_REGION_IDS).toHaveLength(REGIONS.length - 1);
    expect(MAPPED_REGION_IDS).not.toContain(0);
    for (const [lat, lon] of Object.values(REGION_CENTRES)) {
      expect(Math.abs(lat)).toBeLessThanOrEqual(85);
      expect(Math.abs(lon)).toBeLessThanOrEqual(180);
    }
    // South of the equator: Australia, New Zealand, South America.
    expect([1, 8, 10].every((id) => (REGION_CENTRES[id]?.[0] ?? 0) < 0)).toBe(true);
  });

  it('sizes markers by area, none for a region without visitors', () => {
    expect(markerRadius(0, 10)).toBe(0);
    expect(markerRadius(10, 10)).toBe(28);
    expect(markerRadius(1, 4)).toBe(17);
    expect(markerRadius(5, 0)).toBe(0);
  });
});
