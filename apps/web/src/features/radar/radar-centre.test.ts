import { REGIONS } from '@newsreel/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_POINT, defaultRadiusFor, parseLatLon, REGION_MAP_POINTS, resolveRadarCentre, roundPosition } from './radar-centre';

const berlin = { ipAddress: '1.2.3.4', label: 'Berlin, Germany', lat: 52.52, lon: 13.405, regionId: 11 };
const unknown = { ipAddress: '127.0.0.1', label: '', lat: null, lon: null, regionId: 0 };

describe('resolveRadarCentre', () => {
  it('prefers the link, then the device, then the connection', () => {
    const link = { lat: 1, lon: 2 };
    const device = { lat: 3, lon: 4 };
    expect(resolveRadarCentre({ link, device, detected: berlin })).toEqual({ ...link, source: 'link' });
    expect(resolveRadarCentre({ device, detected: berlin })).toEqual({ ...device, source: 'device' });
    expect(resolveRadarCentre({ detected: berlin })).toEqual({ lat: 52.52, lon: 13.405, source: 'connection', label: 'Berlin, Germany' });
  });

  it("falls back to the detected region's map point, then a followed region's, then the default point", () => {
    expect(resolveRadarCentre({ detected: { ...unknown, regionId: 17 } })).toEqual({ ...REGION_MAP_POINTS[17], source: 'region', regionId: 17 });
    expect(resolveRadarCentre({ detected: unknown, regionIds: [0, 4] })).toEqual({ ...REGION_MAP_POINTS[4], source: 'region', regionId: 4 });
    expect(resolveRadarCentre({ detected: unknown, regionIds: [0] })).toEqual({ ...DEFAULT_MAP_POINT, source: 'default' });
    expect(resolveRadarCentre({})).toEqual({ ...DEFAULT_MAP_POINT, source: 'default' });
  });

  it('has a map point for every region but Global', () => {
    for (const region of REGIONS.filter((region) => region.id !== 0)) expect(REGION_MAP_POINTS[region.id], region.code).toBeDefined();
    expect(REGION_MAP_POINTS[0]).toBeUndefined();
  });

  it('searches 50 km around a known position and 500 km around a guessed one', () => {
    expect(defaultRadiusFor(resolveRadarCentre({ detected: berlin }))).toBe(50_000);
    expect(defaultRadiusFor(resolveRadarCentre({ link: { lat: 1, lon: 2 } }))).toBe(50_000);
    expect(defaultRadiusFor(resolveRadarCentre({ detected: { ...unknown, regionId: 17 } }))).toBe(500_000);
    expect(defaultRadiusFor(resolveRadarCentre({}))).toBe(500_000);
  });
});

describe('parseLatLon and roundPosition', () => {
  it('accepts valid coordinates only', () => {
    expect(parseLatLon('51.5074', '-0.1278')).toEqual({ lat: 51.5074, lon: -0.1278 });
    expect(parseLatLon('91', '0')).toBeUndefined();
    expect(parseLatLon('0', '181')).toBeUndefined();
    expect(parseLatLon('north', '0')).toBeUndefined();
    expect(parseLatLon(null, '0')).toBeUndefined();
  });

  it('rounds to about 100 m', () => {
    expect(roundPosition({ lat: 51.507_351, lon: -0.127_758 })).toEqual({ lat: 51.507, lon: -0.128 });
  });
});
