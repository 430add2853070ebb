import { Type, type Static } from 'typebox';
import { AccountRole, AccountStatus, AdminRole, enumValues } from '../enums';
import { AccountUserSchema, EmailSchema, MemberUserSchema, NAME_MAX_LENGTH } from './accounts';
import { ListSchema, LiteralUnion, PaginationQuerySchema } from './common';
import { IdSchema } from './content';

/**
 * The admin console's people (SPEC §3 account status and roles, §6, §7 Admin): users, admin roles,
 * vendors with their users, and API keys. Superusers only (the access table).
 */

export const AccountStatusSchema = LiteralUnion(enumValues(AccountStatus), { description: 'SPEC §3 account status: 0 inactive, 1 active, 2 suspended' });
export const AdminRoleSchema = LiteralUnion(enumValues(AdminRole), { description: 'SPEC §3 admin role: 0 superuser, 1 moderator' });
export const AccountRoleSchema = LiteralUnion(enumValues(AccountRole), { description: 'SPEC §3 account role: 0 admin, 1 member' });
const SortOrderSchema = LiteralUnion(['asc', 'desc'] as const);
const DateTime = Type.String({ format: 'date-time' });
const DateTimeOrNull = Type.Union([DateTime, Type.Null()]);
const SearchSchema = (what: string) => Type.String({ maxLength: 254, description: `Part of ${what} (any case)` });
export const VENDOR_NAME_MAX = 120;
export const API_KEY_NAME_MAX = 80;
export const API_KEY_DEFAULT_NAME = 'Access Key';

// ── Users ──

/** A user in the admin's list. */
export const AdminUserSchema = Type.Object({
  id: IdSchema,
  email: Type.String(),
  name: Type.String(),
  status: AccountStatusSchema,
  adminRole: Type.Union([AdminRoleSchema, Type.Null()], { description: 'null for none' }),
  subscriptionExempt: Type.Boolean({ description: 'Reads without a subscription (PUT /v1/admin/users/{id}/config)' }),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type AdminUser = Static<typeof AdminUserSchema>;

/** One user as the admin sees them: the account, its memberships and settings, its sessions and keys. */
export const AdminUserDetailSchema = Type.Intersect([
  AccountUserSchema,
  Type.Object({
    subscriptionExempt: Type.Boolean({ description: 'Reads without a subscription; the same as settings.subscriptionExempt' }),
    language: Type.Union([Type.String(), Type.Null()]),
    updatedAt: DateTime,
    activeSessions: Type.Integer({ minimum: 0, description: 'Sign-ins whose refresh token is still live' }),
    liveApiKeys: Type.Integer({ minimum: 0, description: 'API keys of the user that are not revoked' }),
    lastFailedLoginAt: DateTimeOrNull,
  }),
]);
export type AdminUserDetail = Static<typeof AdminUserDetailSchema>;

export const ADMIN_USER_SORTS = ['createdAt', 'email', 'name', 'status'] as const;
export const AdminUserListQuerySchema = Type.Object({
  ...PaginationQuerySchema.properties,
  q: Type.Optional(SearchSchema('the email address or the name')),
  status: Type.Optional(AccountStatusSchema),
  role: Type.Optional(AdminRoleSchema),
  subscriptionExempt: Type.Optional(Type.Boolean({ description: 'true: exempt users only; false: the others' })),
  sort: Type.Optional(LiteralUnion(ADMIN_USER_SORTS, { description: 'Default createdAt' })),
  order: Type.Optional(SortOrderSchema),
});
export type AdminUserListQuery = Static<typeof AdminUserListQuerySchema>;
export const AdminUserListSchema = ListSchema(AdminUserSchema);
export type AdminUserList = Static<typeof AdminUserListSchema>;

export const AdminUserUpdateBodySchema = Type.Object(
  {
    status: Type.Optional(AccountStatusSchema),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: NAME_MAX_LENGTH })),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type AdminUserUpdateBody = Static<typeof AdminUserUpdateBodySchema>;

// ── Admin roles ──

export const AdminRoleHolderSchema = Type.Object({
  userId: IdSchema,
  email: Type.String(),
  name: Type.String(),
  status: AccountStatusSchema,
  role: AdminRoleSchema,
  createdAt: Type.String({ format: 'date-time', description: 'When the role was granted' }),
});
export type AdminRoleHolder = Static<typeof AdminRoleHolderSchema>;

export const ADMIN_ROLE_SORTS = ['createdAt', 'email', 'role'] as const;
export const AdminRoleListQuerySchema = Type.Object({
  ...PaginationQuerySchema.properties,
  q: Type.Optional(SearchSchema('the email address or the name')),
  role: Type.Optional(AdminRoleSchema),
  sort: Type.Optional(LiteralUnion(ADMIN_ROLE_SORTS, { description: 'Default role (superusers first), then email' })),
  order: Type.Optional(SortOrderSchema),
});
export type AdminRoleListQuery = Static<typeof AdminRoleListQuerySchema>;
export const AdminRoleListSchema = ListSchema(AdminRoleHolderSchema);
export type AdminRoleList = Static<typeof AdminRoleListSchema>;

/** SPEC §3 "admin-role users: email, role". */
export const AdminRoleGrantBodySchema = Type.Object(
  { email: EmailSchema, role: AdminRoleSchema },
  { additionalProperties: false },
);
export type AdminRoleGrantBody = Static<typeof AdminRoleGrantBodySchema>;
export const AdminRoleUpdateBodySchema = Type.Object({ role: AdminRoleSchema }, { additionalProperties: false });
export type AdminRoleUpdateBody = Static<typeof AdminRoleUpdateBodySchema>;
export const UserIdParamsSchema = Type.Object({ userId: IdSchema });
export type UserIdParams = Static<typeof UserIdParamsSchema>;

// ── Vendors and their users ──

export const AdminVendorSchema = Type.Object({
  id: IdSchema,
  name: Type.String(),
  userCount: Type.Integer({ minimum: 0 }),
  liveApiKeys: Type.Integer({ minimum: 0, description: 'Keys of the vendor itself that are not revoked' }),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type AdminVendor = Static<typeof AdminVendorSchema>;

export const ADMIN_VENDOR_SORTS = ['name', 'createdAt'] as const;
export const AdminVendorListQuerySchema = Type.Object({
  ...PaginationQuerySchema.properties,
  q: Type.Optional(SearchSchema('the name')),
  sort: Type.Optional(LiteralUnion(ADMIN_VENDOR_SORTS, { description: 'Default name' })),
  order: Type.Optional(SortOrderSchema),
});
export type AdminVendorListQuery = Static<typeof AdminVendorListQuerySchema>;
export const AdminVendorListSchema = ListSchema(AdminVendorSchema);
export type AdminVendorList = Static<typeof AdminVendorListSchema>;

export const AdminVendorBodySchema = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: VENDOR_NAME_MAX, description: 'Unique, without regard to case' }) },
  { additionalProperties: false },
);
export type AdminVendorBody = Static<typeof AdminVendorBodySchema>;

