import { describe, expect, it, vi } from 'vitest';
import { openMaxmindGeoIp } from '../../integrations/geoip/maxmind-geoip';
import { createStaticGeoIp } from '../../integrations/geoip/static-geoip';
import type { GeoIpLookup } from '../../integrations/geoip/geoip';
import { createGeoService } from './geo-service';

const BERLIN = { countryCode: 'DE', countryName: 'Germany', city: 'Berlin', lat: 52.5196, lon: 13.4069 };
const SOMEWHERE_IN_BRAZIL = { countryCode: 'BR', countryName: 'Brazil', city: null, lat: -22.8305, lon: -43.2192 };
const ONLY_A_CITY = { countryCode: null, countryName: null, city: 'Atlantis', lat: null, lon: null };

const geo = createGeoService({
  geoIp: createStaticGeoIp({ '1.1.1.1': BERLIN, '2.2.2.2': SOMEWHERE_IN_BRAZIL, '3.3.3.3': ONLY_A_CITY }),
});

describe('detectLocation', () => {
  it('labels a known city "City, Country" and gives its region', () => {
    expect(geo.detectLocation('1.1.1.1')).toEqual({ ipAddress: '1.1.1.1', label: 'Berlin, Germany', ...BERLIN, regionId: 11 });
  });

  it('labels a country-only result with the country', () => {
    expect(geo.detectLocation('2.2.2.2')).toMatchObject({ label: 'Brazil', city: null, regionId: 10 });
  });

  it('labels a result without a country with what it has', () => {
    expect(geo.detectLocation('3.3.3.3')).toMatchObject({ label: 'Atlantis', regionId: 0 });
  });

  it('gives an empty label, nulls and region 0 for an unknown address', () => {
    expect(geo.detectLocation('192.168.0.1')).toEqual({
      ipAddress: '192.168.0.1',
      label: '',
      countryCode: null,
      countryName: null,
      city: null,
      lat: null,
      lon: null,
      regionId: 0,
    });
  });

  it('falls back to unknown, and reports, when the lookup throws', () => {
    const onLookupError = vi.fn();
    const broken: GeoIpLookup = {
      lookup: () => {
        throw new Error('database gone');
      },
    };
    const service = createGeoService({ geoIp: broken, onLookupError });
    expect(service.detectLocation('8.8.8.8')).toMatchObject({ label: '', regionId: 0 });
    expect(service.detectRegion('8.8.8.8')).toEqual({ regionId: 0, countryCode: null });
    expect(onLookupError).toHaveBeenCalledWith(expect.any(Error), '8.8.8.8');
  });
});

describe('detectRegion', () => {
  it('gives the region and country of a known address', () => {
    expect(geo.detectRegion('1.1.1.1')).toEqual({ regionId: 11, countryCode: 'DE' });
    expect(geo.detectRegion('2.2.2.2')).toEqual({ regionId: 10, countryCode: 'BR' });
  });

  it('gives region 0 for an unknown address', () => {
    expect(geo.detectRegion('not an address')).toEqual({ regionId: 0, countryCode: null });
  });
});

describe('with the shipped databases', () => {
  it('detects real addresses end to end', async () => {
    const geoIp = await openMaxmindGeoIp();
    const service = createGeoService({ geoIp });
    expect(service.detectRegion('193.99.144.80')).toEqual({ regionId: 11, countryCode: 'DE' });
    expect(service.detectRegion('139.130.4.5')).toEqual({ regionId: 1, countryCode: 'AU' });
    expect(service.detectRegion('2001:4860:4860::8888')).toEqual({ regionId: 2, countryCode: 'US' });
    expect(service.detectLocation('8.8.8.8')).toMatchObject({ label: 'United States', countryName: 'United States' });
    expect(service.detectLocation('127.0.0.1')).toMatchObject({ label: '', regionId: 0 });
  });
});
