import { describe, expect, it } from 'vitest';
import { directionOf, i18n, joinSections, RTL_LANGUAGES, SUPPORTED_LANGUAGES, supportedLanguageOf } from './i18n';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}${key}`, value]] : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}

const sectionFiles = import.meta.glob<Tree>('../locales/*/*.json', { eager: true, import: 'default' });
const localeCodes = [...new Set(Object.keys(sectionFiles).map((path) => path.split('/')[2]))];
const readTranslation = (code: string) =>
  flatten(
    joinSections(
      Object.fromEntries(Object.entries(sectionFiles).filter(([path]) => path.split('/')[2] === code)),
    ) as Tree,
  );

describe('i18n', () => {
  it('has a translation file for exactly the supported languages', () => {
    expect(localeCodes.sort()).toEqual(SUPPORTED_LANGUAGES.map((language) => language.code).sort());
  });

  it('translates every English string, keeping its placeholders', () => {
    const english = readTranslation('en');
    for (const { code } of SUPPORTED_LANGUAGES.filter((language) => language.code !== 'en')) {
      const translation = readTranslation(code);
      expect(Object.keys(translation).sort(), code).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(english)) {
        const placeholders = (value: string) => (value.match(/{{\w+}}/g) ?? []).sort();
        expect(placeholders(translation[key] ?? ''), `${code} ${key}`).toEqual(placeholders(text));
      }
      // A copy of the English file is not a translation. A string of one word at most besides its
      // placeholders may rightly read the same ('CSV', 'Clip {{number}}', French 'Question {{number}}').
      const wordsOf = (text: string) => text.replace(/{{\w+}}/g, '').match(/\p{L}+/gu) ?? [];
      const same = Object.entries(english).filter(([key, text]) => translation[key] === text && wordsOf(text).length > 1);
      expect(same.length, `${code} strings left in English: ${same.map(([key]) => key).join(', ')}`).toBeLessThan(3);
    }
  });

  it('is right-to-left for Arabic, Hebrew, Persian and Urdu only', () => {
    expect(RTL_LANGUAGES).toEqual(['ar', 'he', 'fa', 'ur']);
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('fa-IR')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
    expect(directionOf('zh')).toBe('ltr');
  });

  it("resolves the 'dev' fallback to English and shows keys in 'cimode'", async () => {
    expect(i18n.t('common.close', { lng: 'dev' })).toBe('Close');
    await i18n.changeLanguage('cimode');
    expect(i18n.t('common.close')).toBe('common.close');
    expect(supportedLanguageOf('cimode')).toBe('en');
    expect(supportedLanguageOf('pt-BR')).toBe('pt');
  });
});
