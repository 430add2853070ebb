import { AccountRole, ArticleStatus, ReviewStatus, Territory, type AdminArticle, type AdminCategory, type AdminPublisher, type Category, type MemberUser, type Publisher } from '@newsreel/contracts';
import type { FetchHandler } from '../../../test/mock-fetch';
import { adminApi } from './admin-api';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const harbourDaily: Publisher = {
  id: id(501),
  slug: 'harbour-daily',
  name: 'Harbour Daily',
  description: 'News from the harbour',
  logoUrl: null,
  bannerUrl: null,
  defaultLanguage: 'en',
  defaultRegionId: 0,
  website: null,
  branding: {},
};

export const cityNews: Publisher = { ...harbourDaily, id: id(502), slug: 'city-news', name: 'City News' };

export const transport: Category = { id: id(601), slug: 'transport', name: 'Transport', description: '' };
export const sport: Category = { ...transport, id: id(602), slug: 'sport', name: 'Sport' };

/** An article awaiting review, written by its publisher, with a poster and a video. */
export function articleFixture(overrides: Partial<AdminArticle> = {}): AdminArticle {
  return {
    id: id(401),
    slug: 'harbour-bridge-reopens',
    title: 'Harbour bridge reopens after repairs',
    description: 'The harbour bridge reopened to traffic this morning after six weeks of repairs to its deck and cables.',
    summary: 'The bridge is open again.',
    summaryByAi: false,
    status: ArticleStatus.REVIEW,
    reviewStatus: ReviewStatus.AWAITING_REVIEW,
    reviewNote: null,
    live: false,
    territory: Territory.LOCAL,
    breaking: false,
    language: 'en',
    regionIds: [1],
    categories: [{ id: transport.id, name: transport.name, slug: transport.slug }],
    publisher: { id: harbourDaily.id, name: harbourDaily.name, slug: harbourDaily.slug },
    location: null,
    poster: '/media/401/poster.jpg',
    durationSeconds: 83,
    media: [{ id: '00000000-0000-4000-8000-000000000451', type: 1, source: 1, url: '/media/401/video.webm', fileType: 'video/webm', fileSize: 12_400_000, language: 'en', durationSeconds: 83 }],
    credits: [{ name: 'Ana Lopes', role: 'reporter' }],
    keywords: ['harbour', 'bridge'],
    copyright: null,
    sourceUrl: null,
    publishedAt: null,
    scheduledAt: null,
    reviewRequestedAt: '2026-11-26T07:00:00.000Z',
    createdAt: '2026-11-25T09:00:00.000Z',
    updatedAt: '2026-11-26T07:00:00.000Z',
    ...overrides,
  };
}

/** A second article in the queue, with a summary the AI wrote. */
export const aiSummaryArticle = articleFixture({
  id: id(402),
  slug: 'delhi-air-quality-best-autumn',
  title: 'Delhi air quality best in five autumns',
  summaryByAi: true,
  publisher: { id: cityNews.id, name: cityNews.name, slug: cityNews.slug },
  categories: [],
  reviewRequestedAt: '2026-11-26T09:00:00.000Z',
});

const list = <T,>(items: T[], total = items.length) => ({ items, page: 1, limit: 30, total });

/**
 * The console's answers (adminApi) with the content pages' reads: the queue and every article,
 * each article by id, and the publishers and categories the filters offer.
 */
export function contentApi(overrides: Record<string, FetchHandler> = {}, articles: AdminArticle[] = [articleFixture(), aiSummaryArticle]): Record<string, FetchHandler> {
  const byId = Object.fromEntries(articles.map((article) => [`GET /v1/admin/articles/${article.id}`, (() => article) as FetchHandler]));
  // The AI's work on each article (its page's AI section): none yet, and no translation provider.
  const aiWork = Object.fromEntries(
    articles.map((article) => [`GET /v1/admin/articles/${article.id}/ai`, (() => ({ articleId: article.id, translationProvider: null, summary: null, translations: [] })) as FetchHandler]),
  );
  // Each article's media assets (its page's media section): its media files, processed.
  const mediaAssets = Object.fromEntries(
    articles.map((article) => [
      `GET /v1/admin/articles/${article.id}/media-assets`,
      (() =>
        article.media.map((file, index) => ({
          ...file,
          id: `${article.id.slice(0, -4)}${String(9000 + index)}`,
          width: null,
          height: null,
          poster: null,
          processedAt: article.createdAt,
          processing: false,
          createdAt: article.createdAt,
        }))) as FetchHandler,
    ]),
  );
  return adminApi({
    'GET /v1/admin/articles': ({ url }) => {
      const review = url.searchParams.get('reviewStatus');
      const matching = review === null ? articles : articles.filter((article) => String(article.reviewStatus) === review);
      const limit = Number(url.searchParams.get('limit') ?? 30);
      return { ...list(matching.slice(0, limit), matching.length), limit };
    },
    'GET /v1/publishers': () => list([harbourDaily, cityNews]),
    'GET /v1/categories': () => list([transport, sport]),
    ...aiWork,
    ...mediaAssets,
    ...byId,
    ...overrides,
  });
}

/** The admin's categories: one in use, one not. */
export const adminTransport: AdminCategory = { ...transport, description: 'Roads, rail and ferries', articleCount: 12, createdAt: '2026-10-01T09:00:00.000Z' };
export const adminSport: AdminCategory = { ...sport, articleCount: 0, createdAt: '2026-10-02T09:00:00.000Z' };

/** A publisher with an admin and a member. */
export const adminHarbourDaily: AdminPublisher = {
  ...harbourDaily,
  website: 'https://harbour.example.com',
  branding: { primaryColour: '#0A84FF' },
  articleCount: 40,
  userCount: 2,
  createdAt: '2026-09-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
};

export const publisherAdmin: MemberUser = { userId: id(701), email: 'publisher@example.com', name: 'Pat Publisher', role: AccountRole.ADMIN, createdAt: '2026-09-02T09:00:00.000Z' };
export const publisherMember: MemberUser = { userId: id(702), email: 'editor@example.com', name: 'Eddie Editor', role: AccountRole.MEMBER, createdAt: '2026-09-03T09:00:00.000Z' };

/** The console's answers with the catalogue's: the categories, and the publisher with its users. */
export function catalogueApi(overrides: Record<string, FetchHandler> = {}): Record<string, FetchHandler> {
  return contentApi({
    'GET /v1/admin/categories': () => list([adminSport, adminTransport]),
    'GET /v1/admin/publishers': () => list([adminHarbourDaily]),
    [`GET /v1/admin/publishers/${adminHarbourDaily.id}`]: () => adminHarbourDaily,
    [`GET /v1/admin/publishers/${adminHarbourDaily.id}/users`]: () => list([publisherAdmin, publisherMember]),
    ...overrides,
  });
}
