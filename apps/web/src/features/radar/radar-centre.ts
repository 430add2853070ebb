import { GLOBAL_REGION_ID, isRegionId, type DetectedLocation } from '@newsreel/contracts';
import { DEFAULT_LOCAL_RADIUS_M, DEFAULT_MAP_POINT_RADIUS_M } from './radius';

export interface LatLon {
  lat: number;
  lon: number;
}

/** Where the radar's centre came from, most precise first. */
export type RadarCentreSource = 'link' | 'device' | 'connection' | 'region' | 'default';

export interface RadarCentre extends LatLon {
  source: RadarCentreSource;
  /** The place the connection was located in ("Berlin, Germany"), for source 'connection'. */
  label?: string;
  /** The region whose map point is used, for source 'region'. */
  regionId?: number;
}

/**
 * SPEC §9 has a default map point (500 km around a fixed coordinate) but not the coordinate. Ours:
 * when the reader's region is known, its main news city, so the first view of the map has that
 * region's news in it; otherwise the Royal Observatory in Greenwich, the prime meridian, whose
 * 500 km reach London, Paris, Brussels and Amsterdam.
 */
export const DEFAULT_MAP_POINT: LatLon = { lat: 51.4779, lon: -0.0015 };

/** A map point per region (by id), at its main news city. Global has none: it is everywhere. */
export const REGION_MAP_POINTS: Readonly<Record<number, LatLon>> = {
  1: { lat: -33.8688, lon: 151.2093 }, // Australia: Sydney
  2: { lat: 40.7128, lon: -74.006 }, // United States: New York
  3: { lat: 51.5074, lon: -0.1278 }, // United Kingdom: London
  4: { lat: 50.8503, lon: 4.3517 }, // Europe: Brussels
  5: { lat: 43.6532, lon: -79.3832 }, // Canada: Toronto
  6: { lat: 1.2903, lon: 103.8519 }, // Singapore
  7: { lat: 32.0853, lon: 34.7818 }, // Israel: Tel Aviv
  8: { lat: -36.8485, lon: 174.7633 }, // New Zealand: Auckland
  9: { lat: 28.6139, lon: 77.209 }, // India: New Delhi
  10: { lat: -23.5505, lon: -46.6333 }, // South America: São Paulo
  11: { lat: 52.52, lon: 13.405 }, // Germany: Berlin
  12: { lat: 59.3293, lon: 18.0686 }, // Sweden: Stockholm
  13: { lat: 40.4168, lon: -3.7038 }, // Spain: Madrid
  14: { lat: 41.9028, lon: 12.4964 }, // Italy: Rome
  15: { lat: 39.9042, lon: 116.4074 }, // China: Beijing
  16: { lat: 21.0278, lon: 105.8342 }, // Vietnam: Hanoi
  17: { lat: 48.8566, lon: 2.3522 }, // France: Paris
  18: { lat: 38.7223, lon: -9.1393 }, // Portugal: Lisbon
  19: { lat: 52.3676, lon: 4.9041 }, // Netherlands: Amsterdam
  20: { lat: 50.8503, lon: 4.3517 }, // Belgium: Brussels
  21: { lat: 48.2082, lon: 16.3738 }, // Austria: Vienna
};

export function isLatLon(lat: number, lon: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
}

/** A centre from a link (`?lat=51.5&lon=-0.12`), when both are valid coordinates. */
export function parseLatLon(lat: string | null, lon: string | null): LatLon | undefined {
  if (!lat || !lon) return undefined;
  const position = { lat: Number(lat), lon: Number(lon) };
  return isLatLon(position.lat, position.lon) ? position : undefined;
}

/** Three decimals (about 100 m): precise enough for a radius of 10 km or more, and no more revealing. */
export function roundPosition({ lat, lon }: LatLon): LatLon {
  return { lat: Math.round(lat * 1000) / 1000, lon: Math.round(lon * 1000) / 1000 };
}

export interface RadarCentreInputs {
  /** From the page's address. */
  link?: LatLon;
  /** From the browser, once the reader asked for it. */
  device?: LatLon;
  /** From the reader's connection (GET /v1/locations/detect). */
  detected?: Pick<DetectedLocation, 'lat' | 'lon' | 'label' | 'regionId'>;
  /** The regions the reader follows. */
  regionIds?: readonly number[];
}

/** The most precise centre known: link, device, connection, then the reader's region, then the default point. */
export function resolveRadarCentre({ link, device, detected, regionIds = [] }: RadarCentreInputs): RadarCentre {
  if (link) return { ...link, source: 'link' };
  if (device) return { ...device, source: 'device' };
  if (detected && detected.lat !== null && detected.lon !== null && isLatLon(detected.lat, detected.lon)) {
    return { lat: detected.lat, lon: detected.lon, source: 'connection', label: detected.label || undefined };
  }
  const regionId = [detected?.regionId, ...regionIds].find(
    (id): id is number => id !== undefined && id !== GLOBAL_REGION_ID && isRegionId(id) && REGION_MAP_POINTS[id] !== undefined,
  );
  if (regionId !== undefined) return { ...REGION_MAP_POINTS[regionId]!, source: 'region', regionId };
  return { ...DEFAULT_MAP_POINT, source: 'default' };
}

/** The local radius around a known position; the default map point's wider radius around a guess. */
export function defaultRadiusFor(centre: RadarCentre): number {
  return centre.source === 'region' || centre.source === 'default' ? DEFAULT_MAP_POINT_RADIUS_M : DEFAULT_LOCAL_RADIUS_M;
}
