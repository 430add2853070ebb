import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ArticleStatus, MediaSource, MediaType, validateArticleText, type TranscriptCue } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import { seedDemoAi } from './demo-ai';
import { seedDemoModeration } from './demo-moderation';
import { seedDemoPolls } from './demo-polls';
import type { Database } from './schema';

export const DEMO_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo');
export const DEMO_MEDIA_DIR = path.join(DEMO_DIR, 'media');
/** URL prefix under which the server serves DEMO_MEDIA_DIR. */
export const DEMO_MEDIA_URL = '/media/demo';

interface CatalogueArticle {
  slug: string;
  title: string;
  description: string;
  summary: string;
  narration: string[];
  publisher: string;
  categories: string[];
  regionIds: number[];
  territory: number;
  breaking: boolean;
  language: string;
  location: { name: string; slug: string; lat: number; lon: number };
  publishedHoursAgo: number;
  media: 'video' | 'audio';
}

interface Catalogue {
  publishers: { slug: string; name: string; description: string; website: string; defaultRegionId?: number; branding: Record<string, string> }[];
  categories: { slug: string; name: string; description: string }[];
  articles: CatalogueArticle[];
  stories: { slug: string; title: string; description: string; articles: string[] }[];
  playlists: { externalId: string; name: string; articles: string[] }[];
}

interface MediaMeta {
  durationSeconds: number;
  audioBytes: number;
  videoBytes: number | null;
}

export async function readCatalogue(): Promise<Catalogue> {
  return JSON.parse(await readFile(path.join(DEMO_DIR, 'catalogue.json'), 'utf8')) as Catalogue;
}

const HOUR_MS = 3_600_000;

interface ArticleFiles {
  article: CatalogueArticle;
  meta: MediaMeta;
  transcript: { language: string; cues: TranscriptCue[] };
}

async function readArticleFiles(article: CatalogueArticle): Promise<ArticleFiles> {
  const problems = validateArticleText(article);
  if (problems.length > 0) throw new Error(`Demo article ${article.slug}: ${problems.map((p) => p.message).join('; ')}`);
  const folder = path.join(DEMO_MEDIA_DIR, article.slug);
  const [meta, transcript] = await Promise.all([
    readFile(path.join(folder, 'meta.json'), 'utf8').then((text) => JSON.parse(text) as MediaMeta),
    readFile(path.join(folder, 'transcript.json'), 'utf8').then((text) => JSON.parse(text) as ArticleFiles['transcript']),
  ]);
  return { article, meta, transcript };
}

/** Maps each key to the id the database gave its row. */
const idsBy = <K extends string>(rows: ({ id: string } & Record<K, string>)[], key: K) =>
  new Map(rows.map((row) => [row[key], row.id]));

/**
 * Seeds the demo catalogue into an empty database: publishers, categories, articles with poster,
 * audio (and video) and a timed transcript, stories, playlists, live polls with votes
 * (demo-polls.ts), and a moderation queue with a scheduled article (demo-moderation.ts). Does nothing when publishers already exist, so a restart never duplicates it.
 * Returns the number of articles seeded.
 * It runs on every first start, so each table gets one insert of all its rows, in one transaction.
 */
