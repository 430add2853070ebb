import { ArticleStatus, MediaSource, MediaType, Territory, type TranscriptCue } from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';

/**
 * A small, known content world for the API tests.
 *
 * Public articles, newest first (hours before `now`):
 *
 * | key         | h | publisher | categories       | lang | regions  | territory | breaking | location             | media              |
 * |-------------|---|-----------|------------------|------|----------|-----------|----------|----------------------|--------------------|
 * | berlin      | 1 | spree     | politics         | en   | 11, 4    | LOCAL     | yes      | Berlin (berlin)      | video, audio, image |
 * | potsdam     | 2 | spree     | science          | de   | 11       | STATE     | no       | Potsdam (potsdam)    | audio, image       |
 * | hamburg     | 3 | atlantic  | sport            | en   | 11, 4    | NATIONAL  | no       | Hamburg (hamburg)    | video, audio, image |
 * | lisbon      | 4 | atlantic  | politics,science | en   | 18, 4    | GLOBAL    | yes      | Lisbon (lisbon)      | audio, image       |
 * | berlinMitte | 5 | atlantic  | sport            | de   | 11       | LOCAL     | no       | Berlin-Mitte (berlin)| audio, image       |
 * | global      | 6 | spree     | science          | en   | 0        | NONE      | no       | none                 | audio, image       |
 *
 * Never public, though each would match almost every filter (breaking, Berlin, region 11 and 4,
 * English, politics): `pending` (status 0, published 30 minutes ago) and `scheduled` (status 1,
 * published tomorrow).
 *
 * Transcripts: English for every article; `hamburg` also has a German one.
 * Story `election-week`: hamburg, berlin, lisbon (in that order).
 * Playlist `morning-briefing`: lisbon, potsdam, berlin (in that order).
 */
export const PUBLIC_ARTICLE_KEYS = ['berlin', 'potsdam', 'hamburg', 'lisbon', 'berlinMitte', 'global'] as const;
export const HIDDEN_ARTICLE_KEYS = ['pending', 'scheduled'] as const;
export type PublicArticleKey = (typeof PUBLIC_ARTICLE_KEYS)[number];
export type ArticleKey = PublicArticleKey | (typeof HIDDEN_ARTICLE_KEYS)[number];

export const LOCATIONS = {
  berlin: { name: 'Berlin', slug: 'berlin', lat: 52.52, lon: 13.405 },
  berlinMitte: { name: 'Berlin-Mitte', slug: 'berlin', lat: 52.5205, lon: 13.4095 },
  potsdam: { name: 'Potsdam', slug: 'potsdam', lat: 52.39, lon: 13.065 },
  hamburg: { name: 'Hamburg', slug: 'hamburg', lat: 53.55, lon: 9.99 },
  lisbon: { name: 'Lisbon', slug: 'lisbon', lat: 38.72, lon: -9.14 },
} as const;

export const PUBLISHER_BRANDING = {
  spree: { primaryColor: '#ffcc00', backgroundColor: '#101010', logoPosition: 'left' },
  atlantic: { primaryColor: 'rgb(0, 120, 255)', backgroundColor: 'hsl(210, 40%, 10%)' },
} as const;

export const PLAYLIST_EXTERNAL_ID = 'morning-briefing';
export const STORY_ORDER: PublicArticleKey[] = ['hamburg', 'berlin', 'lisbon'];
export const PLAYLIST_ORDER: PublicArticleKey[] = ['lisbon', 'potsdam', 'berlin'];

export interface ContentFixture {
  now: Date;
  publishers: { spree: string; atlantic: string };
  categories: { politics: string; science: string; sport: string };
  articles: Record<ArticleKey, string>;
  /** Public article ids, newest first. */
  publicIds: string[];
  story: string;
  playlist: string;
}

const HOUR_MS = 3_600_000;

interface ArticleSeed {
  key: ArticleKey;
  title: string;
  publisher: 'spree' | 'atlantic';
  categories: ('politics' | 'science' | 'sport')[];
  language: string;
  regionIds: number[];
  territory: number;
  breaking: boolean;
  location: { name: string; slug: string; lat: number; lon: number } | null;
  hoursAgo: number;
  status: number;
  video: boolean;
}

