import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ArticleStatus, MediaSource, MediaType, validateArticleText, type TranscriptCue } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
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
  publishers: { slug: string; name: string; description: string; website: string; branding: Record<string, string> }[];
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

/**
 * Seeds the demo catalogue into an empty database: publishers, categories, articles with poster,
 * audio (and video) and a timed transcript, stories and playlists. Does nothing when publishers
 * already exist, so a restart never duplicates it. Returns the number of articles seeded.
 */
export async function seedDemoCatalogue(db: Kysely<Database>, now = new Date()): Promise<number> {
  const existing = await db.selectFrom('publishers').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return 0;
  // A deployment may leave the demo files out; then there is simply nothing to seed.
  if (!existsSync(path.join(DEMO_DIR, 'catalogue.json'))) return 0;
  const catalogue = await readCatalogue();
  // Only articles whose media has been made are seeded (make-demo-media.sh writes meta.json last).
  const articles = catalogue.articles.filter((article) =>
    existsSync(path.join(DEMO_MEDIA_DIR, article.slug, 'meta.json')),
  );
  const seeded = new Set(articles.map((article) => article.slug));
  const present = (slugs: string[]) => slugs.filter((slug) => seeded.has(slug));

  await db.transaction().execute(async (trx) => {
    const publisherIds = new Map<string, string>();
    for (const publisher of catalogue.publishers) {
      const row = await trx
        .insertInto('publishers')
        .values({
          slug: publisher.slug,
          name: publisher.name,
          description: publisher.description,
          website: publisher.website,
          logo_url: null,
          branding: JSON.stringify(publisher.branding),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      publisherIds.set(publisher.slug, row.id);
    }
    const categoryIds = new Map<string, string>();
    for (const category of catalogue.categories) {
      const row = await trx.insertInto('categories').values(category).returning('id').executeTakeFirstOrThrow();
      categoryIds.set(category.slug, row.id);
    }

    const articleIds = new Map<string, string>();
    for (const article of articles) {
      const problems = validateArticleText(article);
      if (problems.length > 0) throw new Error(`Demo article ${article.slug}: ${problems.map((p) => p.message).join('; ')}`);
      const folder = path.join(DEMO_MEDIA_DIR, article.slug);
      const meta = JSON.parse(await readFile(path.join(folder, 'meta.json'), 'utf8')) as MediaMeta;
      const transcript = JSON.parse(await readFile(path.join(folder, 'transcript.json'), 'utf8')) as {
        language: string;
        cues: TranscriptCue[];
      };
      const base = `${DEMO_MEDIA_URL}/${article.slug}`;
      const row = await trx
        .insertInto('articles')
        .values({
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
          poster_url: `${base}/poster.jpg`,
          duration_seconds: meta.durationSeconds,
          published_at: new Date(now.getTime() - article.publishedHoursAgo * HOUR_MS),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      articleIds.set(article.slug, row.id);

      const media: { type: MediaType; url: string; file_type: string; file_size: number | null }[] = [
        { type: MediaType.AUDIO, url: `${base}/audio.mp3`, file_type: 'audio/mpeg', file_size: meta.audioBytes },
        { type: MediaType.IMAGE, url: `${base}/poster.jpg`, file_type: 'image/jpeg', file_size: null },
      ];
      if (article.media === 'video' && meta.videoBytes) {
        media.push({ type: MediaType.VIDEO, url: `${base}/video.webm`, file_type: 'video/webm', file_size: meta.videoBytes });
      }
      await trx
        .insertInto('media_assets')
        .values(
          media.map((asset) => ({
            ...asset,
            article_id: row.id,
            story_id: null,
            source: MediaSource.MEDIA_STORE,
            language: asset.type === MediaType.IMAGE ? null : article.language,
            duration_seconds: asset.type === MediaType.IMAGE ? null : meta.durationSeconds,
          })),
        )
        .execute();
      await trx
        .insertInto('transcripts')
        .values({ article_id: row.id, language: transcript.language, cues: JSON.stringify(transcript.cues) })
        .execute();
    }

    for (const [index, story] of catalogue.stories.entries()) {
      const storyArticles = present(story.articles);
      if (storyArticles.length < 2) continue;
      const first = storyArticles[0];
      const row = await trx
        .insertInto('stories')
        .values({
          slug: story.slug,
          title: story.title,
          description: story.description,
          poster_url: first ? `${DEMO_MEDIA_URL}/${first}/poster.jpg` : null,
          published_at: new Date(now.getTime() - index * 6 * HOUR_MS),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('story_articles')
        .values(storyArticles.map((slug, position) => ({ story_id: row.id, article_id: articleIds.get(slug)!, position })))
        .execute();
    }
    for (const playlist of catalogue.playlists) {
      const playlistArticles = present(playlist.articles);
      if (playlistArticles.length === 0) continue;
      const row = await trx
        .insertInto('playlists')
        .values({ external_id: playlist.externalId, name: playlist.name })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('playlist_articles')
        .values(playlistArticles.map((slug, position) => ({ playlist_id: row.id, article_id: articleIds.get(slug)!, position })))
        .execute();
    }
  });
  return articles.length;
}
