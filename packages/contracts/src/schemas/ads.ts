import { Type, type Static } from 'typebox';
import { ListSchema, PaginationQuerySchema } from './common';
import { IdSchema } from './content';

/**
 * Ads (issue 17 item 1; SPEC §3 Ad): the inventory admins manage under /v1/admin/ads, and the ad
 * the player plays next (GET /v1/ads/next). docs/architecture.md, "Ads", has the rules.
 */

export const AD_TITLE_MAX = 120;
export const AD_URL_MAX = 2000;
/** At most this many regions or categories targeted by one ad. */
export const AD_TARGETS_MAX = 150;
export const AD_WEIGHT_MAX = 1000;
export const AD_DAILY_CAP_MAX = 1000;
/** The largest ad video an admin may upload. */
export const AD_MEDIA_MAX_BYTES = 50 * 1024 * 1024;
export const AD_MEDIA_TYPES = ['video/mp4', 'video/webm'] as const;
export type AdMediaType = (typeof AD_MEDIA_TYPES)[number];
/** The player offers "Skip ad" once an ad has played this long. */
export const AD_SKIPPABLE_AFTER_SECONDS = 5;

/** An https/http address, or a path of this server (`/media/…`). */
export const AD_URL_PATTERN = '^(/(?![/\\\\])\\S*|https?://[^\\s/]+\\S*)$';

const DateTime = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const TitleSchema = Type.String({ minLength: 1, maxLength: AD_TITLE_MAX, pattern: '\\S' });
const MediaUrlSchema = Type.String({ maxLength: AD_URL_MAX, pattern: AD_URL_PATTERN, description: 'The video the player plays: an https:// address or a path of this server' });
const ClickUrlSchema = Type.String({ maxLength: AD_URL_MAX, pattern: '^https?://[^\\s/]+\\S*$', description: 'Where a click on the ad takes the reader (an https:// address)' });
const RegionIdsSchema = Type.Array(Type.Integer({ minimum: 0, maximum: 1000 }), { maxItems: AD_TARGETS_MAX, uniqueItems: true, description: 'Regions of the articles it plays before; empty: every region' });
const CategoryIdsSchema = Type.Array(IdSchema, { maxItems: AD_TARGETS_MAX, uniqueItems: true, description: 'Categories of the articles it plays before; empty: every category' });
const WeightSchema = Type.Integer({ minimum: 1, maximum: AD_WEIGHT_MAX, description: 'Its share among the ads that fit: an ad of weight 2 is chosen twice as often as one of weight 1' });
const DailyCapSchema = Nullable(Type.Integer({ minimum: 1, maximum: AD_DAILY_CAP_MAX, description: 'At most this many times per visitor per UTC day; null: no cap' }));

export const AdminAdSchema = Type.Object({
  id: IdSchema,
  title: Type.String(),
  mediaUrl: Nullable(Type.String()),
  /** Set when the file was uploaded (PUT /v1/admin/ads/{id}/media). */
  mediaType: Nullable(Type.String()),
  clickUrl: Nullable(Type.String()),
  regionIds: Type.Array(Type.Integer()),
  categoryIds: Type.Array(IdSchema),
  startsAt: Nullable(DateTime),
  endsAt: Nullable(DateTime),
  weight: Type.Integer(),
  dailyCap: Nullable(Type.Integer()),
  enabled: Type.Boolean(),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type AdminAd = Static<typeof AdminAdSchema>;

export const AdminAdListQuerySchema = Type.Object({
  ...PaginationQuerySchema.properties,
  q: Type.Optional(Type.String({ maxLength: 200, description: 'Part of the title (any case)' })),
});
export type AdminAdListQuery = Static<typeof AdminAdListQuerySchema>;
export const AdminAdListSchema = ListSchema(AdminAdSchema);
export type AdminAdList = Static<typeof AdminAdListSchema>;

export const AdminAdCreateBodySchema = Type.Object(
  {
    title: TitleSchema,
    mediaUrl: Type.Optional(Nullable(MediaUrlSchema)),
    clickUrl: Type.Optional(Nullable(ClickUrlSchema)),
    regionIds: Type.Optional(RegionIdsSchema),
    categoryIds: Type.Optional(CategoryIdsSchema),
    startsAt: Type.Optional(Nullable(Type.String({ format: 'date-time', description: 'Served from then on; null: at once' }))),
    endsAt: Type.Optional(Nullable(Type.String({ format: 'date-time', description: 'Served until then; null: no end' }))),
    weight: Type.Optional(WeightSchema),
    dailyCap: Type.Optional(DailyCapSchema),
    enabled: Type.Optional(Type.Boolean({ description: 'Default true' })),
  },
  { additionalProperties: false },
);
export type AdminAdCreateBody = Static<typeof AdminAdCreateBodySchema>;

export const AdminAdUpdateBodySchema = Type.Object(
  {
    title: Type.Optional(TitleSchema),
    mediaUrl: Type.Optional(Nullable(MediaUrlSchema)),
    clickUrl: Type.Optional(Nullable(ClickUrlSchema)),
    regionIds: Type.Optional(RegionIdsSchema),
    categoryIds: Type.Optional(CategoryIdsSchema),
    startsAt: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
    endsAt: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
    weight: Type.Optional(WeightSchema),
    dailyCap: Type.Optional(DailyCapSchema),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type AdminAdUpdateBody = Static<typeof AdminAdUpdateBodySchema>;

export const AdNextQuerySchema = Type.Object({
  visitorId: Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'The visitor the ad is for (its daily caps)' }),
  articleId: Type.Optional(Type.String({ format: 'uuid', description: 'The article the ad plays before: its regions and categories choose among targeted ads' })),
});
export type AdNextQuery = Static<typeof AdNextQuerySchema>;

/** SPEC §3's Ad, with where a click takes the reader. */
export const AdSchema = Type.Object({
  adId: Type.String({ minLength: 1 }),
  adtitle: Type.String(),
  mediafile: Type.Object({ file: Type.String({ description: 'The video to play' }) }),
  clickUrl: Nullable(Type.String()),
});
export type Ad = Static<typeof AdSchema>;
