import { ArticleStatus, type AdminPlaylist, type AdminStory, type CollectionArticle } from '@newsreel/contracts';
import type { FetchHandler } from '../../../test/mock-fetch';
import { bodyOf } from './admin-api';
import { aiSummaryArticle, articleFixture, contentApi } from './content-api';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const list = <T,>(items: T[], total = items.length) => ({ items, page: 1, limit: 30, total });

export const morningPlaylist: AdminPlaylist = {
  id: id(801),
  externalId: 'morning-briefing',
  name: 'Morning briefing',
  description: 'The news to start the day',
  articleCount: 2,
  createdAt: '2026-11-01T07:00:00.000Z',
};

export const harbourStory: AdminStory = {
  id: id(901),
  slug: 'harbour-works',
  title: 'The harbour works',
  description: 'Six weeks of repairs',
  poster: 'https://media.example.com/harbour.jpg',
  articleCount: 2,
  published: true,
  publishedAt: '2026-11-20T09:00:00.000Z',
  createdAt: '2026-11-20T08:00:00.000Z',
};

/** Three articles: two in the collections, one (the bridge) only in the admin's article search. */
export const inPlaylist: CollectionArticle[] = [
  { id: id(411), slug: 'ferry-timetable', title: 'Ferry timetable changes', status: ArticleStatus.ACTIVE, live: true, publishedAt: '2026-11-24T09:00:00.000Z' },
  { id: id(412), slug: 'tram-line-opens', title: 'New tram line opens', status: ArticleStatus.SCHEDULED, live: false, publishedAt: null },
];

const bridge = articleFixture();

/**
 * The console's answers with a playlist and a story that hold two articles each: writes to their
 * articles change them as the API does (batch add at the end, remove, reorder) and answer them.
 */
export function collectionsApi(overrides: Record<string, FetchHandler> = {}): Record<string, FetchHandler> {
  const held: Record<string, CollectionArticle[]> = { [morningPlaylist.id]: [...inPlaylist], [harbourStory.id]: [...inPlaylist] };
  const answer = (key: string) => ({ items: held[key], total: held[key]!.length });
  const articles = (base: string, key: string): Record<string, FetchHandler> => ({
    [`GET ${base}/articles`]: () => answer(key),
    [`POST ${base}/articles/batch`]: ({ init }) => {
      const { articleIds } = bodyOf(init) as { articleIds: string[] };
      const known = [bridge, aiSummaryArticle];
      held[key] = [
        ...held[key]!,
        ...articleIds.map((articleId) => {
          const article = known.find((candidate) => candidate.id === articleId)!;
          return { id: article.id, slug: article.slug, title: article.title, status: article.status, live: article.live, publishedAt: article.publishedAt };
        }),
      ];
      return answer(key);
    },
    [`DELETE ${base}/articles`]: ({ init }) => {
      const { articleId } = bodyOf(init) as { articleId: string };
      held[key] = held[key]!.filter((article) => article.id !== articleId);
      return answer(key);
    },
    [`PUT ${base}/articles/order`]: ({ init }) => {
      const { articleIds } = bodyOf(init) as { articleIds: string[] };
      held[key] = articleIds.map((articleId) => held[key]!.find((article) => article.id === articleId)!);
      return answer(key);
    },
  });
  return contentApi({
    'GET /v1/admin/playlists': () => list([morningPlaylist]),
    [`GET /v1/admin/playlists/${morningPlaylist.id}`]: () => morningPlaylist,
    ...articles(`/v1/admin/playlists/${morningPlaylist.id}`, morningPlaylist.id),
    'GET /v1/admin/stories': () => list([harbourStory]),
    [`GET /v1/admin/stories/${harbourStory.id}`]: () => harbourStory,
    ...articles(`/v1/admin/stories/${harbourStory.id}`, harbourStory.id),
    ...overrides,
  });
}
