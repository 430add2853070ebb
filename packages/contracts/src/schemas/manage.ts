import { Type, type Static } from 'typebox';
import { ARTICLE_DESCRIPTION_MAX, ARTICLE_DESCRIPTION_MIN, ARTICLE_SLUG_MIN, ARTICLE_TITLE_MIN } from '../constants';
import { MediaType, enumValues } from '../enums';
import { REGIONS } from '../regions';
import {
  ADMIN_ARTICLE_SORTS,
  ARTICLE_LANGUAGE_PATTERN,
  ARTICLE_SLUG_MAX,
  ARTICLE_SLUG_PATTERN,
  ARTICLE_TITLE_MAX,
  AdminArticleListResponseSchema,
  AdminArticleUpdateBodySchema,
  ArticleSourceFieldsSchema,
  ArticleStatusSchema,
  ReviewStatusSchema,
} from './admin-articles';
import { LiteralUnion, PaginationQuerySchema } from './common';
import { IdSchema, PublisherSchema } from './content';

/**
 * The publisher studio (SPEC §7 "Publisher management (/v1/manage)", issue 16): a publisher's
 * settings and branding, and its own articles. Articles are those of the caller's active publisher
 * (chosen with PUT /v1/users/publisher); settings name the publisher in the path. Article answers
 * are AdminArticleSchema (every state, the moderator's reviewNote, every media file).
 */

// ── Settings and branding ──

export const PUBLISHER_NAME_MAX = 120;
export const PUBLISHER_DESCRIPTION_MAX = 2000;
export const PUBLISHER_WEBSITE_MAX = 2000;
/** A colour value (SPEC §5 colour rule: hex, rgb(), rgba(), hsl(), hsla() or color()), at most. */
export const PUBLISHER_COLOUR_MAX = 100;
/** The branding colours a publisher sets; kept in the public `branding` record under these names. */
export const PUBLISHER_COLOURS = ['primaryColour', 'secondaryColour', 'backgroundColour'] as const;
export type PublisherColour = (typeof PUBLISHER_COLOURS)[number];
/** The two images of a publisher's branding. */
export const PUBLISHER_IMAGES = ['logo', 'banner'] as const;
export type PublisherImageKind = (typeof PUBLISHER_IMAGES)[number];
export const PUBLISHER_IMAGE_FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type PublisherImageFileType = (typeof PUBLISHER_IMAGE_FILE_TYPES)[number];
/** A logo or banner file, at most (5 MB). */
export const PUBLISHER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** PUT /v1/manage/publishers/{id}/settings: fields left out stay as they are. */
export const ManagePublisherSettingsBodySchema = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: PUBLISHER_NAME_MAX, description: 'Shown on the publisher’s page, its cards and its articles' })),
    description: Type.Optional(Type.String({ maxLength: PUBLISHER_DESCRIPTION_MAX })),
    website: Type.Optional(
      Type.Union([Type.String({ format: 'uri', pattern: '^https?://', maxLength: PUBLISHER_WEBSITE_MAX }), Type.Null()], { description: 'An http(s) address; null clears it' }),
    ),
    defaultLanguage: Type.Optional(Type.String({ pattern: ARTICLE_LANGUAGE_PATTERN, description: 'The language new articles take when they name none, e.g. en, pt-BR' })),
    defaultRegionId: Type.Optional(Type.Integer({ minimum: 0, maximum: REGIONS.length - 1, description: 'The SPEC §3 region new articles take when they name none (0 Global)' })),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type ManagePublisherSettingsBody = Static<typeof ManagePublisherSettingsBodySchema>;

const colour = (what: string) =>
  Type.Optional(
    Type.Union([Type.String({ minLength: 1, maxLength: PUBLISHER_COLOUR_MAX }), Type.Null()], {
      description: `The ${what} colour: hex (#0a84ff), rgb(), rgba(), hsl(), hsla() or color() notation (SPEC §5); null removes it. Anything else is a 400 naming the field.`,
      examples: ['#0A84FF', 'rgb(10, 132, 255)', 'hsl(210, 100%, 52%)'],
    }),
  );

