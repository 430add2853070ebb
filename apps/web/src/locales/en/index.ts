import type { ResourceKey } from 'i18next';

/**
 * The English section files, by path; one module, so the language loads in one request. It is
 * bundled with the app, so the sections that only lazily loaded pages read stay out of it and
 * come with those pages (lib/i18n.ts, loadEnglishSection).
 */
export default import.meta.glob<ResourceKey>(
  [
    './*.json',
    '!./accountPages.json',
    '!./admin.json',
    '!./adminAds.json',
    '!./adminAi.json',
    '!./adminCollections.json',
    '!./adminContent.json',
    '!./adminNotifications.json',
    '!./adminPeople.json',
    '!./adminPolls.json',
    '!./adminStatistics.json',
    '!./ai.json',
    '!./apiKeys.json',
    '!./appDownloadPage.json',
    '!./categories.json',
    '!./contact.json',
    '!./devices.json',
    '!./feedPages.json',
    '!./library.json',
    '!./manage.json',
    '!./meter.json',
    '!./navDrawer.json',
    '!./notFound.json',
    '!./notifications.json',
    '!./playlists.json',
    '!./poll.json',
    '!./publishers.json',
    '!./radar.json',
    '!./regionChooser.json',
    '!./searchResults.json',
    '!./share.json',
    '!./stories.json',
    '!./subscriptions.json',
    '!./tv.json',
    '!./vendor.json',
  ],
  { eager: true, import: 'default' },
);
