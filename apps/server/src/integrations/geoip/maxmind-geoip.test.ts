import { beforeAll, describe, expect, it } from 'vitest';
import type { GeoIpLookup } from './geoip';
import { countryNameOf, openMaxmindGeoIp } from './maxmind-geoip';

// Well-known, long-lived public addresses, checked against the shipped databases. Only the
// country is asserted: cities and coordinates move between database releases.
const KNOWN_COUNTRIES = [
  ['8.8.8.8', 'US', 'United States'], // Google Public DNS
  ['193.99.144.80', 'DE', 'Germany'], // heise.de
  ['139.130.4.5', 'AU', 'Australia'], // Telstra name server
  ['81.2.69.142', 'GB', 'United Kingdom'], // MaxMind's own example address
  ['2001:4860:4860::8888', 'US', 'United States'], // Google Public DNS over IPv6
  ['2a02:2e0::1', 'DE', 'Germany'],
  ['::ffff:139.130.4.5', 'AU', 'Australia'],
] as const;

let geoIp: GeoIpLookup;

beforeAll(async () => {
  geoIp = await openMaxmindGeoIp();
});

describe('openMaxmindGeoIp', () => {
  it.each(KNOWN_COUNTRIES)('places %s in %s', (ip, countryCode, countryName) => {
    expect(geoIp.lookup(ip)).toMatchObject({ countryCode, countryName });
  });

  it('gives the city and coordinates when the database has them, rounded to 4 decimals', () => {
    const result = geoIp.lookup('81.2.69.142');
    expect(result?.city).toEqual(expect.any(String));
    expect(result?.lat).toBeGreaterThan(49);
    expect(result?.lat).toBeLessThan(61);
    expect(result?.lon).toBeGreaterThan(-9);
    expect(result?.lon).toBeLessThan(2);
    for (const value of [result?.lat, result?.lon]) {
      expect(Number(value?.toFixed(4))).toBe(value);
    }
  });

  it('leaves the city null, not empty, when the database knows only the country', () => {
    // The database places 8.8.8.8 at the centroid of the United States, with city ''.
    expect(geoIp.lookup('8.8.8.8')?.city).toBeNull();
  });

  it.each(['127.0.0.1', '10.0.0.1', '192.168.1.1', '100.64.0.1', '::1', 'fe80::1', 'fd00::1', '::ffff:10.0.0.1'])(
    'returns null for the private or loopback address %s',
    (ip) => {
      expect(geoIp.lookup(ip)).toBeNull();
    },
  );

  it.each(['', 'garbage', '1.2.3', '1.2.3.4.5', '300.1.1.1', 'zz::1', '2001:db8::1'])(
    'returns null, without throwing, for %j',
    (ip) => {
      expect(geoIp.lookup(ip)).toBeNull();
    },
  );

  it('rejects when a database file is missing', async () => {
    await expect(openMaxmindGeoIp({ ipv4Path: '/nonexistent/city-ipv4.mmdb' })).rejects.toThrow();
  });
});

describe('countryNameOf', () => {
  it('names countries in English and gives null for codes it does not know', () => {
    expect(countryNameOf('DE')).toBe('Germany');
    expect(countryNameOf('VN')).toBe('Vietnam');
    expect(countryNameOf('XX')).toBeNull();
    expect(countryNameOf('ZZ')).toBeNull();
    expect(countryNameOf('A1')).toBeNull();
  });
});
