import type { Article } from '@newsreel/contracts';

/** An article as GET /v1/articles/:id answers it. */
export const floodArticle: Article = {
  id: '3f0b8c1e-8a4e-4c5e-9d7a-1c2b3d4e5f60',
  slug: 'flood-warnings-coast',
  title: 'Flood warnings along the coast',
  description: 'Rivers north of Brisbane are expected to peak overnight; residents in low-lying suburbs are told to prepare.',
  territory: 3,
  breaking: true,
  language: 'en',
  regionIds: [1],
  location: { name: 'Brisbane', slug: 'brisbane', lat: -27.47, lon: 153.02 },
  publisher: { id: 'b7d9e1f2-3a4b-4c5d-8e9f-0a1b2c3d4e5f', name: 'Coast News', slug: 'coast-news' },
  categories: [{ id: 'c1d2e3f4-a5b6-4c7d-8e9f-a0b1c2d3e4f5', name: 'Weather', slug: 'weather' }],
  poster: null,
  mediafile: null,
  durationSeconds: null,
  publishedAt: '2026-02-10T06:00:00.000Z',
  summary: '',
  media: [],
};