export async function seedDemoCatalogue(db: Kysely<Database>, now = new Date()): Promise<number> {
  const existing = await db.selectFrom('publishers').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return 0;
  // A deployment may leave the demo files out; then there is simply nothing to seed.
  if (!existsSync(path.join(DEMO_DIR, 'catalogue.json'))) return 0;
  const catalogue = await readCatalogue();
  // Only articles whose media has been made are seeded (make-demo-media.sh writes meta.json last).
  const articles = await Promise.all(
    catalogue.articles.filter((article) => existsSync(path.join(DEMO_MEDIA_DIR, article.slug, 'meta.json'))).map(readArticleFiles),
  );
  const seeded = new Set(articles.map(({ article }) => article.slug));
  const present = (slugs: string[]) => slugs.filter((slug) => seeded.has(slug));

  await db.transaction().execute(async (trx) => {
    const publisherIds = idsBy(
      await trx
        .insertInto('publishers')
        .values(
          catalogue.publishers.map((publisher) => ({
            slug: publisher.slug,
            name: publisher.name,
            description: publisher.description,
            website: publisher.website,
            logo_url: null,
            branding: JSON.stringify(publisher.branding),
            default_region_id: publisher.defaultRegionId ?? 0,
          })),
        )
        .returning(['id', 'slug'])
        .execute(),
      'slug',
    );
    const categoryIds = idsBy(await trx.insertInto('categories').values(catalogue.categories).returning(['id', 'slug']).execute(), 'slug');
    if (articles.length === 0) return;

    const articleIds = idsBy(
      await trx
        .insertInto('articles')
        .values(
          articles.map(({ article, meta }) => ({
            slug: article.slug,
            title: article.title,
            description: article.description,
            summary: article.summary,
            status: ArticleStatus.ACTIVE,
            territory: article.territory,
            breaking: article.breaking,
            language: article.language,
            publisher_id: publisherIds.get(article.publisher)!,
            category_ids: article.categories.map((slug) => categoryIds.get(slug)!),
            region_ids: article.regionIds,
            location_name: article.location.name,
            location_slug: article.location.slug,
            lat: article.location.lat,
            lon: article.location.lon,
            poster_url: `${DEMO_MEDIA_URL}/${article.slug}/poster.jpg`,
            duration_seconds: meta.durationSeconds,
            published_at: new Date(now.getTime() - article.publishedHoursAgo * HOUR_MS),
          })),
        )
        .returning(['id', 'slug'])
        .execute(),
      'slug',
    );

    await trx
      .insertInto('media_assets')
      .values(
        articles.flatMap(({ article, meta }) => {
          const base = `${DEMO_MEDIA_URL}/${article.slug}`;
          const media: { type: MediaType; url: string; file_type: string; file_size: number | null }[] = [
            { type: MediaType.AUDIO, url: `${base}/audio.mp3`, file_type: 'audio/mpeg', file_size: meta.audioBytes },
            { type: MediaType.IMAGE, url: `${base}/poster.jpg`, file_type: 'image/jpeg', file_size: null },
          ];
          if (article.media === 'video' && meta.videoBytes) {
            media.push({ type: MediaType.VIDEO, url: `${base}/video.webm`, file_type: 'video/webm', file_size: meta.videoBytes });
          }
          return media.map((asset) => ({
            ...asset,
            article_id: articleIds.get(article.slug)!,
            story_id: null,
            source: MediaSource.MEDIA_STORE,
            language: asset.type === MediaType.IMAGE ? null : article.language,
            duration_seconds: asset.type === MediaType.IMAGE ? null : meta.durationSeconds,
          }));
        }),
      )
      .execute();
    await trx
      .insertInto('transcripts')
      .values(
        articles.map(({ article, transcript }) => ({
          article_id: articleIds.get(article.slug)!,
          language: transcript.language,
          cues: JSON.stringify(transcript.cues),
        })),
      )
      .execute();
    await seedDemoModeration(trx, seeded, now);
    await seedDemoAi(trx, seeded);

    const stories = catalogue.stories
      .map((story, index) => ({ story, index, slugs: present(story.articles) }))
      .filter(({ slugs }) => slugs.length >= 2);
    let storyIds = new Map<string, string>();
    if (stories.length > 0) {
      storyIds = idsBy(
        await trx
          .insertInto('stories')
          .values(
            stories.map(({ story, index, slugs }) => ({
              slug: story.slug,
              title: story.title,
              description: story.description,
              poster_url: `${DEMO_MEDIA_URL}/${slugs[0]}/poster.jpg`,
              published_at: new Date(now.getTime() - index * 6 * HOUR_MS),
            })),
          )
          .returning(['id', 'slug'])
          .execute(),
        'slug',
      );
      await trx
        .insertInto('story_articles')
        .values(
          stories.flatMap(({ story, slugs }) =>
            slugs.map((slug, position) => ({ story_id: storyIds.get(story.slug)!, article_id: articleIds.get(slug)!, position })),
          ),
        )
        .execute();
    }

    const playlists = catalogue.playlists
      .map((playlist) => ({ playlist, slugs: present(playlist.articles) }))
      .filter(({ slugs }) => slugs.length > 0);
    if (playlists.length > 0) {
      const playlistIds = idsBy(
        await trx
          .insertInto('playlists')
          .values(playlists.map(({ playlist }) => ({ external_id: playlist.externalId, name: playlist.name })))
          .returning(['id', 'external_id'])
          .execute(),
        'external_id',
      );
      await trx
        .insertInto('playlist_articles')
        .values(
          playlists.flatMap(({ playlist, slugs }) =>
            slugs.map((slug, position) => ({ playlist_id: playlistIds.get(playlist.externalId)!, article_id: articleIds.get(slug)!, position })),
          ),
        )
        .execute();
    }

    await seedDemoPolls(trx, { categories: categoryIds, publishers: publisherIds, stories: storyIds }, DEMO_DIR, now);
  });
  return articles.length;
}
