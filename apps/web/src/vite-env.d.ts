/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the Newsreel API; empty means the same origin that serves the app. */
  readonly VITE_API_URL?: string;
  /** Base URL of the cached CDN copy of public reads; defaults to VITE_API_URL. */
  readonly VITE_DATA_API_URL?: string;
  /** Address of the full site that embedded pages link back to; derived from the host name when unset. */
  readonly VITE_SITE_URL?: string;
  /** The app's App Store listing (absolute URL); an App Store search for "Newsreel" when unset. */
  readonly VITE_APP_STORE_URL?: string;
  /** The app's Google Play listing (absolute URL); a Google Play search for "Newsreel" when unset. */
  readonly VITE_PLAY_STORE_URL?: string;
  /** Tile URL template of the local radar map ({z}/{x}/{y}); OpenStreetMap's standard tiles when unset. */
  readonly VITE_MAP_TILE_URL?: string;
  /** Attribution (HTML) shown on the map for its tiles; OpenStreetMap's when unset. */
  readonly VITE_MAP_ATTRIBUTION?: string;
  /** Sentry DSN of the web app's error reports; they go to the API's /v1/client-errors when unset. */
  readonly VITE_SENTRY_DSN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
