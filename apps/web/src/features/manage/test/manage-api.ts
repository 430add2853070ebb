import { AccountRole, type AccountUser, type MrssDraft, type MrssFeed } from '@newsreel/contracts';
import { readerUser } from '../../../test/account-fixtures';
import { shellApi } from '../../../test/api-fixtures';
import type { FetchHandler } from '../../../test/mock-fetch';
import { articleFixture, aiSummaryArticle, cityNews, harbourDaily, sport, transport } from '../../admin/test/content-api';

export { articleFixture, aiSummaryArticle, cityNews, harbourDaily, sport, transport };

/** An editor of Harbour Daily (a member) who also belongs to City News, working for Harbour Daily. */
export const editorUser: AccountUser = {
  ...readerUser,
  id: '7a1b2c3d-0000-4000-8000-0000000000ed',
  email: 'editor@example.com',
  name: 'Eddie Editor',
  publishers: [
    { id: harbourDaily.id, name: harbourDaily.name, role: AccountRole.MEMBER },
    { id: cityNews.id, name: cityNews.name, role: AccountRole.ADMIN },
  ],
  activePublisherId: harbourDaily.id,
};

const list = <T,>(items: T[], total = items.length) => ({ items, page: 1, limit: 30, total });

/** A draft the feed gave that can be imported as it is. */
export const cranesDraft: MrssDraft = {
  guid: 'harbour-cranes-2026',
  title: 'Harbour cranes return after a year of repairs & tests',
  description: 'The three container cranes at the north quay are working again after a year of repairs, and the port expects shorter queues.',
  link: 'https://harbour.example/video/cranes',
  publishedAt: '2026-11-26T08:30:00.000Z',
  language: 'en-gb',
  categories: ['Business', 'Transport'],
  keywords: ['port', 'cranes'],
  media: [
    { url: 'https://cdn.harbour.example/cranes-1080.mp4', kind: 'video', fileType: 'video/mp4', fileSize: 48211234, durationSeconds: 154.5, width: 1920, height: 1080, language: 'en' },
    { url: 'https://cdn.harbour.example/cranes.en.vtt', kind: 'transcript', fileType: 'text/vtt', fileSize: null, durationSeconds: null, width: null, height: null, language: 'en' },
  ],
  thumbnails: [{ url: 'https://cdn.harbour.example/cranes.jpg', width: 1280, height: 720 }],
  credits: [{ name: 'Mira Holt', role: 'reporter' }],
  copyright: '© Harbour Daily',
  problems: [],
};

/** A draft whose words are too short, and which has no video or audio file. */
export const shortDraft: MrssDraft = {
  ...cranesDraft,
  guid: null,
  title: 'Short',
  description: 'Too short.',
  categories: [],
  media: [{ url: 'https://cdn.harbour.example/photo.jpg', kind: 'image', fileType: 'image/jpeg', fileSize: 1200, durationSeconds: null, width: null, height: null, language: null }],
  thumbnails: [],
  credits: [],
  problems: ['title-too-short', 'description-too-short', 'no-playable-media'],
};

/** A draft with a video whose title is too short: it can be corrected and imported. */
export const fixableDraft: MrssDraft = { ...cranesDraft, guid: 'ferry', title: 'Ferry', categories: [], problems: ['title-too-short'] };

export const feedFixture: MrssFeed = {
  url: 'https://harbour.example/feed.xml',
  title: 'Harbour Daily video',
  link: 'https://harbour.example/video',
  description: 'The latest from the harbour',
  language: 'en-gb',
  items: [cranesDraft, shortDraft, fixableDraft],
};

/** The studio's API for the editor: Harbour Daily's articles, the reader's categories, a feed. */
export function manageApi(overrides: Record<string, FetchHandler> = {}, articles = [articleFixture(), aiSummaryArticle]): Record<string, FetchHandler> {
  return shellApi({
    'GET /v1/manage/articles': ({ url }) => {
      const status = url.searchParams.get('status');
      const matching = status === null ? articles : articles.filter((article) => String(article.status) === status);
      return list(matching);
    },
    'GET /v1/manage/articles/search': () => list(articles.slice(0, 1)),
    'GET /v1/categories': () => list([transport, sport]),
    'GET /v1/manage/mrss/load': () => feedFixture,
    ...overrides,
  });
}
