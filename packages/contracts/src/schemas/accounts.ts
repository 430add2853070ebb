import { Type, type Static } from 'typebox';
import { RADIUS_OPTIONS_M, EMAIL_MAX_LENGTH } from '../constants';
import { AccountRole, AccountStatus, AdminRole } from '../enums';
import { ListSchema, LiteralUnion } from './common';
import { IdSchema } from './content';

/** Passwords: long enough to resist guessing, short enough that hashing cannot be abused (OWASP ASVS 2.1). */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 80;
/** How long an access token lives; the web refreshes it a minute before. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** How long a refresh token (and so a session without activity) lives. */
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
export const RESET_KEY_TTL_SECONDS = 60 * 60;
export const VERIFY_KEY_TTL_SECONDS = 24 * 60 * 60;
/** The httpOnly cookie that carries the refresh token, sent only to /v1/users/*. */
export const REFRESH_COOKIE_NAME = 'newsreel_refresh';
export const REFRESH_COOKIE_PATH = '/v1/users';
/** Pages of the web app that mail links open; the key travels in the query string. */
export const VERIFY_PAGE_PATH = '/account/verify';
export const RESET_PAGE_PATH = '/account/reset';

const visitorId = (description: string) => Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description });
const email = (description = 'An email address') =>
  // One @, something on each side, a dot in the domain: what every mail server also requires.
  Type.String({ minLength: 3, maxLength: EMAIL_MAX_LENGTH, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', description });
const password = (description = `At least ${PASSWORD_MIN_LENGTH} characters, not one of the commonly used passwords`) =>
  Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH, description });
const currentPassword = (description = 'The password the account has now') =>
  Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH, description });
