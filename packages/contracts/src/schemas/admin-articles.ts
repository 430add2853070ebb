import { Type, type Static } from 'typebox';
import { ARTICLE_DESCRIPTION_MAX, ARTICLE_DESCRIPTION_MIN, ARTICLE_SLUG_MIN, ARTICLE_TITLE_MIN } from '../constants';
import { ArticleStatus, ReviewStatus, Territory, enumValues } from '../enums';
import { REGIONS } from '../regions';
import { LatitudeSchema, ListSchema, LiteralUnion, LongitudeSchema, PaginationQuerySchema } from './common';
import { ArticleLocationSchema, CategoryRefSchema, IdSchema, MediaFileSchema, PublisherRefSchema } from './content';

/**
 * Admin articles and the review workflow (SPEC §3 Article status and Review status, §5 article
 * minimums, §7 Admin articles; docs/architecture.md, "Article lifecycle").
 */

export const ARTICLE_TITLE_MAX = 200;
export const ARTICLE_SLUG_MAX = 120;
export const ARTICLE_SUMMARY_MAX = 5000;
/** What a moderator tells the publisher (needs work, reject summary), at most. */
export const ARTICLE_REVIEW_NOTE_MAX = 1000;
export const ARTICLE_CATEGORIES_MAX = 20;

/** One media file of an article as its admins and publisher see it: with the id that names it (key frames, removal). */
export const AdminMediaFileSchema = Type.Object({ id: IdSchema, ...MediaFileSchema.properties });
export type AdminMediaFile = Static<typeof AdminMediaFileSchema>;

export const ArticleStatusSchema = LiteralUnion(enumValues(ArticleStatus), {
  description: 'SPEC §3: pending 0, active 1, preparing 2, scheduled 3, AI populate 4, review 5',
});
export const ReviewStatusSchema = LiteralUnion(enumValues(ReviewStatus), {
  description: 'SPEC §3: none 0, awaiting review 1, approved 2, needs work 3',
});

const dateTime = (description: string) => Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description });

export const ARTICLE_CREDITS_MAX = 30;
export const ARTICLE_KEYWORDS_MAX = 30;

/** One person or body credited for an article, e.g. { name: 'Ana Lopes', role: 'reporter' }. */
export const ArticleCreditSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    role: Type.Union([Type.String({ minLength: 1, maxLength: 60 }), Type.Null()], { description: 'e.g. author, producer, reporter; null when the source names none' }),
  },
  { additionalProperties: false },
);
export type ArticleCredit = Static<typeof ArticleCreditSchema>;

/**
 * What an article's source says of it beyond its text (an MRSS import keeps all of it): written by
 * publishers in the bundle and by admins in the article's details; left out, they stay as they are.
 */
export const ArticleSourceFieldsSchema = Type.Object({
  credits: Type.Optional(Type.Array(ArticleCreditSchema, { maxItems: ARTICLE_CREDITS_MAX, description: `At most ${ARTICLE_CREDITS_MAX}; replaces the list` })),
  keywords: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: ARTICLE_KEYWORDS_MAX, uniqueItems: true, description: `At most ${ARTICLE_KEYWORDS_MAX}; replaces the list` }),
  ),
  copyright: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 300 }), Type.Null()], { description: 'e.g. "© 2026 Harbour Daily"; null removes it' })),
  sourceUrl: Type.Optional(
    Type.Union([Type.String({ format: 'uri', pattern: '^https?://', maxLength: 2000 }), Type.Null()], { description: 'The address of the original (http or https); null removes it' }),
  ),
});
export type ArticleSourceFields = Static<typeof ArticleSourceFieldsSchema>;

