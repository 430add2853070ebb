import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import englishSections from '../locales/en';

/** The languages Newsreel is translated into, each named in its own language. */
export const SUPPORTED_LANGUAGES = [
  { code: 'en', nativeName: 'English' },
  { code: 'es', nativeName: 'Español' },
  { code: 'fr', nativeName: 'Français' },
  { code: 'de', nativeName: 'Deutsch' },
  { code: 'pt', nativeName: 'Português' },
  { code: 'it', nativeName: 'Italiano' },
  { code: 'nl', nativeName: 'Nederlands' },
  { code: 'sv', nativeName: 'Svenska' },
  { code: 'zh', nativeName: '中文' },
  { code: 'vi', nativeName: 'Tiếng Việt' },
  { code: 'ar', nativeName: 'العربية' },
  { code: 'he', nativeName: 'עברית' },
  { code: 'fa', nativeName: 'فارسی' },
  { code: 'ur', nativeName: 'اردو' },
] as const;

export type LanguageCode = (typeof SUPPORTED_LANGUAGES)[number]['code'];
export type TextDirection = 'ltr' | 'rtl';

export const DEFAULT_LANGUAGE: LanguageCode = 'en';
export const RTL_LANGUAGES: readonly LanguageCode[] = ['ar', 'he', 'fa', 'ur'];
export const TRANSLATION_NAMESPACE = 'translation';
/** Where the language detector remembers the chosen language. */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

const supportedCodes: readonly string[] = SUPPORTED_LANGUAGES.map((language) => language.code);

function baseLanguage(language: string): string {
  return language.toLowerCase().split(/[-_]/)[0] ?? '';
}

/** The supported language a code like 'pt-BR' falls under; English for anything else ('dev', 'cimode'). */
export function supportedLanguageOf(language: string | undefined): LanguageCode {
  const base = baseLanguage(language ?? '');
  return supportedCodes.includes(base) ? (base as LanguageCode) : DEFAULT_LANGUAGE;
}

export function directionOf(language: string | undefined): TextDirection {
  return (RTL_LANGUAGES as readonly string[]).includes(baseLanguage(language ?? '')) ? 'rtl' : 'ltr';
}

/**
 * Translations live in `locales/<language>/<section>.json`, one file per part of the product, so
 * each feature keeps its own strings; all of them form the one 'translation' namespace, each
 * file under its own name as the top-level key (`locales/en/article.json` → `article.*`).
 */
function sectionOf(filePath: string): string {
  return (filePath.split('/').pop() ?? '').replace(/\.json$/, '');
}

/** Joins one language's section files into its 'translation' resources. */
export function joinSections(files: Record<string, ResourceKey>): Record<string, ResourceKey> {
  return Object.fromEntries(Object.entries(files).map(([filePath, resources]) => [sectionOf(filePath), resources]));
}

// English is bundled: it is the fallback of every other language.
const englishTranslation = joinSections(englishSections);

// One module per language (`locales/<language>/index.ts`), fetched only when that language is used.
const lazySections = import.meta.glob<Record<string, ResourceKey>>(['../locales/*/index.ts', '!../locales/en/index.ts'], {
  import: 'default',
});

async function loadTranslation(language: string): Promise<Record<string, ResourceKey>> {
  const load = lazySections[`../locales/${language}/index.ts`];
  if (!load) throw new Error(`No translation resources for language "${language}"`);
  return joinSections(await load());
}

const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    if (namespace !== TRANSLATION_NAMESPACE) {
      callback(new Error(`No ${namespace} resources for language "${language}"`), false);
      return;
    }
    loadTranslation(language).then(
      (resources) => callback(null, resources),
      (error: unknown) => callback(error instanceof Error ? error : String(error), false),
    );
  },
};

function applyDocumentLanguage(language: string): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.lang = language === 'cimode' || language === 'dev' ? DEFAULT_LANGUAGE : language;
  root.dir = directionOf(language);
}

let initialising: Promise<void> | undefined;

/**
 * Starts i18next once: namespace 'translation', fallback 'dev' (which resolves to English),
 * language from ?lng=, then the remembered choice, then the browser. Resolves when the
 * detected language's resources are loaded, so the first render is already translated.
 */
export function initI18n(): Promise<void> {
  initialising ??= (async () => {
    i18n.on('languageChanged', applyDocumentLanguage);
    await i18n
      .use(lazyLocaleBackend)
      .use(LanguageDetector)
      .use(initReactI18next)
      .init({
        ns: [TRANSLATION_NAMESPACE],
        defaultNS: TRANSLATION_NAMESPACE,
        fallbackLng: 'dev',
        supportedLngs: [...supportedCodes, 'dev'],
        load: 'languageOnly',
        resources: {
          en: { [TRANSLATION_NAMESPACE]: englishTranslation },
          dev: { [TRANSLATION_NAMESPACE]: englishTranslation },
        },
        // The bundled English is only part of the set; the backend loads the others on demand.
        partialBundledLanguages: true,
        interpolation: { escapeValue: false },
        returnNull: false,
        detection: {
          order: ['querystring', 'localStorage', 'navigator'],
          lookupQuerystring: 'lng',
          lookupLocalStorage: LANGUAGE_STORAGE_KEY,
          caches: ['localStorage'],
          excludeCacheFor: ['cimode', 'dev'],
        },
      });
    applyDocumentLanguage(i18n.resolvedLanguage ?? i18n.language);
  })();
  return initialising;
}

/** Switches the interface language; the detector remembers it and the document direction follows. */
export async function changeLanguage(language: LanguageCode | 'cimode'): Promise<void> {
  await i18n.changeLanguage(language);
}

export { i18n };