const ARTICLES: ArticleSeed[] = [
  {
    key: 'berlin',
    title: 'Berlin city hall votes on the new budget',
    publisher: 'spree',
    categories: ['politics'],
    language: 'en',
    regionIds: [11, 4],
    territory: Territory.LOCAL,
    breaking: true,
    location: LOCATIONS.berlin,
    hoursAgo: 1,
    status: ArticleStatus.ACTIVE,
    video: true,
  },
  {
    key: 'potsdam',
    title: 'Potsdamer Forscher messen den Klimawandel',
    publisher: 'spree',
    categories: ['science'],
    language: 'de',
    regionIds: [11],
    territory: Territory.STATE,
    breaking: false,
    location: LOCATIONS.potsdam,
    hoursAgo: 2,
    status: ArticleStatus.ACTIVE,
    video: false,
  },
  {
    key: 'hamburg',
    title: 'Hamburg harbour hosts the sailing final',
    publisher: 'atlantic',
    categories: ['sport'],
    language: 'en',
    regionIds: [11, 4],
    territory: Territory.NATIONAL,
    breaking: false,
    location: LOCATIONS.hamburg,
    hoursAgo: 3,
    status: ArticleStatus.ACTIVE,
    video: true,
  },
  {
    key: 'lisbon',
    title: 'Lisbon summit agrees on ocean research funds',
    publisher: 'atlantic',
    categories: ['politics', 'science'],
    language: 'en',
    regionIds: [18, 4],
    territory: Territory.GLOBAL,
    breaking: true,
    location: LOCATIONS.lisbon,
    hoursAgo: 4,
    status: ArticleStatus.ACTIVE,
    video: false,
  },
  {
    key: 'berlinMitte',
    title: 'Hertha feiert den Aufstieg in Berlin-Mitte',
    publisher: 'atlantic',
    categories: ['sport'],
    language: 'de',
    regionIds: [11],
    territory: Territory.LOCAL,
    breaking: false,
    location: LOCATIONS.berlinMitte,
    hoursAgo: 5,
    status: ArticleStatus.ACTIVE,
    video: false,
  },
  {
    key: 'global',
    title: 'Astronomers map a thousand new exoplanets',
    publisher: 'spree',
    categories: ['science'],
    language: 'en',
    regionIds: [0],
    territory: Territory.NONE,
    breaking: false,
    location: null,
    hoursAgo: 6,
    status: ArticleStatus.ACTIVE,
    video: false,
  },
  {
    key: 'pending',
    title: 'Pending: an unreviewed report from Berlin',
    publisher: 'spree',
    categories: ['politics'],
    language: 'en',
    regionIds: [11, 4, 0],
    territory: Territory.LOCAL,
    breaking: true,
    location: LOCATIONS.berlin,
    hoursAgo: 0.5,
    status: ArticleStatus.PENDING,
    video: true,
  },
  {
    key: 'scheduled',
    title: 'Scheduled: tomorrow’s embargoed Berlin story',
    publisher: 'atlantic',
    categories: ['politics'],
    language: 'en',
    regionIds: [11, 4, 0],
    territory: Territory.LOCAL,
    breaking: true,
    location: LOCATIONS.berlin,
    hoursAgo: -24,
    status: ArticleStatus.ACTIVE,
    video: true,
  },
];

/** English transcript cues of an article. */
export function englishCues(title: string): TranscriptCue[] {
  return [
    { start: 0, end: 2.5, text: `Good evening. ${title}.` },
    { start: 2.5, end: 6, text: 'Our reporter has the details.' },
  ];
}

export const GERMAN_CUES: TranscriptCue[] = [
  { start: 0, end: 2.5, text: 'Guten Abend. Der Hamburger Hafen richtet das Segelfinale aus.' },
  { start: 2.5, end: 6, text: 'Unser Reporter hat die Einzelheiten.' },
];

