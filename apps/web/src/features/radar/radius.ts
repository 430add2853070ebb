import { LOCAL_RADIUS_M, MAP_RADIUS_M, RADIUS_OPTIONS_M } from '@newsreel/contracts';

/** The radii a reader can choose (SPEC §9): 10–100 km in 10 km steps, then 200, 500 and 1000 km. */
export const RADAR_RADIUS_OPTIONS_M: readonly number[] = RADIUS_OPTIONS_M;

/** Around a known position: the local radius. */
export const DEFAULT_LOCAL_RADIUS_M = LOCAL_RADIUS_M;
/** Around the default map point, when nothing is known of the reader's position. */
export const DEFAULT_MAP_POINT_RADIUS_M = MAP_RADIUS_M;

export function isRadiusOption(radius: number): boolean {
  return RADAR_RADIUS_OPTIONS_M.includes(radius);
}

/** A radius from a link (`?radius=20000`), kept only when it is one of the options. */
export function parseRadius(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const radius = Number(value);
  return isRadiusOption(radius) ? radius : undefined;
}

/** The next option up, to suggest when nothing is within the radius; none above the largest. */
export function nextLargerRadius(radius: number): number | undefined {
  return RADAR_RADIUS_OPTIONS_M.find((option) => option > radius);
}
