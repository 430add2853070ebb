/**
 * Build-time settings, read and checked once. Vite inlines VITE_* values at build time;
 * see apps/web/.env.example for what each one means.
 */

function readBaseUrl(name: string, value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  if (!trimmed) return fallback;
  try {
    // Relative bases ('/api-proxy') are allowed; they resolve against the page's origin.
    new URL(trimmed, 'http://localhost');
  } catch {
    throw new Error(`${name} must be a URL or a path, got "${trimmed}"`);
  }
  return trimmed.replace(/\/+$/, '');
}

/** An absolute http(s) address, such as a store listing that a link or QR code opens as it is. */
function readAbsoluteUrl(name: string, value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  if (!trimmed) return fallback;
  let protocol = '';
  try {
    protocol = new URL(trimmed).protocol;
  } catch {
    // Not a URL at all: refused below, like any other scheme.
  }
  if (protocol !== 'https:' && protocol !== 'http:') {
    throw new Error(`${name} must be an absolute http(s) URL, got "${trimmed}"`);
  }
  return trimmed;
}

/** A Leaflet tile URL template: it must name the {z}, {x} and {y} of each tile. */
function readTileUrl(name: string, value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  if (!trimmed) return fallback;
  const missing = ['{z}', '{x}', '{y}'].filter((part) => !trimmed.includes(part));
  if (missing.length > 0) throw new Error(`${name} must contain ${missing.join(', ')}, got "${trimmed}"`);
  return trimmed;
}

const apiBaseUrl = readBaseUrl('VITE_API_URL', import.meta.env.VITE_API_URL, '');

/** OpenStreetMap's standard tiles (https://operations.osmfoundation.org/policies/tiles/). */
const OPENSTREETMAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const OPENSTREETMAP_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export const env = {
  apiBaseUrl,
  dataApiBaseUrl: readBaseUrl('VITE_DATA_API_URL', import.meta.env.VITE_DATA_API_URL, apiBaseUrl),
  siteUrl: readBaseUrl('VITE_SITE_URL', import.meta.env.VITE_SITE_URL, ''),
  /** Tiles of the local radar map. */
  mapTileUrl: readTileUrl('VITE_MAP_TILE_URL', import.meta.env.VITE_MAP_TILE_URL, OPENSTREETMAP_TILE_URL),
  /** Credit line the tile provider asks for (HTML). */
  mapAttribution: import.meta.env.VITE_MAP_ATTRIBUTION?.trim() || OPENSTREETMAP_ATTRIBUTION,
  /** The app's store listings; until it is listed, store searches for "Newsreel" (real pages that open). */
  appStoreUrl: readAbsoluteUrl('VITE_APP_STORE_URL', import.meta.env.VITE_APP_STORE_URL, 'https://apps.apple.com/us/iphone/search?term=Newsreel'),
  playStoreUrl: readAbsoluteUrl('VITE_PLAY_STORE_URL', import.meta.env.VITE_PLAY_STORE_URL, 'https://play.google.com/store/search?q=Newsreel&c=apps'),
  /** Sentry project for the error reporter; without one, reports go to the API (POST /v1/client-errors). */
  sentryDsn: import.meta.env.VITE_SENTRY_DSN?.trim() ?? '',
} as const;
