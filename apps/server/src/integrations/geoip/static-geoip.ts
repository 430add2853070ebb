import type { GeoIpLookup, GeoIpResult } from './geoip';

/** An in-memory lookup for tests and for running without the databases: exact addresses only. */
export function createStaticGeoIp(entries: Record<string, GeoIpResult> = {}): GeoIpLookup {
  const results = new Map(Object.entries(entries));
  return {
    lookup: (ip) => results.get(ip.trim()) ?? null,
  };
}
