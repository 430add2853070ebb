import { describe, expect, it } from 'vitest';
import { EURO_MEMBER_REGION_IDS, GROUPED_REGION_IDS, REGIONS } from '@newsreel/contracts';
import { OTHER_EU_MEMBER_COUNTRIES, SOUTH_AMERICA_COUNTRIES, regionIdForCountry } from './country-regions';

const COUNTRY_OF_REGION: Record<number, string> = {
  1: 'AU', 2: 'US', 3: 'GB', 5: 'CA', 6: 'SG', 7: 'IL', 8: 'NZ', 9: 'IN', 11: 'DE', 12: 'SE',
  13: 'ES', 14: 'IT', 15: 'CN', 16: 'VN', 17: 'FR', 18: 'PT', 19: 'NL', 20: 'BE', 21: 'AT',
};

describe('regionIdForCountry', () => {
  it('reaches every single-country region from its country', () => {
    const singleCountryRegions = REGIONS.filter(
      (region) => region.id !== 0 && region.id !== GROUPED_REGION_IDS.EU && region.id !== GROUPED_REGION_IDS.SAM,
    );
    expect(singleCountryRegions).toHaveLength(19);
    for (const region of singleCountryRegions) {
      expect(regionIdForCountry(COUNTRY_OF_REGION[region.id]), region.code).toBe(region.id);
    }
  });

  it('gives the euro members with a region of their own that region, not Europe', () => {
    const ownRegions = ['AT', 'BE', 'DE', 'FR', 'IT', 'NL', 'PT', 'SE'].map(regionIdForCountry);
    expect(new Set(ownRegions)).toEqual(new Set(EURO_MEMBER_REGION_IDS));
  });

  it('puts the UK, its alias and the Crown dependencies in the United Kingdom', () => {
    for (const code of ['GB', 'UK', 'GG', 'JE', 'IM']) expect(regionIdForCountry(code), code).toBe(3);
  });

  it('puts the other EU members, the EEA and Switzerland in Europe', () => {
    // 27 members, of which AT, BE, DE, ES, FR, IT, NL, PT and SE have a region of their own.
    expect(OTHER_EU_MEMBER_COUNTRIES).toHaveLength(27 - 9);
    for (const code of [...OTHER_EU_MEMBER_COUNTRIES, 'NO', 'IS', 'LI', 'CH']) {
      expect(regionIdForCountry(code), code).toBe(4);
    }
  });

  it('puts South American countries in South America', () => {
    expect(regionIdForCountry('BR')).toBe(10);
    for (const code of SOUTH_AMERICA_COUNTRIES) expect(regionIdForCountry(code), code).toBe(10);
  });

  it('gives Global for other, unknown or missing countries', () => {
    for (const code of ['JP', 'MX', 'ZA', 'RU', 'TR', 'UA', 'GL', 'SAM', 'XX', '', '  ', 'Germany']) {
      expect(regionIdForCountry(code), code).toBe(0);
    }
    expect(regionIdForCountry(null)).toBe(0);
    expect(regionIdForCountry(undefined)).toBe(0);
  });

  it('ignores case and surrounding spaces', () => {
    expect(regionIdForCountry('de')).toBe(11);
    expect(regionIdForCountry('Gb')).toBe(3);
    expect(regionIdForCountry(' pl ')).toBe(4);
    expect(regionIdForCountry('br')).toBe(10);
  });
});
