import { REGIONS } from '@newsreel/contracts';

/**
 * Where each region of SPEC §3 (contracts' REGIONS) is drawn on the statistics map: near the
 * middle of its land. Europe, the group, stands for the European countries without a region of
 * their own, so it sits east of those that have one; South America at the middle of the
 * continent. Global (0) is readers whose region is not known, so it has no place on the map.
 */
export const REGION_CENTRES: Readonly<Record<number, [lat: number, lon: number]>> = {
  1: [-25.3, 134.0], // Australia
  2: [39.5, -98.4], // United States
  3: [54.0, -2.5], // United Kingdom
  4: [51.5, 21.0], // Europe
  5: [57.0, -104.0], // Canada
  6: [1.35, 103.8], // Singapore
  7: [31.0, 34.9], // Israel
  8: [-41.5, 172.5], // New Zealand
  9: [22.5, 79.0], // India
  10: [-14.0, -58.0], // South America
  11: [51.2, 10.4], // Germany
  12: [62.5, 16.0], // Sweden
  13: [40.2, -3.6], // Spain
  14: [42.8, 12.6], // Italy
  15: [35.0, 104.0], // China
  16: [15.5, 107.9], // Vietnam
  17: [46.6, 2.4], // France
  18: [39.6, -8.0], // Portugal
  19: [52.2, 5.5], // Netherlands
  20: [50.6, 4.6], // Belgium
  21: [47.6, 14.1], // Austria
};

/** Every region but Global has a place. */
export const MAPPED_REGION_IDS = REGIONS.map((region) => region.id as number).filter((id) => id in REGION_CENTRES);

/** A marker's radius in pixels: its area grows with the region's visitors, from 6 px to 28 px for the most. */
export function markerRadius(visitors: number, most: number): number {
  if (most <= 0 || visitors <= 0) return 0;
  return 6 + 22 * Math.sqrt(Math.min(1, visitors / most));
}