export const EmailSchema = email();
export const PasswordSchema = password();
const NameSchema = Type.String({ minLength: 1, maxLength: NAME_MAX_LENGTH, description: 'How the reader is greeted' });
/** Single-use keys sent by mail: 32 random bytes, base64url. */
const MailKeySchema = Type.String({ minLength: 20, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$', description: 'The key from the link in the mail' });

const VisitorField = Type.Optional(
  visitorId('The visitor this browser was until now: its likes, saves, views, scores, settings and devices become the user’s'),
);

export const RegisterBodySchema = Type.Object(
  { email: EmailSchema, password: PasswordSchema, name: NameSchema, visitorId: VisitorField },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBodySchema>;

export const LoginBodySchema = Type.Object(
  { email: EmailSchema, password: currentPassword(), visitorId: VisitorField },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBodySchema>;

export const VerifyBodySchema = Type.Object({ key: MailKeySchema }, { additionalProperties: false });
export type VerifyBody = Static<typeof VerifyBodySchema>;

export const ResetRequestBodySchema = Type.Object({ email: EmailSchema }, { additionalProperties: false });
export type ResetRequestBody = Static<typeof ResetRequestBodySchema>;
export const ResetCompleteBodySchema = Type.Object({ key: MailKeySchema, password: PasswordSchema }, { additionalProperties: false });
export type ResetCompleteBody = Static<typeof ResetCompleteBodySchema>;

export const UpdateUserBodySchema = Type.Object(
  {
    name: Type.Optional(NameSchema),
    email: Type.Optional(email('A new address: it takes effect once the link mailed to it is opened')),
    password: Type.Optional(password('A new password')),
    currentPassword: Type.Optional(currentPassword('Required to change the email or the password')),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateUserBody = Static<typeof UpdateUserBodySchema>;

export const DestroyUserBodySchema = Type.Object(
  { password: currentPassword('The account’s password, to confirm') },
  { additionalProperties: false },
);
export type DestroyUserBody = Static<typeof DestroyUserBodySchema>;

/** SPEC §3 settings keys with the value each takes; what a reader has not set reads as its default. */
export const ReaderSettingsSchema = Type.Object({
  bulletin: Type.Boolean({ description: 'Receive the news bulletin by email' }),
  blockedPublishers: Type.Array(IdSchema, { maxItems: 500, description: 'Publishers left out of the reader’s feeds' }),
  autoScoreAdjust: Type.Boolean({ description: 'Let what the reader watches adjust their category scores' }),
  localRadius: LiteralUnion(RADIUS_OPTIONS_M, { description: 'Radius of local news, in metres (SPEC §9 options)' }),
  blockedCategories: Type.Array(IdSchema, { maxItems: 500, description: 'Categories left out of the reader’s feeds' }),
  subscriptionExempt: Type.Boolean({ description: 'Reads without a subscription; set only by an admin' }),
});
export type ReaderSettings = Static<typeof ReaderSettingsSchema>;

/** PUT /v1/users/config: one key and its value; the value is checked against the key in the service. */
export const UserConfigBodySchema = Type.Object(
  {
    key: LiteralUnion(['bulletin', 'blockedPublishers', 'autoScoreAdjust', 'localRadius', 'blockedCategories', 'subscriptionExempt'] as const),
    value: Type.Union([Type.Boolean(), Type.Integer(), Type.Array(IdSchema, { maxItems: 500 })], {
      description: 'boolean for bulletin, autoScoreAdjust and subscriptionExempt; one of the radius options (metres) for localRadius; a list of ids for blockedPublishers and blockedCategories',
    }),
    visitorId: Type.Optional(visitorId("The visitor's id when no one is signed in")),
  },
  { additionalProperties: false },
);
export type UserConfigBody = Static<typeof UserConfigBodySchema>;

export const MembershipSchema = Type.Object({
  id: IdSchema,
  name: Type.String(),
  role: LiteralUnion([AccountRole.ADMIN, AccountRole.MEMBER], { description: 'Account role: 0 admin (manages its users and settings), 1 member' }),
});
export type Membership = Static<typeof MembershipSchema>;
export const MembershipListSchema = ListSchema(MembershipSchema);

/** The signed-in user as the app holds it (SPEC §1: user, accounts, admin role, publishers, vendor). */
export const AccountUserSchema = Type.Object({
  id: IdSchema,
  email: Type.String(),
  name: Type.String(),
  status: LiteralUnion([AccountStatus.INACTIVE, AccountStatus.ACTIVE, AccountStatus.SUSPENDED], {
    description: '0 inactive (email not confirmed yet), 1 active, 2 suspended',
  }),
  /** An address waiting for its confirmation link to be opened. */
  pendingEmail: Type.Union([Type.String(), Type.Null()]),
  adminRole: Type.Union([LiteralUnion([AdminRole.SUPERUSER, AdminRole.MODERATOR]), Type.Null()], {
    description: '0 superuser, 1 moderator, null for none',
  }),
  publishers: Type.Array(MembershipSchema, { description: 'Publishers the user belongs to, with their account role' }),
  activePublisherId: Type.Union([IdSchema, Type.Null()], { description: 'The publisher the studio acts for' }),
  vendors: Type.Array(MembershipSchema, { description: 'Vendors the user belongs to, with their account role' }),
  settings: ReaderSettingsSchema,
  createdAt: Type.String({ format: 'date-time' }),
});
export type AccountUser = Static<typeof AccountUserSchema>;

/** What sign-in and refresh answer; the refresh token itself travels only in its cookie. */
export const SessionSchema = Type.Object({
  accessToken: Type.String({ description: 'Send as `Authorization: Bearer …`' }),
  expiresIn: Type.Integer({ description: 'Seconds until the access token expires' }),
  user: AccountUserSchema,
});
export type Session = Static<typeof SessionSchema>;

export const MessageSchema = Type.Object({ message: Type.String({ description: 'What happened, for a person' }) });
export type Message = Static<typeof MessageSchema>;

export const ActivePublisherBodySchema = Type.Object({ publisherId: IdSchema }, { additionalProperties: false });
export type ActivePublisherBody = Static<typeof ActivePublisherBodySchema>;

export const AdminTokenSchema = Type.Object({
  accessToken: Type.String({ description: 'An admin-scoped access token for /v1/admin' }),
  expiresIn: Type.Integer(),
  adminRole: LiteralUnion([AdminRole.SUPERUSER, AdminRole.MODERATOR]),
});
export type AdminToken = Static<typeof AdminTokenSchema>;

export const VendorKeyBodySchema = Type.Object(
  { key: Type.String({ minLength: 20, maxLength: 200, description: 'A vendor API key' }) },
  { additionalProperties: false },
);
export type VendorKeyBody = Static<typeof VendorKeyBodySchema>;
export const VendorTokenSchema = Type.Object({
  accessToken: Type.String({ description: 'A vendor-scoped access token for /v1/vendor' }),
  expiresIn: Type.Integer(),
  vendor: Type.Object({ id: IdSchema, name: Type.String() }),
});
export type VendorToken = Static<typeof VendorTokenSchema>;

export const VendorSchema = Type.Object({
  id: IdSchema,
  name: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type Vendor = Static<typeof VendorSchema>;

/** A user of a publisher or vendor as its admins see them (SPEC §3: email, role). */
export const MemberUserSchema = Type.Object({
  userId: IdSchema,
  email: Type.String(),
  name: Type.String(),
  role: LiteralUnion([AccountRole.ADMIN, AccountRole.MEMBER], { description: 'Account role: 0 admin, 1 member' }),
  createdAt: Type.String({ format: 'date-time', description: 'When they joined' }),
});
export type MemberUser = Static<typeof MemberUserSchema>;
export const MemberUserListSchema = ListSchema(MemberUserSchema);

/** PUT /v1/admin/users/{id}/config: an admin sets one of a user's settings, subscriptionExempt included. */
export const AdminUserConfigBodySchema = Type.Object(
  { key: UserConfigBodySchema.properties.key, value: UserConfigBodySchema.properties.value },
  { additionalProperties: false },
);
export type AdminUserConfigBody = Static<typeof AdminUserConfigBodySchema>;
