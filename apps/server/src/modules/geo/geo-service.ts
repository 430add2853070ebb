import type { DetectedLocation, RegionId } from '@newsreel/contracts';
import type { GeoIpLookup, GeoIpResult } from '../../integrations/geoip/geoip';
import { regionIdForCountry } from './country-regions';

export interface DetectedRegion {
  regionId: RegionId;
  countryCode: string | null;
}

export interface GeoService {
  /** Where an address is; all nulls, an empty label and region 0 when that is not known. */
  detectLocation(ip: string): DetectedLocation;
  /** The region an address reads; region 0 (Global) when the country is not known. */
  detectRegion(ip: string): DetectedRegion;
}

const UNKNOWN: GeoIpResult = { countryCode: null, countryName: null, city: null, lat: null, lon: null };

export interface GeoServiceDeps {
  geoIp: GeoIpLookup;
  /** Told about a lookup that threw, so it can be logged; the caller still gets "unknown". */
  onLookupError?: (error: unknown, ip: string) => void;
}

export function createGeoService({ geoIp, onLookupError }: GeoServiceDeps): GeoService {
  // SPEC §4: a failed detection falls back to region 0, so no lookup failure reaches the caller.
  function lookup(ip: string): GeoIpResult {
    try {
      return geoIp.lookup(ip) ?? UNKNOWN;
    } catch (error) {
      onLookupError?.(error, ip);
      return UNKNOWN;
    }
  }

  return {
    detectLocation(ip) {
      const found = lookup(ip);
      return {
        ipAddress: ip,
        label: [found.city, found.countryName].filter((part) => part !== null && part !== '').join(', '),
        countryCode: found.countryCode,
        countryName: found.countryName,
        city: found.city,
        lat: found.lat,
        lon: found.lon,
        regionId: regionIdForCountry(found.countryCode),
      };
    },

    detectRegion(ip) {
      const { countryCode } = lookup(ip);
      return { regionId: regionIdForCountry(countryCode), countryCode };
    },
  };
}
