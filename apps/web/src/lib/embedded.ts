import { EMBED_HOST_MARKER } from '@newsreel/contracts';

/** Embedded mode is on when the host name contains "embed" (SPEC §1), e.g. embed.newsreel.tv. */
export function isEmbeddedHost(hostname: string): boolean {
  return hostname.toLowerCase().includes(EMBED_HOST_MARKER);
}

/**
 * The full site's address for the page at `location`: VITE_SITE_URL when it is set, otherwise
 * the same address with the host-name labels that mark embedding taken out
 * (embed.newsreel.tv → newsreel.tv).
 */
export function fullSiteUrl(
  location: Pick<Location, 'protocol' | 'hostname' | 'port' | 'pathname' | 'search'>,
  configuredSiteUrl = '',
): string {
  const path = `${location.pathname}${location.search}`;
  if (configuredSiteUrl) return `${configuredSiteUrl.replace(/\/+$/, '')}${path}`;
  const labels = location.hostname.split('.');
  const remaining = labels.filter((label) => !label.toLowerCase().includes(EMBED_HOST_MARKER));
  const hostname = remaining.length > 0 ? remaining.join('.') : location.hostname;
  const port = location.port ? `:${location.port}` : '';
  return `${location.protocol}//${hostname}${port}${path}`;
}
