import { GLOBAL_REGION_ID, GROUPED_REGION_IDS, regionIdByCode, type RegionId } from '@newsreel/contracts';

/*
 * Which Newsreel region a visitor's country reads.
 *
 * - Countries with a region of their own map to it. GB is ISO's code for the United Kingdom
 *   (region code UK); UK itself is accepted too because some sources use it. The Crown
 *   dependencies (GG, JE, IM) are in the British Isles and in the British media market.
 * - Europe (EU) is the EU-centred feed, so it takes the single market: the other EU members, the
 *   EEA states (NO, IS, LI) and CH, which is in it through bilateral treaties; also the
 *   euro-using microstates, the European dependencies of members and of the UK, and the "EU"
 *   pseudo-code some geo sources use for "somewhere in Europe". Other European countries
 *   (Balkans, UA, TR, RU, ...) stay Global rather than get a feed that does not cover them.
 * - South America (SAM) follows geography, so FK and GF belong to it although they are British
 *   and French.
 * - Everything else, and any code we cannot read, is Global (0): SPEC §4, detection falls back to 0.
 */
const OWN_REGION_COUNTRIES: ReadonlyArray<readonly [string, RegionId]> = [
  ['AU', regionIdByCode.AU],
  ['US', regionIdByCode.US],
  ['GB', regionIdByCode.UK],
  ['UK', regionIdByCode.UK],
  ['GG', regionIdByCode.UK],
  ['JE', regionIdByCode.UK],
  ['IM', regionIdByCode.UK],
  ['CA', regionIdByCode.CA],
  ['SG', regionIdByCode.SG],
  ['IL', regionIdByCode.IL],
  ['NZ', regionIdByCode.NZ],
  ['IN', regionIdByCode.IN],
  ['DE', regionIdByCode.DE],
  ['SE', regionIdByCode.SE],
  ['ES', regionIdByCode.ES],
  ['IT', regionIdByCode.IT],
  ['CN', regionIdByCode.CN],
  ['VN', regionIdByCode.VN],
  ['FR', regionIdByCode.FR],
  ['PT', regionIdByCode.PT],
  ['NL', regionIdByCode.NL],
  ['BE', regionIdByCode.BE],
  ['AT', regionIdByCode.AT],
];

/** EU members without a region of their own. */
export const OTHER_EU_MEMBER_COUNTRIES = [
  'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'GR', 'HU', 'IE', 'LV', 'LT', 'LU', 'MT', 'PL', 'RO', 'SK', 'SI',
] as const;

const OTHER_EUROPE_COUNTRIES = [
  // EEA outside the EU, and Switzerland
  'NO', 'IS', 'LI', 'CH',
  // Euro-using microstates
  'AD', 'MC', 'SM', 'VA',
  // Åland (FI), Faroe Islands (DK), Svalbard and Jan Mayen (NO), Gibraltar (UK, on the continent)
  'AX', 'FO', 'SJ', 'GI',
  // "Europe", used by some geo sources when they know no more
  'EU',
] as const;

export const SOUTH_AMERICA_COUNTRIES = [
  'AR', 'BO', 'BR', 'CL', 'CO', 'EC', 'GY', 'PY', 'PE', 'SR', 'UY', 'VE', 'FK', 'GF',
] as const;

const REGION_BY_COUNTRY: ReadonlyMap<string, RegionId> = new Map<string, RegionId>([
  ...OWN_REGION_COUNTRIES,
  ...[...OTHER_EU_MEMBER_COUNTRIES, ...OTHER_EUROPE_COUNTRIES].map((code) => [code, GROUPED_REGION_IDS.EU] as const),
  ...SOUTH_AMERICA_COUNTRIES.map((code) => [code, GROUPED_REGION_IDS.SAM] as const),
]);

/** The region of an ISO 3166-1 alpha-2 country code, in any case; Global (0) when there is none. */
export function regionIdForCountry(countryCode: string | null | undefined): RegionId {
  if (!countryCode) return GLOBAL_REGION_ID;
  return REGION_BY_COUNTRY.get(countryCode.trim().toUpperCase()) ?? GLOBAL_REGION_ID;
}
