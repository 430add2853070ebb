import type { ResourceKey } from 'i18next';
import { DEFAULT_LANGUAGE, i18n, initI18n, TRANSLATION_NAMESPACE } from './i18n';

// English sections that only lazily loaded pages read come with those pages, not with the entry
// (locales/en/index.ts leaves them out); every other language's module holds all its sections.
// The lists here and in locales/en/index.ts are literals, as import.meta.glob needs them;
// lazy-strings.test.ts keeps them in step.
const lazyEnglishSections = import.meta.glob<ResourceKey>(
  [
    '../locales/en/accountPages.json',
    '../locales/en/admin.json',
    '../locales/en/adminAds.json',
    '../locales/en/adminAi.json',
    '../locales/en/adminCollections.json',
    '../locales/en/adminContent.json',
    '../locales/en/adminNotifications.json',
    '../locales/en/adminPeople.json',
    '../locales/en/adminPolls.json',
    '../locales/en/adminStatistics.json',
    '../locales/en/ai.json',
    '../locales/en/apiKeys.json',
    '../locales/en/appDownloadPage.json',
    '../locales/en/categories.json',
    '../locales/en/contact.json',
    '../locales/en/devices.json',
    '../locales/en/feedPages.json',
    '../locales/en/library.json',
    '../locales/en/manage.json',
    '../locales/en/meter.json',
    '../locales/en/navDrawer.json',
    '../locales/en/notFound.json',
    '../locales/en/notifications.json',
    '../locales/en/playlists.json',
    '../locales/en/poll.json',
    '../locales/en/publishers.json',
    '../locales/en/radar.json',
    '../locales/en/regionChooser.json',
    '../locales/en/searchResults.json',
    '../locales/en/share.json',
    '../locales/en/stories.json',
    '../locales/en/subscriptions.json',
    '../locales/en/tv.json',
    '../locales/en/vendor.json',
  ],
  { import: 'default' },
);
/** The sections above, by name. */
export const LAZY_ENGLISH_SECTIONS = [
  'accountPages',
  'admin',
  'adminAds',
  'adminAi',
  'adminCollections',
  'adminContent',
  'adminNotifications',
  'adminPeople',
  'adminPolls',
  'adminStatistics',
  'ai',
  'apiKeys',
  'appDownloadPage',
  'categories',
  'contact',
  'devices',
  'feedPages',
  'library',
  'manage',
  'meter',
  'navDrawer',
  'notFound',
  'notifications',
  'playlists',
  'poll',
  'publishers',
  'radar',
  'regionChooser',
  'searchResults',
  'share',
  'stories',
  'subscriptions',
  'tv',
  'vendor',
] as const;
export type LazyEnglishSection = (typeof LAZY_ENGLISH_SECTIONS)[number];
const loads = new Map<LazyEnglishSection, Promise<void>>();

/**
 * Adds a lazily loaded English section (to English and to the 'dev' fallback), once; the pages
 * that read it await this with their code, so they render with their strings.
 */
export function loadEnglishSection(section: LazyEnglishSection): Promise<void> {
  let loading = loads.get(section);
  if (!loading) {
    const load = lazyEnglishSections[`../locales/en/${section}.json`];
    if (!load) return Promise.reject(new Error(`No lazily loaded English section "${section}"`));
    loading = Promise.all([load(), initI18n()]).then(([resources]) => {
      for (const language of [DEFAULT_LANGUAGE, 'dev']) {
        i18n.addResourceBundle(language, TRANSLATION_NAMESPACE, { [section]: resources }, true, true);
      }
    });
    // A failed download is asked for again next time.
    loading.catch(() => loads.delete(section));
    loads.set(section, loading);
  }
  return loading;
}
