import { Type, type Static } from 'typebox';
import { AccountRole, enumValues } from '../enums';
import { EmailSchema, MemberUserSchema } from './accounts';
import { ListSchema, LiteralUnion, PaginationQuerySchema } from './common';
import { CategorySchema, IdSchema, PublisherSchema } from './content';

/**
 * The admin console's catalogue (SPEC §3 category and publisher fields, §7 Admin): categories
 * (moderators and superusers), publishers and their users (superusers only; the access table).
 */

export const CATALOGUE_SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
export const CATALOGUE_SLUG_MAX = 80;
export const CATALOGUE_NAME_MAX = 120;
export const CATALOGUE_DESCRIPTION_MAX = 1000;
export const BRANDING_KEYS_MAX = 20;

const SlugSchema = Type.String({
  minLength: 2,
  maxLength: CATALOGUE_SLUG_MAX,
  pattern: CATALOGUE_SLUG_PATTERN,
  description: 'Lower-case letters and digits in words joined by "-" (e.g. world-news); unique',
});
const NameSchema = Type.String({ minLength: 1, maxLength: CATALOGUE_NAME_MAX, pattern: '\\S' });
const DescriptionSchema = Type.String({ maxLength: CATALOGUE_DESCRIPTION_MAX });
const SortOrderSchema = LiteralUnion(['asc', 'desc'] as const, { description: 'Default asc' });
const SearchSchema = (what: string) => Type.String({ maxLength: 200, description: `Part of ${what} (any case)` });
const DateTime = Type.String({ format: 'date-time' });
const WebAddress = (description: string) =>
  Type.Union([Type.String({ maxLength: 2000, format: 'uri', pattern: '^https?://', description }), Type.Null()]);

// ── Categories ──

export const AdminCategorySchema = Type.Intersect([
  CategorySchema,
  Type.Object({
    articleCount: Type.Integer({ minimum: 0, description: 'Articles in this category, of any status' }),
    createdAt: DateTime,
  }),
]);
export type AdminCategory = Static<typeof AdminCategorySchema>;

export const ADMIN_CATEGORY_SORTS = ['name', 'slug', 'createdAt', 'articleCount'] as const;
export const AdminCategoryListQuerySchema = Type.Object({
  ...PaginationQuerySchema.properties,
  q: Type.Optional(SearchSchema('the name, slug or description')),
  inUse: Type.Optional(Type.Boolean({ description: 'true: categories with articles; false: those without' })),
  sort: Type.Optional(LiteralUnion(ADMIN_CATEGORY_SORTS, { description: 'Default name' })),
  order: Type.Optional(SortOrderSchema),
});
export type AdminCategoryListQuery = Static<typeof AdminCategoryListQuerySchema>;
export const AdminCategoryListSchema = ListSchema(AdminCategorySchema);
export type AdminCategoryList = Static<typeof AdminCategoryListSchema>;

export const AdminCategoryCreateBodySchema = Type.Object(
  { slug: SlugSchema, name: NameSchema, description: Type.Optional(DescriptionSchema) },
  { additionalProperties: false },
);
export type AdminCategoryCreateBody = Static<typeof AdminCategoryCreateBodySchema>;
export const AdminCategoryUpdateBodySchema = Type.Object(
  { slug: Type.Optional(SlugSchema), name: Type.Optional(NameSchema), description: Type.Optional(DescriptionSchema) },
  { additionalProperties: false, minProperties: 1 },
);
export type AdminCategoryUpdateBody = Static<typeof AdminCategoryUpdateBodySchema>;

// ── Publishers ──

export const AdminPublisherSchema = Type.Intersect([
  PublisherSchema,
  Type.Object({
    articleCount: Type.Integer({ minimum: 0, description: 'Articles of this publisher, of any status' }),
    userCount: Type.Integer({ minimum: 0, description: 'Publisher users (admins and members)' }),
    createdAt: DateTime,
    updatedAt: DateTime,
  }),
]);
export type AdminPublisher = Static<typeof AdminPublisherSchema>;

