/** The 22 regions of SPEC §3, in id order. */
export const REGIONS = [
  { id: 0, code: 'GL', name: 'Global' },
  { id: 1, code: 'AU', name: 'Australia' },
  { id: 2, code: 'US', name: 'United States' },
  { id: 3, code: 'UK', name: 'United Kingdom' },
  { id: 4, code: 'EU', name: 'Europe' },
  { id: 5, code: 'CA', name: 'Canada' },
  { id: 6, code: 'SG', name: 'Singapore' },
  { id: 7, code: 'IL', name: 'Israel' },
  { id: 8, code: 'NZ', name: 'New Zealand' },
  { id: 9, code: 'IN', name: 'India' },
  { id: 10, code: 'SAM', name: 'South America' },
  { id: 11, code: 'DE', name: 'Germany' },
  { id: 12, code: 'SE', name: 'Sweden' },
  { id: 13, code: 'ES', name: 'Spain' },
  { id: 14, code: 'IT', name: 'Italy' },
  { id: 15, code: 'CN', name: 'China' },
  { id: 16, code: 'VN', name: 'Vietnam' },
  { id: 17, code: 'FR', name: 'France' },
  { id: 18, code: 'PT', name: 'Portugal' },
  { id: 19, code: 'NL', name: 'Netherlands' },
  { id: 20, code: 'BE', name: 'Belgium' },
  { id: 21, code: 'AT', name: 'Austria' },
] as const;

export type Region = (typeof REGIONS)[number];
export type RegionCode = Region['code'];
export type RegionId = Region['id'];

export const GLOBAL_REGION_ID = 0;

/** Region code → region id. */
export const regionIdByCode = Object.fromEntries(REGIONS.map((r) => [r.code, r.id])) as Record<
  RegionCode,
  RegionId
>;

/** The two regions that stand for a group of countries. */
export const GROUPED_REGION_IDS = { EU: 4, SAM: 10 } as const;

/** The eight euro-member countries with a region of their own: AT, BE, DE, FR, IT, NL, PT, SE. */
export const EURO_MEMBER_REGION_IDS = [21, 20, 11, 17, 14, 19, 18, 12] as const;

export function isRegionId(id: number): id is RegionId {
  return Number.isInteger(id) && id >= 0 && id < REGIONS.length;
}