export const PublisherImageDeclarationSchema = Type.Object(
  {
    fileType: LiteralUnion(PUBLISHER_IMAGE_FILE_TYPES, { description: 'The image’s type; its bytes must be this type' }),
    fileName: Type.String({ minLength: 1, maxLength: 200, description: 'The file’s name, as the publisher chose it (shown back, never used as a path)' }),
  },
  { additionalProperties: false },
);
export type PublisherImageDeclaration = Static<typeof PublisherImageDeclarationSchema>;

const image = (what: string) =>
  Type.Optional(
    Type.Union([PublisherImageDeclarationSchema, Type.Null()], {
      description: `Declares a new ${what} (SPEC §3 "Branding and asset uploads": fileType, fileName); then PUT its bytes to the answer's assets.${what}.uploadUrl. null removes the ${what}.`,
    }),
  );

/** PUT /v1/manage/publishers/{id}/settings/branding: fields left out stay as they are. */
export const ManagePublisherBrandingBodySchema = Type.Object(
  {
    primaryColour: colour('primary'),
    secondaryColour: colour('secondary'),
    backgroundColour: colour('background'),
    logo: image('logo'),
    banner: image('banner'),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type ManagePublisherBrandingBody = Static<typeof ManagePublisherBrandingBodySchema>;

export const PublisherImageSchema = Type.Object({
  fileType: LiteralUnion(PUBLISHER_IMAGE_FILE_TYPES),
  fileName: Type.String(),
  url: Type.Union([Type.String(), Type.Null()], { description: 'Where the file is served; null until its bytes are uploaded' }),
  uploadUrl: Type.String({
    description: `PUT the image's bytes here with the same token, Content-Type: its fileType, at most ${PUBLISHER_IMAGE_MAX_BYTES} bytes; a new upload replaces the last`,
  }),
});
export type PublisherImage = Static<typeof PublisherImageSchema>;

/** A publisher as its own users manage it: the public publisher, and its declared logo and banner. */
export const ManagedPublisherSchema = Type.Intersect([
  PublisherSchema,
  Type.Object({
    assets: Type.Object({
      logo: Type.Union([PublisherImageSchema, Type.Null()]),
      banner: Type.Union([PublisherImageSchema, Type.Null()]),
    }, { description: 'The logo and banner declared with the branding, uploaded (url set) or waiting for their bytes (url null)' }),
    updatedAt: Type.String({ format: 'date-time' }),
  }),
]);
export type ManagedPublisher = Static<typeof ManagedPublisherSchema>;

export const PublisherImageParamsSchema = Type.Object({ id: IdSchema, image: LiteralUnion(PUBLISHER_IMAGES) });

// ── Articles ──

export const MANAGE_ARTICLE_MEDIA_MAX = 20;
export const MANAGE_ARTICLE_SORTS = ADMIN_ARTICLE_SORTS;

/** GET /v1/manage/articles: the active publisher's own articles in every state. */
export const ManageArticleListQuerySchema = Type.Object({
  ...PaginationQuerySchema.properties,
  q: Type.Optional(Type.String({ maxLength: ARTICLE_TITLE_MAX, description: 'Part of the title (any case, accents ignored), or the exact slug or id' })),
  status: Type.Optional(ArticleStatusSchema),
  reviewStatus: Type.Optional(ReviewStatusSchema),
  language: Type.Optional(Type.String({ pattern: ARTICLE_LANGUAGE_PATTERN, description: 'Articles in this language, e.g. en' })),
  categoryId: Type.Optional(IdSchema),
  sort: Type.Optional(LiteralUnion(MANAGE_ARTICLE_SORTS, { description: 'Default createdAt' })),
  order: Type.Optional(LiteralUnion(['asc', 'desc'] as const, { description: 'Default desc' })),
});
export type ManageArticleListQuery = Static<typeof ManageArticleListQuerySchema>;

/** GET /v1/manage/articles/search: words in the title, description, summary or transcript. */
export const ManageArticleSearchQuerySchema = Type.Object({
  ...PaginationQuerySchema.properties,
  q: Type.String({ minLength: 1, maxLength: ARTICLE_TITLE_MAX, description: 'Words to find (stemmed, accents ignored), or part of the title, or the exact slug or id' }),
});
export type ManageArticleSearchQuery = Static<typeof ManageArticleSearchQuerySchema>;

export const ManageArticleListResponseSchema = AdminArticleListResponseSchema;
export type ManageArticleList = Static<typeof ManageArticleListResponseSchema>;

/** One media file of an article, by its address (SPEC §3 Media asset: fileType, fileSize, language, url). */
export const ManageArticleMediaSchema = Type.Object(
  {
    type: LiteralUnion(enumValues(MediaType), { description: 'Media type: 1 video, 2 audio, 3 image, 4 transcript, 5 dubbed video; 1, 2 and 5 are playable' }),
    url: Type.String({ format: 'uri', pattern: '^https?://', maxLength: 2000, description: 'Where the file is served (http or https)' }),
    fileType: Type.String({ minLength: 3, maxLength: 100, pattern: '^[a-z]+/[a-z0-9.+-]+$', description: 'MIME type, e.g. video/mp4' }),
    fileSize: Type.Optional(Type.Integer({ minimum: 0, description: 'Bytes' })),
    language: Type.Optional(Type.String({ pattern: ARTICLE_LANGUAGE_PATTERN, description: 'For transcripts and dubbed video' })),
    durationSeconds: Type.Optional(Type.Number({ minimum: 0 })),
  },
  { additionalProperties: false },
);
export type ManageArticleMedia = Static<typeof ManageArticleMediaSchema>;

const editable = AdminArticleUpdateBodySchema.properties;
const media = Type.Array(ManageArticleMediaSchema, {
  maxItems: MANAGE_ARTICLE_MEDIA_MAX,
  description: 'The article’s media files (direct URLs). Without a playable one (video, audio, dubbed video) the article waits in preparing until it has one. On PUT, the whole list is replaced.',
});
const submit = Type.Optional(
  Type.Boolean({ description: 'true (the default): send it on for review (a draft or one sent back as needing work). false: keep it a draft (pending).' }),
);

/**
 * POST /v1/manage/articles/bundle: an article with everything it needs in one request. SPEC §5
 * minimums: slug ≥ 6, title ≥ 12, description 50–400 characters.
 */
export const ManageArticleBundleCreateBodySchema = Type.Object(
  {
    title: Type.String({ minLength: ARTICLE_TITLE_MIN, maxLength: ARTICLE_TITLE_MAX, description: `At least ${ARTICLE_TITLE_MIN} characters (SPEC §5)` }),
    slug: Type.String({
      minLength: ARTICLE_SLUG_MIN,
      maxLength: ARTICLE_SLUG_MAX,
      pattern: ARTICLE_SLUG_PATTERN,
      description: `${ARTICLE_SLUG_MIN} to ${ARTICLE_SLUG_MAX} lower-case letters and digits in words joined by dashes (SPEC §5); unique among all articles`,
    }),
    description: Type.String({
      minLength: ARTICLE_DESCRIPTION_MIN,
      maxLength: ARTICLE_DESCRIPTION_MAX,
      description: `${ARTICLE_DESCRIPTION_MIN} to ${ARTICLE_DESCRIPTION_MAX} characters (SPEC §5)`,
    }),
    summary: editable.summary,
    territory: editable.territory,
    breaking: editable.breaking,
    language: Type.Optional(Type.String({ pattern: ARTICLE_LANGUAGE_PATTERN, description: 'e.g. en, pt-BR; default the publisher’s defaultLanguage' })),
    regionIds: editable.regionIds,
    categoryIds: editable.categoryIds,
    location: editable.location,
    scheduledAt: Type.Optional(
      Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When it goes live once approved (it is then scheduled, and the publishing job puts it live at that time); null or left out: as soon as it is approved' }),
    ),
    ...ArticleSourceFieldsSchema.properties,
    media: Type.Optional(media),
    submit,
  },
  { additionalProperties: false },
);
export type ManageArticleBundleCreateBody = Static<typeof ManageArticleBundleCreateBodySchema>;

/** PUT /v1/manage/articles/bundle/{id}: fields left out stay as they are; `media` replaces the list. */
export const ManageArticleBundleUpdateBodySchema = Type.Object(
  {
    ...editable,
    media: Type.Optional(media),
    submit,
  },
  { additionalProperties: false, minProperties: 1 },
);
export type ManageArticleBundleUpdateBody = Static<typeof ManageArticleBundleUpdateBodySchema>;
