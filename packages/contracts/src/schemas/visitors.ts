import { Type, type Static } from 'typebox';
import type { VisitorMetaField } from '../enums';
import { EmailSchema } from './accounts';
import { LiteralUnion } from './common';
import {
  AGE_BRACKET_PATTERN,
  AGE_MAX,
  INCOME_BRACKETS,
  PHONE_PATTERN,
  POST_CODE_PATTERN,
  SCREEN_SIZE_MAX,
  VISITOR_EXTRA_MAX_BYTES,
  VISITOR_ID_PATTERN,
  VISITOR_SERVER_FIELDS,
  VISITOR_SEXES,
  VISITOR_UPDATE_MAX_FIELDS,
  YOB_MIN,
} from '../visitor-meta';

/**
 * Visitors (SPEC §3 Visitor, §4 visitor lifecycle, §7 "Status and visitors"): the identity of one
 * browser. The browser makes its id (a UUID, before its first render) and keeps it; the server
 * stores what it detects of the caller (device, location, region, address) and what the reader
 * told about themselves (meta).
 */

const visitorId = (description: string) => Type.String({ minLength: 8, maxLength: 64, pattern: VISITOR_ID_PATTERN, description });
export const VisitorIdSchema = visitorId('The visitor id: 8 to 64 letters, digits, "-" or "_"; browsers make a UUID');

const screenSize = (description: string) => Type.Integer({ minimum: 0, maximum: SCREEN_SIZE_MAX, description });



/**
 * The meta fields (SPEC §3 visitor meta, VISITOR_META_FIELDS), each in one canonical form so that
 * what readers told can be counted; `visitorMetaValueOf` turns what a reader chose or typed (a
 * poll answer's label) into it.
 */
const metaFields = {
  email: EmailSchema,
  yob: Type.Integer({ minimum: YOB_MIN, maximum: new Date().getUTCFullYear(), description: `Year of birth, ${YOB_MIN} to this year` }),
  sex: LiteralUnion(VISITOR_SEXES, { description: `One of ${VISITOR_SEXES.join(', ')}` }),
  postCode: Type.String({
    minLength: 1,
    maxLength: 10,
    pattern: POST_CODE_PATTERN,
    description: 'A postal code as the country writes it, in capitals: letters and digits, with spaces or dashes inside, at most 10 characters (e.g. "10115", "SW1A 1AA", "1234 AB", "12345-6789")',
  }),
  phone: Type.String({
    pattern: PHONE_PATTERN,
    description: 'An international (E.164) number: "+", the country code and the number, digits only, 8 to 16 characters (e.g. "+4930123456")',
  }),
  incomeBracket: LiteralUnion(INCOME_BRACKETS, {
    description: `Household income against the reader's own country: one of ${INCOME_BRACKETS.join(', ')}`,
  }),
  ageBracket: Type.String({
    maxLength: 9,
    pattern: AGE_BRACKET_PATTERN,
    description: `An age range in whole years, 0 to ${AGE_MAX}: "18-24" (from, to, the first lower), "under-18" or "65+"; a poll may use any ranges ("25-39", "60+")`,
  }),
} satisfies Record<VisitorMetaField, unknown>;

export const VisitorMetaSchema = Type.Object(
  {
    email: Type.Optional(metaFields.email),
    yob: Type.Optional(metaFields.yob),
    sex: Type.Optional(metaFields.sex),
    postCode: Type.Optional(metaFields.postCode),
    phone: Type.Optional(metaFields.phone),
    incomeBracket: Type.Optional(metaFields.incomeBracket),
    ageBracket: Type.Optional(metaFields.ageBracket),
  },
  { additionalProperties: false, description: 'What the reader told about themselves (SPEC §3 visitor meta), e.g. by a poll’s visitor-meta question' },
);
export type VisitorMeta = Static<typeof VisitorMetaSchema>;

const orNull = <T extends Parameters<typeof Type.Optional>[0]>(schema: T) =>
  Type.Optional(Type.Union([schema, Type.Null()]));

/** PUT's meta: a field given replaces the one kept, null removes it, one left out stays. */
export const VisitorMetaChangeSchema = Type.Object(
  {
    email: orNull(metaFields.email),
    yob: orNull(metaFields.yob),
    sex: orNull(metaFields.sex),
    postCode: orNull(metaFields.postCode),
    phone: orNull(metaFields.phone),
    incomeBracket: orNull(metaFields.incomeBracket),
    ageBracket: orNull(metaFields.ageBracket),
  },
  { additionalProperties: false, description: 'Meta fields to change: a value replaces the one kept, null removes it, a field left out stays as it is' },
);
export type VisitorMetaChange = Static<typeof VisitorMetaChangeSchema>;

const detected = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

