import { ArticleStatus, MediaSource, MediaType, ReviewStatus } from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';

export interface ReviewArticleSpec {
  publisherId: string;
  title?: string;
  status?: ArticleStatus;
  reviewStatus?: ReviewStatus;
  categoryIds?: string[];
  summary?: string;
  summaryByAi?: boolean;
  /** A playable audio file; default true. */
  media?: boolean;
  scheduledAt?: Date | null;
  publishedAt?: Date | null;
  reviewRequestedAt?: Date | null;
  reviewNote?: string | null;
}

let made = 0;

/**
 * An article straight in the database, in any state of the review workflow (as the publisher
 * studio, the media pipeline or the AI would have left it), with an audio file unless `media` is
 * false. Answers its id.
 */
export async function insertReviewArticle(db: Kysely<Database>, spec: ReviewArticleSpec): Promise<string> {
  made += 1;
  const title = spec.title ?? `Review desk report number ${made}`;
  const slug = `review-${made}-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`.slice(0, 100);
  const { id } = await db
    .insertInto('articles')
    .values({
      slug,
      title,
      description: `${title}: a report written for the review desk tests, long enough for the minimum.`,
      summary: spec.summary ?? `A summary of ${title}.`,
      summary_by_ai: spec.summaryByAi ?? false,
      status: spec.status ?? ArticleStatus.REVIEW,
      review_status: spec.reviewStatus ?? ReviewStatus.AWAITING_REVIEW,
      review_note: spec.reviewNote ?? null,
      territory: 1,
      breaking: false,
      language: 'en',
      publisher_id: spec.publisherId,
      category_ids: spec.categoryIds ?? [],
      region_ids: [0],
      location_name: null,
      location_slug: null,
      lat: null,
      lon: null,
      poster_url: null,
      duration_seconds: 12,
      published_at: spec.publishedAt ?? null,
      scheduled_at: spec.scheduledAt ?? null,
      review_requested_at: spec.reviewRequestedAt === undefined ? new Date() : spec.reviewRequestedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (spec.media ?? true) {
    await db
      .insertInto('media_assets')
      .values({
        article_id: id,
        story_id: null,
        type: MediaType.AUDIO,
        source: MediaSource.MEDIA_STORE,
        url: `https://media.example/${slug}/audio.mp3`,
        file_type: 'audio/mpeg',
        file_size: 120_000,
        language: 'en',
        duration_seconds: 12,
      })
      .execute();
  }
  return id;
}
