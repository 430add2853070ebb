import { Type, type Static } from 'typebox';
import { PAGE_LIMIT, PAGE_LIMIT_MAX, SEARCH_QUERY_MAX_LENGTH } from '../constants';
import { API_KEY_DEFAULT_NAME, API_KEY_NAME_MAX } from './admin-people';
import { LiteralUnion, PaginationQuerySchema } from './common';
import { ArticleHitSchema, ArticleSchema, ArticleSummarySchema, CsvQuerySchema, IdSchema } from './content';

/**
 * The vendor area (SPEC §6, §7 "Vendor (/v1/vendor)"): the API vendors build on. Every call acts
 * for the caller's own vendor: the vendor of the API key behind a vendor token, or the vendor the
 * signed-in user belongs to (the first by name when they belong to several).
 */

const DateTime = Type.String({ format: 'date-time' });

// ── API keys ──

export const VendorApiKeySchema = Type.Object({
  id: IdSchema,
  name: Type.String(),
  prefix: Type.String({ description: 'The key’s first characters, to tell keys apart; the key itself is never shown again' }),
  createdAt: DateTime,
  lastUsedAt: Type.Union([DateTime, Type.Null()], { description: 'When it was last exchanged for a token at POST /v1/auth/vendor' }),
  revokedAt: Type.Union([DateTime, Type.Null()], { description: 'When it stopped working; null while it works' }),
});
export type VendorApiKey = Static<typeof VendorApiKeySchema>;

export const VendorApiKeyListQuerySchema = Type.Object({
  key: Type.Optional(
    Type.String({
      minLength: 9,
      maxLength: 200,
      pattern: '^[A-Za-z0-9_-]+$',
      description: 'Which of the vendor’s keys this is: a key’s prefix as the list shows it (9 characters, e.g. nr_AbC123), or the start of the key itself: only its first 9 characters are compared, with the stored prefix. Send the prefix: a whole key does not belong in a URL.',
    }),
  ),
});
export type VendorApiKeyListQuery = Static<typeof VendorApiKeyListQuerySchema>;
export const VendorApiKeyListSchema = Type.Object({ items: Type.Array(VendorApiKeySchema) });
export type VendorApiKeyList = Static<typeof VendorApiKeyListSchema>;

export const VendorApiKeyBodySchema = Type.Object(
  { name: Type.Optional(Type.String({ minLength: 1, maxLength: API_KEY_NAME_MAX, default: API_KEY_DEFAULT_NAME, description: `What the key is for; default “${API_KEY_DEFAULT_NAME}”` })) },
  { additionalProperties: false },
);
export type VendorApiKeyBody = Static<typeof VendorApiKeyBodySchema>;

/** The answer to creating or rotating a key: the only time the key itself is shown. */
export const VendorApiKeyCreatedSchema = Type.Intersect([
  VendorApiKeySchema,
  Type.Object({ key: Type.String({ description: 'The key itself, shown this once: it is stored only as a hash' }) }),
]);
export type VendorApiKeyCreated = Static<typeof VendorApiKeyCreatedSchema>;

// ── Articles ──

export const VENDOR_ARTICLE_ORDERS = ['desc', 'asc'] as const;
export const VendorArticleListQuerySchema = Type.Object({
  cursor: Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, description: 'The `nextCursor` of the previous page; leave it out for the first page. Use it with the same filters and order.' }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, default: PAGE_LIMIT, description: `Articles per page; values above ${PAGE_LIMIT_MAX} are clamped to ${PAGE_LIMIT_MAX}` })),
  order: Type.Optional(LiteralUnion(VENDOR_ARTICLE_ORDERS, { description: 'By `updatedAt`: desc (default) latest change first; asc oldest first, for syncing' })),
  updatedSince: Type.Optional(Type.String({ format: 'date-time', description: 'Only articles whose `updatedAt` is at or after this time (ISO 8601, e.g. 2026-11-01T00:00:00Z)' })),
  language: Type.Optional(Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z]{2,4})?$', description: 'Articles in this language, e.g. en, pt-BR' })),
  regionIds: Type.Optional(CsvQuerySchema('Region ids; articles in any of them')),
  categoryIds: Type.Optional(CsvQuerySchema('Category ids; articles in any of them')),
  publisherId: Type.Optional(IdSchema),
});
export type VendorArticleListQuery = Static<typeof VendorArticleListQuerySchema>;

export const VendorArticleSummarySchema = Type.Intersect([
  ArticleSummarySchema,
  Type.Object({ updatedAt: Type.String({ format: 'date-time', description: 'When the article last changed or went live, whichever is later' }) }),
]);
export type VendorArticleSummary = Static<typeof VendorArticleSummarySchema>;

export const VendorArticleListSchema = Type.Object({
  items: Type.Array(VendorArticleSummarySchema),
  limit: Type.Integer(),
  nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'Pass as `cursor` for the next page; null on the last page' }),
});
export type VendorArticleList = Static<typeof VendorArticleListSchema>;

export const VendorArticleSearchQuerySchema = Type.Object({
  ...PaginationQuerySchema.properties,
  q: Type.String({ minLength: 1, maxLength: SEARCH_QUERY_MAX_LENGTH, description: 'Words to find in title, description, summary and transcript' }),
});
export type VendorArticleSearchQuery = Static<typeof VendorArticleSearchQuerySchema>;
export const VendorArticleSearchSchema = Type.Object({
  q: Type.String(),
  items: Type.Array(ArticleHitSchema),
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
});
export type VendorArticleSearch = Static<typeof VendorArticleSearchSchema>;

export const VendorArticleQuerySchema = Type.Object({
  language: Type.Optional(Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z]{2,4})?$', description: 'Transcript language wanted; default the article’s own' })),
});
export const VendorArticleSchema = Type.Intersect([ArticleSchema, Type.Object({ updatedAt: DateTime })]);
export type VendorArticle = Static<typeof VendorArticleSchema>;
