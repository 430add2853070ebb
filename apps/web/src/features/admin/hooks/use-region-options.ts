import { REGIONS } from '@newsreel/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { regionSectionOf, useRegionName } from '../../regions/region-names';

export interface RegionOption {
  id: number;
  code: string;
  label: string;
}

/**
 * The regions of SPEC §3 (contracts' list), named in the reader's language: Global, then the
 * groups, then the countries alphabetically, as the reader's region chooser orders them.
 */
export function useRegionOptions(): { options: RegionOption[]; labelOf: (regionId: number) => string } {
  const { i18n } = useTranslation();
  const nameOf = useRegionName();
  const language = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => {
    const collator = new Intl.Collator(language);
    const rank = { global: 0, groups: 1, countries: 2 } as const;
    const options = REGIONS.map((region) => ({
      id: region.id as number,
      code: region.code as string,
      label: nameOf(region),
      rank: rank[regionSectionOf({ id: region.id, grouped: false })],
    }))
      .sort((a, b) => a.rank - b.rank || (a.rank === rank.countries ? collator.compare(a.label, b.label) : a.id - b.id))
      .map(({ id, code, label }) => ({ id, code, label }));
    const byId = new Map(options.map((option) => [option.id, option.label]));
    return { options, labelOf: (regionId: number) => byId.get(regionId) ?? String(regionId) };
  }, [language, nameOf]);
}
