import { Type, type Static } from 'typebox';
import { SEARCH_QUERY_MAX_LENGTH, SEARCH_TYPES } from '../constants';
import { enumValues, MediaSource, MediaType, Territory } from '../enums';
import { LatitudeSchema, ListSchema, LiteralUnion, LongitudeSchema, PaginationQuerySchema } from './common';

export const IdSchema = Type.String({ format: 'uuid', description: 'A UUID' });
export const IdParamsSchema = Type.Object({ id: IdSchema });
export type IdParams = Static<typeof IdParamsSchema>;

/** Comma-separated list in a query string, e.g. `regionIds=0,4` (SPEC §5). */
export const CsvQuerySchema = (description: string, maxLength = 2000) =>
  Type.String({ maxLength, description: `${description}, comma-separated` });

export const ArticleLocationSchema = Type.Object({
  name: Type.String(),
  slug: Type.String(),
  lat: Type.Number(),
  lon: Type.Number(),
});

export const PublisherRefSchema = Type.Object({ id: IdSchema, name: Type.String(), slug: Type.String() });
export const CategoryRefSchema = Type.Object({ id: IdSchema, name: Type.String(), slug: Type.String() });

export const MediaFileSchema = Type.Object({
  type: LiteralUnion(enumValues(MediaType), { description: 'Media type: 1 video, 2 audio, 3 image, 4 transcript, 5 dubbed video' }),
  source: LiteralUnion(enumValues(MediaSource), { description: 'Media source: 1 media store, 2 direct, 3 video-player provider' }),
  url: Type.String(),
  fileType: Type.String({ description: 'MIME type, e.g. video/webm' }),
  fileSize: Type.Union([Type.Integer(), Type.Null()]),
  language: Type.Union([Type.String(), Type.Null()]),
  durationSeconds: Type.Union([Type.Number(), Type.Null()]),
});
export type MediaFile = Static<typeof MediaFileSchema>;

export const ArticleSummarySchema = Type.Object({
  id: IdSchema,
  slug: Type.String(),
  title: Type.String(),
  description: Type.String(),
  territory: LiteralUnion(enumValues(Territory), { description: '0 none, 1 local, 2 state, 3 national, 4 global' }),
  breaking: Type.Boolean(),
  language: Type.String(),
  regionIds: Type.Array(Type.Integer()),
  location: Type.Union([ArticleLocationSchema, Type.Null()]),
  publisher: PublisherRefSchema,
  categories: Type.Array(CategoryRefSchema),
  poster: Type.Union([Type.String(), Type.Null()]),
  mediafile: Type.Union([MediaFileSchema, Type.Null()], { description: 'The main playable file: video when there is one, else audio' }),
  durationSeconds: Type.Union([Type.Number(), Type.Null()]),
  publishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  distanceMeters: Type.Optional(Type.Number({ description: 'Only on radar results' })),
});
export type ArticleSummary = Static<typeof ArticleSummarySchema>;

export const TranscriptCueSchema = Type.Object({ start: Type.Number(), end: Type.Number(), text: Type.String() });
export type TranscriptCue = Static<typeof TranscriptCueSchema>;
export const TranscriptSchema = Type.Object({
  articleId: IdSchema,
  language: Type.String(),
  languages: Type.Array(Type.String(), { description: 'Every language this transcript exists in' }),
  cues: Type.Array(TranscriptCueSchema),
});
export type Transcript = Static<typeof TranscriptSchema>;

export const ArticleSchema = Type.Intersect([
  ArticleSummarySchema,
  Type.Object({
    summary: Type.String(),
    media: Type.Array(MediaFileSchema),
    transcript: Type.Optional(Type.Union([TranscriptSchema, Type.Null()])),
  }),
]);
export type Article = Static<typeof ArticleSchema>;

export const ArticleListResponseSchema = ListSchema(ArticleSummarySchema);
export type ArticleList = Static<typeof ArticleListResponseSchema>;

export const ArticleFeedQuerySchema = Type.Object({
  ...PaginationQuerySchema.properties,
  regionIds: Type.Optional(CsvQuerySchema('Region ids; articles in any of them')),
  categoryIds: Type.Optional(CsvQuerySchema('Category ids; articles in any of them')),
  publisherId: Type.Optional(IdSchema),
  territory: Type.Optional(LiteralUnion(enumValues(Territory))),
  language: Type.Optional(Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z]{2,4})?$', description: 'e.g. en, pt-BR' })),
  breaking: Type.Optional(Type.Boolean()),
});
export type ArticleFeedQuery = Static<typeof ArticleFeedQuerySchema>;

export const RadarQuerySchema = Type.Object({
  ...PaginationQuerySchema.properties,
  lat: LatitudeSchema,
  lon: LongitudeSchema,
  radius: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 1_000_000, default: 50_000, description: 'Metres, 1 to 1,000,000; default the local radius 50,000' }),
  ),
});
export type RadarQuery = Static<typeof RadarQuerySchema>;

