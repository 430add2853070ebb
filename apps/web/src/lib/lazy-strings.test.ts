import type { ResourceKey } from 'i18next';
import { describe, expect, it } from 'vitest';
import englishSections from '../locales/en';
import { i18n, joinSections } from './i18n';
import { LAZY_ENGLISH_SECTIONS, loadEnglishSection } from './lazy-strings';

const sectionOf = (filePath: string) => (filePath.split('/').pop() ?? '').replace(/\.json$/, '');
const englishFiles = import.meta.glob<ResourceKey>('../locales/en/*.json', { import: 'default' });
const bundled = Object.keys(joinSections(englishSections));

/** A key of the section that holds a string (its first one, depth first). */
function firstKeyOf(resources: ResourceKey, prefix: string): string {
  if (typeof resources === 'string') return prefix;
  const [key, value] = Object.entries(resources as Record<string, ResourceKey>)[0] ?? [];
  if (key === undefined) throw new Error(`${prefix} is empty`);
  return firstKeyOf(value as ResourceKey, `${prefix}.${key}`);
}

describe('the English sections', () => {
  it('are each either bundled with the app or loaded with the pages that read them, never both', () => {
    const every = Object.keys(englishFiles).map(sectionOf).sort();
    expect([...bundled, ...LAZY_ENGLISH_SECTIONS].sort()).toEqual(every);
  });

  it('that load lazily add their strings to English and to its fallback', async () => {
    for (const section of LAZY_ENGLISH_SECTIONS) {
      const resources = await (englishFiles[`../locales/en/${section}.json`] as () => Promise<ResourceKey>)();
      const key = firstKeyOf(resources, section);
      await loadEnglishSection(section);
      expect(i18n.exists(key, { lng: 'en' }), key).toBe(true);
      expect(i18n.exists(key, { lng: 'dev' }), key).toBe(true);
    }
  });
});
