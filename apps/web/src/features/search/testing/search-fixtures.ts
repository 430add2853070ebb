import { PAGE_LIMIT, type Category, type Publisher, type SearchResponse, type Story } from '@newsreel/contracts';
import { floodArticle } from '../../../test/article-fixture';
import type { ArticleHit } from '../api/search';

/** An article hit as GET /v1/search answers it. */
export function articleHit(overrides: Partial<ArticleHit> = {}): ArticleHit {
  const { summary: _summary, media: _media, transcript: _transcript, ...summary } = floodArticle;
  return { ...summary, snippet: '<mark>Flood</mark> warnings along the coast', quote: null, ...overrides };
}

export const quoteHit = articleHit({
  id: '9a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
  title: 'Reef survey team records strong coral spawning',
  snippet: 'Divers said the water looked like an <mark>upside</mark>-down <mark>snowstorm</mark>',
  quote: { start: 83.4, end: 87, text: 'Divers said the water looked like an upside-down snowstorm.' },
});

export const story: Story = {
  id: 'd9a95130-23d5-40e3-94c7-a562bfdc8fed',
  slug: 'night-trains',
  title: "Europe's night trains make a comeback",
  description: 'Sleeper trains are returning across Europe.',
  poster: null,
  articleCount: 4,
  publishedAt: '2026-02-10T06:00:00.000Z',
};

export const publisher: Publisher = {
  id: 'b7d9e1f2-3a4b-4c5d-8e9f-0a1b2c3d4e5f',
  slug: 'coast-news',
  name: 'Coast News',
  description: 'News from the coast.',
  website: null,
  logoUrl: null,
  bannerUrl: null,
  defaultLanguage: 'en',
  defaultRegionId: 0,
  branding: { primaryColour: '#8E7CFF' },
};

export const category: Category = { id: 'c1d2e3f4-a5b6-4c7d-8e9f-a0b1c2d3e4f5', slug: 'weather', name: 'Weather', description: 'Storms, heat and rain.' };

const list = <T>(items: T[], { page = 1, total = items.length, limit = PAGE_LIMIT } = {}) => ({ items, page, limit, total });

/** A search answer; lists left out are empty. */
export function searchAnswer(
  q: string,
  lists: { articles?: ArticleHit[]; stories?: Story[]; publishers?: Publisher[]; categories?: Category[] } = {},
  { page = 1, articleTotal, limit = PAGE_LIMIT }: { page?: number; articleTotal?: number; limit?: number } = {},
): SearchResponse {
  return {
    q,
    articles: list(lists.articles ?? [], { page, total: articleTotal ?? lists.articles?.length ?? 0, limit }),
    stories: list(lists.stories ?? [], { page, limit }),
    publishers: list(lists.publishers ?? [], { page, limit }),
    categories: list(lists.categories ?? [], { page, limit }),
  };
}
