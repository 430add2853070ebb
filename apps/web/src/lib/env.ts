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

const apiBaseUrl = readBaseUrl('VITE_API_URL', import.meta.env.VITE_API_URL, '');

export const env = {
  apiBaseUrl,
  dataApiBaseUrl: readBaseUrl('VITE_DATA_API_URL', import.meta.env.VITE_DATA_API_URL, apiBaseUrl),
  siteUrl: readBaseUrl('VITE_SITE_URL', import.meta.env.VITE_SITE_URL, ''),
} as const;