export const AdminArticleSchema = Type.Object({
  id: IdSchema,
  slug: Type.String(),
  title: Type.String(),
  description: Type.String(),
  summary: Type.String(),
  summaryByAi: Type.Boolean({ description: 'The summary was written by the AI; reject-summary applies to it' }),
  status: ArticleStatusSchema,
  reviewStatus: ReviewStatusSchema,
  reviewNote: Type.Union([Type.String(), Type.Null()], {
    description: 'What the moderator last asked the publisher to change (needs work, reject summary); the publisher sees it',
  }),
  live: Type.Boolean({ description: 'Readers see it now: active and its publishedAt has come' }),
  territory: LiteralUnion(enumValues(Territory), { description: '0 none, 1 local, 2 state, 3 national, 4 global' }),
  breaking: Type.Boolean(),
  language: Type.String(),
  regionIds: Type.Array(Type.Integer()),
  categories: Type.Array(CategoryRefSchema),
  publisher: PublisherRefSchema,
  location: Type.Union([ArticleLocationSchema, Type.Null()]),
  poster: Type.Union([Type.String(), Type.Null()]),
  durationSeconds: Type.Union([Type.Number(), Type.Null()]),
  media: Type.Array(AdminMediaFileSchema, { description: 'Every media file of the article, by type, each type oldest first' }),
  credits: Type.Array(ArticleCreditSchema, { description: 'Who made it, as its source names them (an MRSS feed’s media:credit)' }),
  keywords: Type.Array(Type.String()),
  copyright: Type.Union([Type.String(), Type.Null()]),
  sourceUrl: Type.Union([Type.String(), Type.Null()], { description: 'The address of the original (an MRSS item’s link)' }),
  publishedAt: dateTime('When it went live; null while it is not'),
  scheduledAt: dateTime('When it goes live by itself once approved (status scheduled)'),
  reviewRequestedAt: dateTime('When it last joined the moderation queue'),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type AdminArticle = Static<typeof AdminArticleSchema>;

export const ADMIN_ARTICLE_SORTS = ['createdAt', 'updatedAt', 'publishedAt', 'scheduledAt', 'reviewRequestedAt', 'title'] as const;
export type AdminArticleSort = (typeof ADMIN_ARTICLE_SORTS)[number];

export const AdminArticleListQuerySchema = Type.Object({
  ...PaginationQuerySchema.properties,
  q: Type.Optional(Type.String({ maxLength: ARTICLE_TITLE_MAX, description: 'Part of the title (any case, accents ignored), or the exact slug or id' })),
  status: Type.Optional(ArticleStatusSchema),
  reviewStatus: Type.Optional(ReviewStatusSchema),
  publisherId: Type.Optional(IdSchema),
  categoryId: Type.Optional(IdSchema),
  sort: Type.Optional(LiteralUnion(ADMIN_ARTICLE_SORTS, { description: 'Default createdAt' })),
  order: Type.Optional(LiteralUnion(['asc', 'desc'] as const, { description: 'Default desc' })),
});
export type AdminArticleListQuery = Static<typeof AdminArticleListQuerySchema>;
export const AdminArticleListResponseSchema = ListSchema(AdminArticleSchema);
export type AdminArticleList = Static<typeof AdminArticleListResponseSchema>;

export const ARTICLE_SLUG_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';
export const ARTICLE_LANGUAGE_PATTERN = '^[a-z]{2,3}(-[A-Za-z]{2,4})?$';

/** PUT /v1/admin/articles/{id}: the fields an admin may edit; status moves only through the review actions. */
export const AdminArticleUpdateBodySchema = Type.Object(
  {
    title: Type.Optional(Type.String({ minLength: ARTICLE_TITLE_MIN, maxLength: ARTICLE_TITLE_MAX, description: `${ARTICLE_TITLE_MIN} to ${ARTICLE_TITLE_MAX} characters (SPEC §5)` })),
    slug: Type.Optional(
      Type.String({
        minLength: ARTICLE_SLUG_MIN,
        maxLength: ARTICLE_SLUG_MAX,
        pattern: ARTICLE_SLUG_PATTERN,
        description: `${ARTICLE_SLUG_MIN} to ${ARTICLE_SLUG_MAX} lower-case letters and digits in words joined by dashes (SPEC §5); unique`,
      }),
    ),
    description: Type.Optional(
      Type.String({ minLength: ARTICLE_DESCRIPTION_MIN, maxLength: ARTICLE_DESCRIPTION_MAX, description: `${ARTICLE_DESCRIPTION_MIN} to ${ARTICLE_DESCRIPTION_MAX} characters (SPEC §5)` }),
    ),
    summary: Type.Optional(Type.String({ maxLength: ARTICLE_SUMMARY_MAX, description: 'Written by a person from now on (summaryByAi becomes false)' })),
    territory: Type.Optional(LiteralUnion(enumValues(Territory))),
    breaking: Type.Optional(Type.Boolean()),
    language: Type.Optional(Type.String({ pattern: ARTICLE_LANGUAGE_PATTERN, description: 'e.g. en, pt-BR' })),
    regionIds: Type.Optional(
      Type.Array(Type.Integer({ minimum: 0, maximum: REGIONS.length - 1 }), { minItems: 1, maxItems: REGIONS.length, uniqueItems: true, description: 'SPEC §3 region ids; 0 is Global' }),
    ),
    categoryIds: Type.Optional(Type.Array(IdSchema, { maxItems: ARTICLE_CATEGORIES_MAX, uniqueItems: true, description: 'Existing categories' })),
    location: Type.Optional(
      Type.Union([
        Type.Object(
          {
            name: Type.String({ minLength: 1, maxLength: 120 }),
            slug: Type.String({ minLength: 1, maxLength: 120, pattern: ARTICLE_SLUG_PATTERN }),
            lat: LatitudeSchema,
            lon: LongitudeSchema,
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ]),
    ),
    scheduledAt: Type.Optional(
      Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
        description: 'When the article goes live once approved; a scheduled article keeps a time (a time already past makes it go live at the next run of the publishing job)',
      }),
    ),
    ...ArticleSourceFieldsSchema.properties,
  },
  { additionalProperties: false },
);
export type AdminArticleUpdateBody = Static<typeof AdminArticleUpdateBodySchema>;

/** POST /v1/admin/articles/{id}/needs-work: why it goes back; the publisher reads it. */
export const ArticleNeedsWorkBodySchema = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: ARTICLE_REVIEW_NOTE_MAX, description: 'What the publisher must change; shown to them' }) },
  { additionalProperties: false },
);
export type ArticleNeedsWorkBody = Static<typeof ArticleNeedsWorkBodySchema>;

/** POST /v1/admin/articles/{id}/reject-summary: optionally why the AI's summary is rejected. */
export const ArticleRejectSummaryBodySchema = Type.Object(
  { reason: Type.Optional(Type.String({ minLength: 1, maxLength: ARTICLE_REVIEW_NOTE_MAX, description: 'Shown to the publisher; a standard note when left out' })) },
  { additionalProperties: false },
);
export type ArticleRejectSummaryBody = Static<typeof ArticleRejectSummaryBodySchema>;

/** DELETE /v1/admin/articles/{id}/cache: what was purged. */
export const ArticleCachePurgeSchema = Type.Object({
  articleId: IdSchema,
  purged: Type.Array(Type.String(), { description: 'The caches the article was purged from' }),
});
export type ArticleCachePurge = Static<typeof ArticleCachePurgeSchema>;
