import { Type, type Static } from 'typebox';
import { ListSchema, LiteralUnion, PaginationQuerySchema } from './common';
import { ArticleStatusSchema } from './admin-articles';
import { CATALOGUE_DESCRIPTION_MAX, CATALOGUE_NAME_MAX, CATALOGUE_SLUG_MAX, CATALOGUE_SLUG_PATTERN } from './admin-catalogue';
import { IdSchema } from './content';

/**
 * The admin console's collections (SPEC §3, §7 Admin): playlists and stories, each an ordered set
 * of articles, for moderators and superusers (the access table).
 */

/** The most articles one batch add or one reorder names. */
export const COLLECTION_ARTICLES_MAX = 500;
export const PLAYLIST_EXTERNAL_ID_MAX = 120;
export const STORY_TITLE_MAX = 200;

const NameSchema = Type.String({ minLength: 1, maxLength: CATALOGUE_NAME_MAX, pattern: '\\S' });
const TitleSchema = Type.String({ minLength: 1, maxLength: STORY_TITLE_MAX, pattern: '\\S' });
const DescriptionSchema = Type.String({ maxLength: CATALOGUE_DESCRIPTION_MAX });
const SlugSchema = Type.String({
  minLength: 2,
  maxLength: CATALOGUE_SLUG_MAX,
  pattern: CATALOGUE_SLUG_PATTERN,
  description: 'Lower-case letters and digits in words joined by "-" (e.g. election-night); unique',
});
const ExternalIdSchema = Type.String({
  minLength: 1,
  maxLength: PLAYLIST_EXTERNAL_ID_MAX,
  pattern: '^[A-Za-z0-9][A-Za-z0-9._:-]*$',
  description: 'The id partners and the playlist statistics know it by (letters, digits, ".", "_", ":", "-"); unique',
});
const PosterSchema = Type.Union([Type.String({ maxLength: 2000, format: 'uri', pattern: '^https?://' }), Type.Null()], {
  description: 'The poster image’s web address (http or https); null for none',
});
const SortOrderSchema = LiteralUnion(['asc', 'desc'] as const, { description: 'Default asc' });
const SearchSchema = (what: string) => Type.String({ maxLength: 200, description: `Part of ${what} (any case)` });
const DateTime = Type.String({ format: 'date-time' });
const ArticleCountSchema = Type.Integer({ minimum: 0, description: 'Articles in it, of any status' });

// ── The articles of a playlist or story ──

