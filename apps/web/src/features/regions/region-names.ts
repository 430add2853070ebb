import { GROUPED_REGION_IDS, GLOBAL_REGION_ID, type RegionResponse } from '@newsreel/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** What naming a region needs: its code, and the API's English name for a code we have no translation of. */
export type NamedRegion = Pick<RegionResponse, 'code' | 'name'>;

/**
 * The translation key of a region's name. The API answers English names; the reader sees them
 * in their own language from regions.json (country names as CLDR writes them, the same source
 * Intl.DisplayNames uses, with Global, Europe and South America written for us).
 */
export function regionNameKey(code: string): string {
  return `regions.names.${code}`;
}

/** A function that names a region in the reader's language. */
export function useRegionName(): (region: NamedRegion) => string {
  const { t } = useTranslation();
  return useCallback((region: NamedRegion) => t(regionNameKey(region.code), { defaultValue: region.name }), [t]);
}

export type RegionSection = 'global' | 'groups' | 'countries';

const groupedIds: readonly number[] = Object.values(GROUPED_REGION_IDS);

export function regionSectionOf(region: Pick<RegionResponse, 'id' | 'grouped'>): RegionSection {
  if (region.id === GLOBAL_REGION_ID) return 'global';
  return region.grouped || groupedIds.includes(region.id) ? 'groups' : 'countries';
}

/**
 * The chooser's sections in order: Global, then the groups of countries (Europe, South America),
 * then single countries alphabetically in the reader's language.
 */
export function sectionRegions<T extends RegionResponse>(
  regions: readonly T[],
  nameOf: (region: T) => string,
  language: string,
): { section: RegionSection; regions: T[] }[] {
  const collator = new Intl.Collator(language);
  const sections: RegionSection[] = ['global', 'groups', 'countries'];
  return sections
    .map((section) => ({
      section,
      regions: regions
        .filter((region) => regionSectionOf(region) === section)
        .sort((a, b) => (section === 'countries' ? collator.compare(nameOf(a), nameOf(b)) : a.id - b.id)),
    }))
    .filter(({ regions: inSection }) => inSection.length > 0);
}