export const VendorUserParamsSchema = Type.Object({ id: IdSchema, userId: IdSchema });
export type VendorUserParams = Static<typeof VendorUserParamsSchema>;

export const ADMIN_MEMBER_SORTS = ['role', 'email', 'createdAt'] as const;
export const AdminVendorUserListQuerySchema = Type.Object({
  ...PaginationQuerySchema.properties,
  q: Type.Optional(SearchSchema('the email address or the name')),
  role: Type.Optional(AccountRoleSchema),
  sort: Type.Optional(LiteralUnion(ADMIN_MEMBER_SORTS, { description: 'Default role (admins first), then email' })),
  order: Type.Optional(SortOrderSchema),
});
export type AdminVendorUserListQuery = Static<typeof AdminVendorUserListQuerySchema>;
export const AdminVendorUserListSchema = ListSchema(MemberUserSchema);

/** SPEC §3 "vendor users: email, role". */
export const VendorUserBodySchema = Type.Object({ email: EmailSchema, role: AccountRoleSchema }, { additionalProperties: false });
export type VendorUserBody = Static<typeof VendorUserBodySchema>;
export const VendorUserUpdateBodySchema = Type.Object({ role: AccountRoleSchema }, { additionalProperties: false });
export type VendorUserUpdateBody = Static<typeof VendorUserUpdateBodySchema>;

// ── API keys ──

export const AdminApiKeySchema = Type.Object({
  id: IdSchema,
  name: Type.String(),
  prefix: Type.String({ description: 'The key’s first characters, to tell keys apart; the key itself is never shown again' }),
  vendor: Type.Union([Type.Object({ id: IdSchema, name: Type.String() }), Type.Null()], { description: 'The vendor the key belongs to, or null for a user’s key' }),
  user: Type.Union([Type.Object({ id: IdSchema, email: Type.String(), name: Type.String() }), Type.Null()], {
    description: 'The user the key belongs to (it acts for their vendors), or null for a vendor’s key',
  }),
  createdAt: DateTime,
  lastUsedAt: DateTimeOrNull,
  revokedAt: Type.Union([DateTime, Type.Null()], { description: 'When it stopped working; null while it works' }),
});
export type AdminApiKey = Static<typeof AdminApiKeySchema>;

/** The answer to creating a key: the only time the key itself is shown. */
export const AdminApiKeyCreatedSchema = Type.Intersect([
  AdminApiKeySchema,
  Type.Object({ key: Type.String({ description: 'The key itself, shown this once: it is stored only as a hash' }) }),
]);
export type AdminApiKeyCreated = Static<typeof AdminApiKeyCreatedSchema>;

export const ADMIN_API_KEY_SORTS = ['createdAt', 'name', 'lastUsedAt'] as const;
export const AdminApiKeyListQuerySchema = Type.Object({
  ...PaginationQuerySchema.properties,
  vendorId: Type.Optional(Type.String({ format: 'uuid', description: 'Keys of this vendor' })),
  userId: Type.Optional(Type.String({ format: 'uuid', description: 'Keys of this user' })),
  q: Type.Optional(SearchSchema('the key’s name or prefix')),
  revoked: Type.Optional(Type.Boolean({ description: 'true: revoked keys only; false: live keys only' })),
  sort: Type.Optional(LiteralUnion(ADMIN_API_KEY_SORTS, { description: 'Default createdAt' })),
  order: Type.Optional(SortOrderSchema),
});
export type AdminApiKeyListQuery = Static<typeof AdminApiKeyListQuerySchema>;
export const AdminApiKeyListSchema = ListSchema(AdminApiKeySchema);
export type AdminApiKeyList = Static<typeof AdminApiKeyListSchema>;

/** SPEC §3 "API key creation: vendorId or userId, plus name (default 'Access Key')": exactly one owner. */
export const AdminApiKeyBodySchema = Type.Object(
  {
    vendorId: Type.Optional(Type.String({ format: 'uuid', description: 'The vendor the key acts for' })),
    userId: Type.Optional(Type.String({ format: 'uuid', description: 'The user the key acts for (for the vendors they belong to)' })),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: API_KEY_NAME_MAX, default: API_KEY_DEFAULT_NAME })),
  },
  { additionalProperties: false },
);
export type AdminApiKeyBody = Static<typeof AdminApiKeyBodySchema>;
