import type { ArticleSummary, List, Story } from '@newsreel/contracts';

/** An article summary as the lists of the API answer it, numbered so each is distinct. */
export function articleSummary(n: number, overrides: Partial<ArticleSummary> = {}): ArticleSummary {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    slug: `report-${n}`,
    title: `Report number ${n} from the newsroom`,
    description: 'A short report from the newsroom about what happened today and what comes next for everyone.',
    territory: 3,
    breaking: false,
    language: 'en',
    regionIds: [0],
    location: null,
    publisher: { id: 'b7d9e1f2-3a4b-4c5d-8e9f-0a1b2c3d4e5f', name: 'Coast News', slug: 'coast-news' },
    categories: [],
    poster: null,
    mediafile: {
      type: 1,
      source: 1,
      url: `/media/report-${n}.webm`,
      fileType: 'video/webm',
      fileSize: 1000,
      language: 'en',
      durationSeconds: 30,
    },
    durationSeconds: 30,
    publishedAt: '2026-02-10T06:00:00.000Z',
    ...overrides,
  };
}

export function listOf<T>(items: T[], { page = 1, limit = 30, total = items.length }: { page?: number; limit?: number; total?: number } = {}): List<T> {
  return { items, page, limit, total };
}

export function story(n: number, overrides: Partial<Story> = {}): Story {
  return {
    id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    slug: `story-${n}`,
    title: `Story number ${n}`,
    description: 'Several reports that follow one subject from start to finish.',
    poster: null,
    articleCount: 3,
    publishedAt: '2026-02-10T06:00:00.000Z',
    ...overrides,
  };
}
