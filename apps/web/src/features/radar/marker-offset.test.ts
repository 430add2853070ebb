import { LOCATION_OVERLAP_OFFSET_DEG } from '@newsreel/contracts';
import { describe, expect, it } from 'vitest';
import { floodArticle } from '../../test/article-fixture';
import { markerPositions, overlapOffset } from './marker-offset';

const at = (id: string, slug: string, lat: number, lon: number) => ({
  ...floodArticle,
  id,
  location: { name: slug, slug, lat, lon },
});

const ids = Array.from({ length: 500 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`);

describe('overlapOffset', () => {
  it('stays within 0.02° (SPEC §3) for every article', () => {
    expect(LOCATION_OVERLAP_OFFSET_DEG).toBe(0.02);
    for (const id of ids) {
      const { dLat, dLon } = overlapOffset(id);
      expect(Math.hypot(dLat, dLon)).toBeLessThanOrEqual(0.02);
      expect(Math.abs(dLat)).toBeLessThanOrEqual(0.02);
      expect(Math.abs(dLon)).toBeLessThanOrEqual(0.02);
    }
  });

  it('is the same for the same article every time, and differs between articles', () => {
    expect(overlapOffset(ids[7]!)).toEqual(overlapOffset(ids[7]!));
    const distinct = new Set(ids.map((id) => JSON.stringify(overlapOffset(id))));
    expect(distinct.size).toBe(ids.length);
  });

  it('spreads over the whole disc, not along a line', () => {
    const offsets = ids.map((id) => overlapOffset(id));
    expect(offsets.some(({ dLat, dLon }) => dLat > 0.005 && dLon > 0.005)).toBe(true);
    expect(offsets.some(({ dLat, dLon }) => dLat < -0.005 && dLon < -0.005)).toBe(true);
    expect(Math.max(...offsets.map(({ dLat, dLon }) => Math.hypot(dLat, dLon)))).toBeGreaterThan(0.015);
  });
});

describe('markerPositions', () => {
  it('leaves a lone article at its location and spreads those that share a slug', () => {
    const lone = at('a', 'paris-fr', 48.8566, 2.3522);
    const first = at('b', 'london-gb', 51.5074, -0.1278);
    const second = at('c', 'london-gb', 51.5074, -0.1278);
    const positions = markerPositions([lone, first, second]);

    expect(positions.get('a')).toEqual({ lat: 48.8566, lon: 2.3522 });
    const [b, c] = [positions.get('b')!, positions.get('c')!];
    expect(b).not.toEqual(c);
    for (const position of [b, c]) {
      expect(position).not.toEqual({ lat: 51.5074, lon: -0.1278 });
      expect(Math.hypot(position.lat - 51.5074, position.lon + 0.1278)).toBeLessThanOrEqual(0.02 + 1e-12);
    }
  });

  it('gives the same positions on every render, whatever else is in the list', () => {
    const shared = [at('b', 'london-gb', 51.5074, -0.1278), at('c', 'london-gb', 51.5074, -0.1278)];
    const before = markerPositions(shared);
    const after = markerPositions([at('z', 'london-gb', 51.5074, -0.1278), ...shared]);
    expect(after.get('b')).toEqual(before.get('b'));
    expect(after.get('c')).toEqual(before.get('c'));
  });

  it('gives no marker to an article without a location', () => {
    expect(markerPositions([{ ...floodArticle, location: null }]).size).toBe(0);
  });
});
