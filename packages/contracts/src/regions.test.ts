import { describe, it, expect } from 'vitest';
import {
  EURO_MEMBER_REGION_IDS,
  GLOBAL_REGION_ID,
  GROUPED_REGION_IDS,
  isRegionId,
  REGIONS,
  regionIdByCode,
} from './regions';

/** SPEC §3 "Region": the reference list of 22 entries, in id order. */
const SPEC_REGIONS: [id: number, code: string, name: string][] = [
  [0, 'GL', 'Global'],
  [1, 'AU', 'Australia'],
  [2, 'US', 'United States'],
  [3, 'UK', 'United Kingdom'],
  [4, 'EU', 'Europe'],
  [5, 'CA', 'Canada'],
  [6, 'SG', 'Singapore'],
  [7, 'IL', 'Israel'],
  [8, 'NZ', 'New Zealand'],
  [9, 'IN', 'India'],
  [10, 'SAM', 'South America'],
  [11, 'DE', 'Germany'],
  [12, 'SE', 'Sweden'],
  [13, 'ES', 'Spain'],
  [14, 'IT', 'Italy'],
  [15, 'CN', 'China'],
  [16, 'VN', 'Vietnam'],
  [17, 'FR', 'France'],
  [18, 'PT', 'Portugal'],
  [19, 'NL', 'Netherlands'],
  [20, 'BE', 'Belgium'],
  [21, 'AT', 'Austria'],
];

function regionIdByName(name: string): number | undefined {
  return REGIONS.find((region) => region.name === name)?.id;
}

describe('REGIONS (SPEC §3)', () => {
  it('has 22 entries', () => {
    expect(REGIONS).toHaveLength(22);
  });

  it('matches the SPEC table exactly, in id order', () => {
    expect(REGIONS).toEqual(SPEC_REGIONS.map(([id, code, name]) => ({ id, code, name })));
  });

  it.each(SPEC_REGIONS)('region %i is %s, %s', (id, code, name) => {
    expect(REGIONS[id]).toEqual({ id, code, name });
  });

  it('has each id equal to its position', () => {
    REGIONS.forEach((region, index) => expect(region.id).toBe(index));
  });

  it('has distinct codes and names', () => {
    expect(new Set(REGIONS.map((r) => r.code)).size).toBe(22);
    expect(new Set(REGIONS.map((r) => r.name)).size).toBe(22);
  });

  it('makes region 0 (GL) the global region', () => {
    expect(GLOBAL_REGION_ID).toBe(0);
    expect(REGIONS[GLOBAL_REGION_ID]).toEqual({ id: 0, code: 'GL', name: 'Global' });
  });
});

describe('regionIdByCode (SPEC §3 code → id lookup)', () => {
  it.each(SPEC_REGIONS)('maps id %i from code %s', (id, code) => {
    expect(regionIdByCode[code as keyof typeof regionIdByCode]).toBe(id);
  });

  it('holds the 22 codes and nothing else', () => {
    expect(Object.keys(regionIdByCode).sort()).toEqual(SPEC_REGIONS.map(([, code]) => code).sort());
  });

  it('has no entry for an unknown code', () => {
    expect((regionIdByCode as Record<string, number>)['XX']).toBeUndefined();
    expect((regionIdByCode as Record<string, number>)['gl']).toBeUndefined();
  });
});

describe('grouped regions (SPEC §3)', () => {
  it('are EU (4) and SAM (10) only', () => {
    expect(GROUPED_REGION_IDS).toEqual({ EU: 4, SAM: 10 });
  });

  it('agree with the region list', () => {
    expect(REGIONS[GROUPED_REGION_IDS.EU]).toMatchObject({ code: 'EU', name: 'Europe' });
    expect(REGIONS[GROUPED_REGION_IDS.SAM]).toMatchObject({ code: 'SAM', name: 'South America' });
    expect(regionIdByCode.EU).toBe(GROUPED_REGION_IDS.EU);
    expect(regionIdByCode.SAM).toBe(GROUPED_REGION_IDS.SAM);
  });
});

describe('euro member region ids (SPEC §3)', () => {
  const members = [
    'Austria',
    'Belgium',
    'Germany',
    'France',
    'Italy',
    'Netherlands',
    'Portugal',
    'Sweden',
  ];

  it('holds eight distinct ids', () => {
    expect(EURO_MEMBER_REGION_IDS).toHaveLength(8);
    expect(new Set(EURO_MEMBER_REGION_IDS).size).toBe(8);
  });

  it('are Austria, Belgium, Germany, France, Italy, Netherlands, Portugal and Sweden', () => {
    const expected = members.map(regionIdByName);
    expect(expected).not.toContain(undefined);
    expect([...EURO_MEMBER_REGION_IDS].sort((a, b) => a - b)).toEqual(
      (expected as number[]).sort((a, b) => a - b),
    );
  });

  it('are the ids 21, 20, 11, 17, 14, 19, 18, 12 (AT, BE, DE, FR, IT, NL, PT, SE)', () => {
    expect([...EURO_MEMBER_REGION_IDS].sort((a, b) => a - b)).toEqual([11, 12, 14, 17, 18, 19, 20, 21]);
    expect(EURO_MEMBER_REGION_IDS.map((id) => REGIONS[id].code).sort()).toEqual(
      ['AT', 'BE', 'DE', 'FR', 'IT', 'NL', 'PT', 'SE'].sort(),
    );
  });

  it('leave out the grouped regions and non-members such as Spain', () => {
    const ids: readonly number[] = EURO_MEMBER_REGION_IDS;
    expect(ids).not.toContain(GROUPED_REGION_IDS.EU);
    expect(ids).not.toContain(GROUPED_REGION_IDS.SAM);
    expect(ids).not.toContain(regionIdByCode.ES);
    expect(ids).not.toContain(regionIdByCode.UK);
  });
});

describe('isRegionId', () => {
  it('accepts every id from 0 to 21', () => {
    for (const [id] of SPEC_REGIONS) expect(isRegionId(id)).toBe(true);
  });

  it.each([-1, 22, 100, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects %s', (id) => {
    expect(isRegionId(id)).toBe(false);
  });
});