export const ADMIN_PUBLISHER_SORTS = ['name', 'slug', 'createdAt', 'updatedAt', 'articleCount', 'userCount'] as const;
export const AdminPublisherListQuerySchema = Type.Object({
  ...PaginationQuerySchema.properties,
  q: Type.Optional(SearchSchema('the name, slug or website')),
  inUse: Type.Optional(Type.Boolean({ description: 'true: publishers with articles; false: those without' })),
  userId: Type.Optional(Type.String({ format: 'uuid', description: 'Publishers this user belongs to' })),
  sort: Type.Optional(LiteralUnion(ADMIN_PUBLISHER_SORTS, { description: 'Default name' })),
  order: Type.Optional(SortOrderSchema),
});
export type AdminPublisherListQuery = Static<typeof AdminPublisherListQuerySchema>;
export const AdminPublisherListSchema = ListSchema(AdminPublisherSchema);
export type AdminPublisherList = Static<typeof AdminPublisherListSchema>;

/** Colours under keys ending in Colour or Color must be colours (SPEC §5); other values are text. */
const BrandingSchema = Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9]{0,39}$' }), Type.String({ maxLength: 200 }), {
  maxProperties: BRANDING_KEYS_MAX,
  additionalProperties: false,
  description: 'e.g. {"primaryColour": "#0A84FF", "backgroundColour": "#0B1B2B"}; values of keys ending in Colour or Color must be hex, rgb(a), hsl(a) or color() notation',
});

const publisherFields = {
  slug: SlugSchema,
  name: NameSchema,
  description: DescriptionSchema,
  website: WebAddress('The publisher’s site, http(s)'),
  logoUrl: WebAddress('Its logo, an http(s) address'),
  branding: BrandingSchema,
};
export const AdminPublisherCreateBodySchema = Type.Object(
  {
    slug: publisherFields.slug,
    name: publisherFields.name,
    description: Type.Optional(publisherFields.description),
    website: Type.Optional(publisherFields.website),
    logoUrl: Type.Optional(publisherFields.logoUrl),
    branding: Type.Optional(publisherFields.branding),
  },
  { additionalProperties: false },
);
export type AdminPublisherCreateBody = Static<typeof AdminPublisherCreateBodySchema>;
export const AdminPublisherUpdateBodySchema = Type.Object(
  {
    slug: Type.Optional(publisherFields.slug),
    name: Type.Optional(publisherFields.name),
    description: Type.Optional(publisherFields.description),
    website: Type.Optional(publisherFields.website),
    logoUrl: Type.Optional(publisherFields.logoUrl),
    branding: Type.Optional(publisherFields.branding),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type AdminPublisherUpdateBody = Static<typeof AdminPublisherUpdateBodySchema>;

// ── Publisher users (SPEC §3 "publisher users: email, role"; §6 account role admin 0, member 1) ──

const PublisherRoleSchema = LiteralUnion(enumValues(AccountRole), { description: 'SPEC §3 account role: 0 admin (its users and settings), 1 member (its articles)' });
export const PublisherUserParamsSchema = Type.Object({ id: IdSchema, userId: IdSchema });
export type PublisherUserParams = Static<typeof PublisherUserParamsSchema>;

export const ADMIN_PUBLISHER_USER_SORTS = ['role', 'email', 'createdAt'] as const;
export const AdminPublisherUserListQuerySchema = Type.Object({
  ...PaginationQuerySchema.properties,
  q: Type.Optional(SearchSchema('the email address or the name')),
  role: Type.Optional(PublisherRoleSchema),
  sort: Type.Optional(LiteralUnion(ADMIN_PUBLISHER_USER_SORTS, { description: 'Default role (admins first), then email' })),
  order: Type.Optional(SortOrderSchema),
});
export type AdminPublisherUserListQuery = Static<typeof AdminPublisherUserListQuerySchema>;
export const AdminPublisherUserListSchema = ListSchema(MemberUserSchema);
export type AdminPublisherUserList = Static<typeof AdminPublisherUserListSchema>;

export const AdminPublisherUserBodySchema = Type.Object({ email: EmailSchema, role: PublisherRoleSchema }, { additionalProperties: false });
export type AdminPublisherUserBody = Static<typeof AdminPublisherUserBodySchema>;
export const AdminPublisherUserUpdateBodySchema = Type.Object({ role: PublisherRoleSchema }, { additionalProperties: false });
export type AdminPublisherUserUpdateBody = Static<typeof AdminPublisherUserUpdateBodySchema>;