export const ArticleQuerySchema = Type.Object({
  transcript: Type.Optional(Type.Boolean({ description: 'Include the transcript' })),
  language: Type.Optional(Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z]{2,4})?$', description: 'Transcript language wanted' })),
});

export const LoadArticlesQuerySchema = Type.Object({
  // 150 ids of 36 characters and their commas (URL-encoded or not) need more than the usual 2,000.
  ids: CsvQuerySchema('Article ids, at most 150; answered in the order asked', 8000),
});

export const InteractionCountsSchema = Type.Object({
  articleId: IdSchema,
  likes: Type.Integer(),
  dislikes: Type.Integer(),
  saves: Type.Integer(),
  views: Type.Integer(),
  liked: Type.Boolean(),
  disliked: Type.Boolean(),
  saved: Type.Boolean(),
  viewed: Type.Boolean(),
});
export type InteractionCounts = Static<typeof InteractionCountsSchema>;
export const InteractionsResponseSchema = Type.Object({ items: Type.Array(InteractionCountsSchema) });

export const VisitorQuerySchema = Type.Object({
  visitorId: Type.Optional(Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: "The visitor's id when no one is signed in" })),
});

export const ToggleActionSchema = LiteralUnion(['add', 'remove'] as const);
export const ToggleBodySchema = Type.Object(
  {
    articleId: IdSchema,
    action: ToggleActionSchema,
    visitorId: Type.Optional(Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' })),
  },
  { additionalProperties: false },
);
export type ToggleBody = Static<typeof ToggleBodySchema>;
export const ViewBodySchema = Type.Object(
  {
    articleIds: Type.Array(IdSchema, { minItems: 1, maxItems: 150 }),
    action: ToggleActionSchema,
    visitorId: Type.Optional(Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' })),
  },
  { additionalProperties: false },
);
export type ViewBody = Static<typeof ViewBodySchema>;

export const PublisherSchema = Type.Object({
  id: IdSchema,
  slug: Type.String(),
  name: Type.String(),
  description: Type.String(),
  website: Type.Union([Type.String(), Type.Null()]),
  logoUrl: Type.Union([Type.String(), Type.Null()], { description: 'The logo the publisher uploaded (or an admin set); null: none' }),
  bannerUrl: Type.Union([Type.String(), Type.Null()], { description: 'The banner the publisher uploaded; null: none' }),
  branding: Type.Record(Type.String(), Type.String(), {
    description: 'Named branding values; those named …Colour (primaryColour, secondaryColour, backgroundColour) are colours (SPEC §5)',
  }),
  defaultLanguage: Type.String({ description: 'The language its new articles take when they name none, e.g. en, pt-BR' }),
  defaultRegionId: Type.Integer({ minimum: 0, description: 'The SPEC §3 region its new articles take when they name none (0 Global)' }),
});
export type Publisher = Static<typeof PublisherSchema>;

export const CategorySchema = Type.Object({
  id: IdSchema,
  slug: Type.String(),
  name: Type.String(),
  description: Type.String(),
});
export type Category = Static<typeof CategorySchema>;

export const StorySchema = Type.Object({
  id: IdSchema,
  slug: Type.String(),
  title: Type.String(),
  description: Type.String(),
  poster: Type.Union([Type.String(), Type.Null()]),
  articleCount: Type.Integer(),
  publishedAt: Type.String({ format: 'date-time' }),
});
export type Story = Static<typeof StorySchema>;

export const PlaylistSchema = Type.Object({
  id: IdSchema,
  externalId: Type.String(),
  name: Type.String(),
  description: Type.String(),
  articles: Type.Array(ArticleSummarySchema),
});
export type Playlist = Static<typeof PlaylistSchema>;

export const SearchQuerySchema = Type.Object({
  ...PaginationQuerySchema.properties,
  q: Type.String({ minLength: 1, maxLength: SEARCH_QUERY_MAX_LENGTH, description: 'Words to find; typos and accents are tolerated' }),
  type: Type.Optional(LiteralUnion(SEARCH_TYPES, { description: 'What to search; default all' })),
});
export type SearchQuery = Static<typeof SearchQuerySchema>;

export const ArticleHitSchema = Type.Intersect([
  ArticleSummarySchema,
  Type.Object({
    snippet: Type.String({ description: 'Matching text with matches wrapped in <mark></mark>; all other text is escaped' }),
    quote: Type.Union([Type.Object({ start: Type.Number(), end: Type.Number(), text: Type.String() }), Type.Null()], {
      description: 'The transcript line that matched, with its time, when the match is in the transcript',
    }),
  }),
]);
export const SearchResponseSchema = Type.Object({
  q: Type.String(),
  articles: ListSchema(ArticleHitSchema),
  stories: ListSchema(StorySchema),
  publishers: ListSchema(PublisherSchema),
  categories: ListSchema(CategorySchema),
});
export type SearchResponse = Static<typeof SearchResponseSchema>;