/** One article of a playlist or story, as the admin sees it: whatever its status. */
export const CollectionArticleSchema = Type.Object({
  id: IdSchema,
  slug: Type.String(),
  title: Type.String(),
  status: ArticleStatusSchema,
  live: Type.Boolean({ description: 'Readers see it now (active and its publishedAt has come); only live articles show in the public reads' }),
  publishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type CollectionArticle = Static<typeof CollectionArticleSchema>;

/** Every article of a playlist or story, in its order (the public reads show the live ones in this order). */
export const CollectionArticlesSchema = Type.Object({
  items: Type.Array(CollectionArticleSchema),
  total: Type.Integer({ minimum: 0 }),
});
export type CollectionArticles = Static<typeof CollectionArticlesSchema>;

export const CollectionArticleBodySchema = Type.Object({ articleId: IdSchema }, { additionalProperties: false });
export type CollectionArticleBody = Static<typeof CollectionArticleBodySchema>;

export const CollectionArticleIdsBodySchema = Type.Object(
  {
    articleIds: Type.Array(IdSchema, {
      minItems: 1,
      maxItems: COLLECTION_ARTICLES_MAX,
      uniqueItems: true,
      description: `Article ids, in order, each once (at most ${COLLECTION_ARTICLES_MAX})`,
    }),
  },
  { additionalProperties: false },
);
export type CollectionArticleIdsBody = Static<typeof CollectionArticleIdsBodySchema>;

// ── Playlists ──

export const AdminPlaylistSchema = Type.Object({
  id: IdSchema,
  externalId: Type.String(),
  name: Type.String(),
  description: Type.String(),
  articleCount: ArticleCountSchema,
  createdAt: DateTime,
});
export type AdminPlaylist = Static<typeof AdminPlaylistSchema>;

export const ADMIN_PLAYLIST_SORTS = ['name', 'externalId', 'createdAt', 'articleCount'] as const;
export const AdminPlaylistListQuerySchema = Type.Object({
  ...PaginationQuerySchema.properties,
  q: Type.Optional(SearchSchema('the name, external id or description')),
  sort: Type.Optional(LiteralUnion(ADMIN_PLAYLIST_SORTS, { description: 'Default name' })),
  order: Type.Optional(SortOrderSchema),
});
export type AdminPlaylistListQuery = Static<typeof AdminPlaylistListQuerySchema>;
export const AdminPlaylistListSchema = ListSchema(AdminPlaylistSchema);
export type AdminPlaylistList = Static<typeof AdminPlaylistListSchema>;

export const AdminPlaylistCreateBodySchema = Type.Object(
  { externalId: ExternalIdSchema, name: NameSchema, description: Type.Optional(DescriptionSchema) },
  { additionalProperties: false },
);
export type AdminPlaylistCreateBody = Static<typeof AdminPlaylistCreateBodySchema>;
export const AdminPlaylistUpdateBodySchema = Type.Object(
  { externalId: Type.Optional(ExternalIdSchema), name: Type.Optional(NameSchema), description: Type.Optional(DescriptionSchema) },
  { additionalProperties: false, minProperties: 1 },
);
export type AdminPlaylistUpdateBody = Static<typeof AdminPlaylistUpdateBodySchema>;

// ── Stories ──

export const AdminStorySchema = Type.Object({
  id: IdSchema,
  slug: Type.String(),
  title: Type.String(),
  description: Type.String(),
  poster: Type.Union([Type.String(), Type.Null()]),
  articleCount: ArticleCountSchema,
  published: Type.Boolean({ description: 'Readers see it now: its publishedAt has come' }),
  publishedAt: Type.String({ format: 'date-time', description: 'When readers first see it' }),
  createdAt: DateTime,
});
export type AdminStory = Static<typeof AdminStorySchema>;

export const ADMIN_STORY_SORTS = ['title', 'slug', 'publishedAt', 'createdAt', 'articleCount'] as const;
export const AdminStoryListQuerySchema = Type.Object({
  ...PaginationQuerySchema.properties,
  q: Type.Optional(SearchSchema('the title, slug or description')),
  published: Type.Optional(Type.Boolean({ description: 'true: stories readers see now; false: those still to come' })),
  sort: Type.Optional(LiteralUnion(ADMIN_STORY_SORTS, { description: 'Default publishedAt' })),
  order: Type.Optional(LiteralUnion(['asc', 'desc'] as const, { description: 'Default desc' })),
});
export type AdminStoryListQuery = Static<typeof AdminStoryListQuerySchema>;
export const AdminStoryListSchema = ListSchema(AdminStorySchema);
export type AdminStoryList = Static<typeof AdminStoryListSchema>;

export const AdminStoryCreateBodySchema = Type.Object(
  {
    slug: SlugSchema,
    title: TitleSchema,
    description: Type.Optional(DescriptionSchema),
    poster: Type.Optional(PosterSchema),
    publishedAt: Type.Optional(Type.String({ format: 'date-time', description: 'When readers first see it; default now' })),
  },
  { additionalProperties: false },
);
export type AdminStoryCreateBody = Static<typeof AdminStoryCreateBodySchema>;
export const AdminStoryUpdateBodySchema = Type.Object(
  {
    slug: Type.Optional(SlugSchema),
    title: Type.Optional(TitleSchema),
    description: Type.Optional(DescriptionSchema),
    poster: Type.Optional(PosterSchema),
    publishedAt: Type.Optional(Type.String({ format: 'date-time', description: 'When readers first see it' })),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type AdminStoryUpdateBody = Static<typeof AdminStoryUpdateBodySchema>;

export const StoryCachePurgeSchema = Type.Object({
  storyId: IdSchema,
  purged: Type.Array(Type.String(), { description: 'The caches the story was purged from' }),
});
export type StoryCachePurge = Static<typeof StoryCachePurgeSchema>;
