import { LOCATION_OVERLAP_OFFSET_DEG, type ArticleSummary } from '@newsreel/contracts';

export interface MarkerPosition {
  lat: number;
  lon: number;
}

/** FNV-1a: a small, stable hash of a string. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a seeded generator of numbers in [0, 1). */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A random offset of at most `maxDegrees` (as a distance in degrees) seeded by the article id, so
 * a marker lands in the same place on every render and every visit.
 */
export function overlapOffset(articleId: string, maxDegrees = LOCATION_OVERLAP_OFFSET_DEG): { dLat: number; dLon: number } {
  const random = seededRandom(hashOf(articleId));
  const angle = random() * 2 * Math.PI;
  // sqrt spreads the points evenly over the disc instead of bunching them at its centre.
  const distance = maxDegrees * Math.sqrt(random());
  return { dLat: distance * Math.sin(angle), dLon: distance * Math.cos(angle) };
}

/**
 * Where each article's marker goes: at its location, or, when other articles share its location
 * slug, spread by a random offset of up to 0.02° (SPEC §3) so the markers do not cover each other.
 * Articles without a location get no marker.
 */
export function markerPositions(articles: readonly ArticleSummary[]): Map<string, MarkerPosition> {
  const sharing = new Map<string, number>();
  for (const article of articles) {
    if (article.location) sharing.set(article.location.slug, (sharing.get(article.location.slug) ?? 0) + 1);
  }
  const positions = new Map<string, MarkerPosition>();
  for (const article of articles) {
    const { location } = article;
    if (!location) continue;
    if ((sharing.get(location.slug) ?? 0) < 2) {
      positions.set(article.id, { lat: location.lat, lon: location.lon });
      continue;
    }
    const { dLat, dLon } = overlapOffset(article.id);
    positions.set(article.id, { lat: location.lat + dLat, lon: location.lon + dLon });
  }
  return positions;
}
