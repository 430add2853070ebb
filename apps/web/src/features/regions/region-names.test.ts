import { REGIONS } from '@newsreel/contracts';
import { describe, expect, it } from 'vitest';
import { i18n, SUPPORTED_LANGUAGES } from '../../lib/i18n';
import { regionNameKey, regionSectionOf, sectionRegions } from './region-names';
import { REFERENCE_REGIONS } from './api/get-regions';

type RegionsFile = { names: Record<string, string> };
const regionFiles = import.meta.glob<RegionsFile>('../../locales/*/regions.json', { eager: true, import: 'default' });
const namesIn = (language: string) => regionFiles[`../../locales/${language}/regions.json`]!.names;
const english = namesIn('en');

describe('region names', () => {
  it('name every region code in every language', () => {
    for (const { code: language } of SUPPORTED_LANGUAGES) {
      const names = namesIn(language);
      expect(Object.keys(names).sort(), language).toEqual(REGIONS.map((region) => region.code).sort());
      for (const region of REGIONS) expect(names[region.code]?.trim(), `${language} ${region.code}`).toBeTruthy();
    }
  });

  it('are in the English the API answers, for English readers', () => {
    for (const region of REGIONS) expect(english[region.code]).toBe(region.name);
  });

  it('are written in the language, not copied from English', () => {
    for (const language of ['zh', 'ar', 'he', 'fa', 'ur']) {
      for (const region of REGIONS) expect(namesIn(language)[region.code], `${language} ${region.code}`).not.toMatch(/[A-Za-z]/);
    }
    for (const language of ['es', 'fr', 'de', 'pt', 'it', 'nl', 'sv', 'vi']) {
      const names = namesIn(language);
      const translated = REGIONS.filter((region) => names[region.code] !== english[region.code]);
      expect(translated.length, language).toBeGreaterThanOrEqual(REGIONS.length / 2);
      // Global, Europe and South America are ours to write (Intl.DisplayNames has no such regions).
      expect(names.SAM, language).not.toBe(english.SAM);
    }
  });

  it('resolve through i18next in the reader’s language', async () => {
    await i18n.changeLanguage('de');
    expect(i18n.t(regionNameKey('DE'))).toBe('Deutschland');
    expect(i18n.t(regionNameKey('GL'))).toBe('Weltweit');
    await i18n.changeLanguage('ar');
    expect(i18n.t(regionNameKey('EU'))).toBe('أوروبا');
  });
});

describe('sectionRegions', () => {
  it('puts Global first, then the two groups, then the countries A–Z in the reader’s language', () => {
    const nameOf = (region: { code: string }) => namesIn('de')[region.code]!;
    const sections = sectionRegions(REFERENCE_REGIONS, nameOf, 'de');
    expect(sections.map(({ section }) => section)).toEqual(['global', 'groups', 'countries']);
    expect(sections[0]!.regions.map((region) => region.code)).toEqual(['GL']);
    expect(sections[1]!.regions.map((region) => region.code)).toEqual(['EU', 'SAM']);
    const countries = sections[2]!.regions.map(nameOf);
    expect(countries).toHaveLength(19);
    expect(countries.slice(0, 3)).toEqual(['Australien', 'Belgien', 'China']);
    expect(countries).toContain('Österreich');
  });

  it('knows the grouped regions from contracts even when the API does not mark them', () => {
    expect(regionSectionOf({ id: 4, grouped: false })).toBe('groups');
    expect(regionSectionOf({ id: 10, grouped: false })).toBe('groups');
    expect(regionSectionOf({ id: 0, grouped: false })).toBe('global');
    expect(regionSectionOf({ id: 11, grouped: false })).toBe('countries');
  });
});