/** SPEC §3 visitor.device, read by the server from the User-Agent and the client hints (Sec-CH-UA-*). */
export const VisitorDeviceSchema = Type.Object({
  cpuArch: detected('e.g. amd64, arm64; null when not told'),
  type: detected('mobile, tablet, desktop, smarttv, console, wearable, xr or embedded; null when not known'),
  vendor: detected('e.g. Apple, Samsung'),
  model: detected('e.g. iPhone, Pixel 7'),
  osName: detected('e.g. Windows, Mac OS, iOS, Android, Linux'),
  osVersion: detected('e.g. 11, 14.4.1'),
  browserName: detected('e.g. Chrome, Firefox, Safari, Edge'),
  browserVersion: detected('e.g. 124.0.6367.91'),
});
export type VisitorDevice = Static<typeof VisitorDeviceSchema>;

/** SPEC §3 visitor.location, from the offline geo-IP database; null when the address cannot be placed. */
export const VisitorLocationSchema = Type.Object({
  label: Type.String({ description: 'e.g. "Berlin, Germany", or the country alone' }),
  countryCode: detected('ISO 3166-1 alpha-2, e.g. DE'),
  countryName: detected('e.g. Germany'),
  city: detected('e.g. Berlin; null when only the country is known'),
  lat: Type.Number({ minimum: -90, maximum: 90 }),
  lon: Type.Number({ minimum: -180, maximum: 180 }),
});
export type VisitorLocation = Static<typeof VisitorLocationSchema>;

/** What the server detects of a caller, now: GET /v1/visitors/detect, and the detected part of a visitor. */
export const VisitorDetectionSchema = Type.Object({
  device: VisitorDeviceSchema,
  location: Type.Union([VisitorLocationSchema, Type.Null()], { description: 'Null when the address cannot be placed (a private address, or one not in the database)' }),
  regionId: Type.Integer({ minimum: 0, description: 'The region of the address (SPEC §3 Region); 0, Global, when it cannot be placed' }),
  ipAddress: Type.String({ description: 'The caller’s address as the server sees it (behind a proxy, from X-Forwarded-For when TRUST_PROXY is set)' }),
});
export type VisitorDetection = Static<typeof VisitorDetectionSchema>;

/** SPEC §3 Visitor, as the server keeps it. */
export const VisitorSchema = Type.Object({
  id: VisitorIdSchema,
  userId: Type.Optional(Type.String({ format: 'uuid', description: 'The user this visitor last signed in as; left out when none' })),
  ...VisitorDetectionSchema.properties,
  updatedAt: Type.String({ format: 'date-time', description: 'When the visitor was last created or updated; the web app refreshes it after 7 days' }),
  screenWidth: screenSize('Screen width in CSS pixels'),
  screenHeight: screenSize('Screen height in CSS pixels'),
  meta: VisitorMetaSchema,
  extra: Type.Record(Type.String(), Type.Unknown(), { description: 'The free fields PUT has kept' }),
});
export type Visitor = Static<typeof VisitorSchema>;

const UserIdField = Type.Optional(
  Type.String({
    format: 'uuid',
    description:
      'The signed-in user’s own id, which the access token already names: the visitor takes the token’s user whether this is sent or not. A different id is refused (403); without a token it is refused too (401), so no one can link a visitor to someone else.',
  }),
);

/** POST /v1/visitors (SPEC §7): userId, screenWidth, screenHeight, and the id the browser made. */
export const VisitorCreateBodySchema = Type.Object(
  {
    id: Type.Optional(
      visitorId(
        'The id the browser made for itself (it names the visitor in likes and saves before the server has heard of it); a UUID is made when left out. Creating the same id again answers the visitor already kept (200), unchanged.',
      ),
    ),
    userId: UserIdField,
    screenWidth: screenSize('Screen width in CSS pixels'),
    screenHeight: screenSize('Screen height in CSS pixels'),
  },
  { additionalProperties: false },
);
export type VisitorCreateBody = Static<typeof VisitorCreateBodySchema>;


/**
 * PUT /v1/visitors/{id} (SPEC §7): screen size, userId and meta, plus free fields. Every field is
 * optional; what is left out stays as it is.
 */
export const VisitorUpdateBodySchema = Type.Object(
  {
    userId: UserIdField,
    screenWidth: Type.Optional(screenSize('Screen width in CSS pixels')),
    screenHeight: Type.Optional(screenSize('Screen height in CSS pixels')),
    meta: Type.Optional(VisitorMetaChangeSchema),
  },
  {
    additionalProperties: true,
    maxProperties: VISITOR_UPDATE_MAX_FIELDS,
    description: `Any other field is a free field, kept in the visitor's \`extra\`: its name a letter then letters, digits or "_" (at most 64), its value any JSON; null removes it. All of them together may take at most ${VISITOR_EXTRA_MAX_BYTES} bytes of JSON text. ${VISITOR_SERVER_FIELDS.join(', ')} are the server's and are refused.`,
  },
);
export type VisitorUpdateBody = Static<typeof VisitorUpdateBodySchema> & Record<string, unknown>;

export const VisitorIdParamsSchema = Type.Object({ id: VisitorIdSchema });

