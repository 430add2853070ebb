/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the Newsreel API; empty means the same origin that serves the app. */
  readonly VITE_API_URL?: string;
  /** Base URL of the cached CDN copy of public reads; defaults to VITE_API_URL. */
  readonly VITE_DATA_API_URL?: string;
  /** Address of the full site that embedded pages link back to; derived from the host name when unset. */
  readonly VITE_SITE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