function slugOf(key: string): string {
  return `fixture-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

function descriptionOf(title: string): string {
  return `${title}. A short test report with enough words to pass the fifty character minimum.`;
}

/** Inserts the fixture through Kysely and answers the ids. */
export async function seedContentFixture(db: Kysely<Database>, now = new Date()): Promise<ContentFixture> {
  return db.transaction().execute(async (trx) => {
    const publishers = {
      spree: (
        await trx
          .insertInto('publishers')
          .values({
            slug: 'spree-daily',
            name: 'Spree Daily',
            description: 'News from Berlin and Brandenburg.',
            website: 'https://spree-daily.example',
            logo_url: 'https://cdn.example/spree-daily.png',
            branding: JSON.stringify(PUBLISHER_BRANDING.spree),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
      atlantic: (
        await trx
          .insertInto('publishers')
          .values({
            slug: 'atlantic-wire',
            name: 'Atlantic Wire',
            description: 'Ports, oceans and the people around them.',
            website: null,
            logo_url: null,
            branding: JSON.stringify(PUBLISHER_BRANDING.atlantic),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    };

    const categoryRows = await trx
      .insertInto('categories')
      .values([
        { slug: 'sport', name: 'Sport', description: 'Games and the people who play them.' },
        { slug: 'politics', name: 'Politics', description: 'Councils, parliaments and elections.' },
        { slug: 'science', name: 'Science', description: 'Research and discovery.' },
      ])
      .returning(['id', 'slug'])
      .execute();
    const categoryId = (slug: string) => categoryRows.find((row) => row.slug === slug)!.id;
    const categories = { politics: categoryId('politics'), science: categoryId('science'), sport: categoryId('sport') };

    const articles = {} as Record<ArticleKey, string>;
    for (const seed of ARTICLES) {
      const media = `https://media.example/${slugOf(seed.key)}`;
      const { id } = await trx
        .insertInto('articles')
        .values({
          slug: slugOf(seed.key),
          title: seed.title,
          description: descriptionOf(seed.title),
          summary: `Summary of ${seed.title}.`,
          status: seed.status,
          territory: seed.territory,
          breaking: seed.breaking,
          language: seed.language,
          publisher_id: publishers[seed.publisher],
          category_ids: seed.categories.map((slug) => categories[slug]),
          region_ids: seed.regionIds,
          location_name: seed.location?.name ?? null,
          location_slug: seed.location?.slug ?? null,
          lat: seed.location?.lat ?? null,
          lon: seed.location?.lon ?? null,
          poster_url: `${media}/poster.jpg`,
          duration_seconds: 6,
          published_at: new Date(now.getTime() - seed.hoursAgo * HOUR_MS),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      articles[seed.key] = id;

      await trx
        .insertInto('media_assets')
        .values([
          ...(seed.video
            ? [{ type: MediaType.VIDEO, url: `${media}/video.webm`, file_type: 'video/webm', file_size: 2_000_000, language: seed.language, duration_seconds: 6 }]
            : []),
          { type: MediaType.AUDIO, url: `${media}/audio.mp3`, file_type: 'audio/mpeg', file_size: 100_000, language: seed.language, duration_seconds: 6 },
          { type: MediaType.IMAGE, url: `${media}/poster.jpg`, file_type: 'image/jpeg', file_size: null, language: null, duration_seconds: null },
        ].map((asset) => ({ ...asset, article_id: id, story_id: null, source: MediaSource.MEDIA_STORE })))
        .execute();

      await trx
        .insertInto('transcripts')
        .values({ article_id: id, language: 'en', cues: JSON.stringify(englishCues(seed.title)) })
        .execute();
      if (seed.key === 'hamburg') {
        await trx.insertInto('transcripts').values({ article_id: id, language: 'de', cues: JSON.stringify(GERMAN_CUES) }).execute();
      }
    }

    const story = (
      await trx
        .insertInto('stories')
        .values({
          slug: 'election-week',
          title: 'Election week in the north',
          description: 'Budgets, harbours and summits: the week in three reports.',
          poster_url: 'https://media.example/stories/election-week.jpg',
          published_at: new Date(now.getTime() - 2 * HOUR_MS),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await trx
      .insertInto('story_articles')
      .values(STORY_ORDER.map((key, position) => ({ story_id: story, article_id: articles[key], position: position * 10 })))
      .execute();

    const playlist = (
      await trx
        .insertInto('playlists')
        .values({ external_id: PLAYLIST_EXTERNAL_ID, name: 'Morning briefing', description: 'Three reports to start the day.' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await trx
      .insertInto('playlist_articles')
      .values(PLAYLIST_ORDER.map((key, position) => ({ playlist_id: playlist, article_id: articles[key], position: position * 10 })))
      .execute();

    return {
      now,
      publishers,
      categories,
      articles,
      publicIds: PUBLIC_ARTICLE_KEYS.map((key) => articles[key]),
      story,
      playlist,
    };
  });
}
