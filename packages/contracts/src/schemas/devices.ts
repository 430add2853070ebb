import { Type, type Static } from 'typebox';
import { ListSchema, LiteralUnion, PaginationQuerySchema } from './common';
import { IdSchema, VisitorQuerySchema } from './content';

/** Letters and digits a person reads off a screen without confusing them: no 0/O, 1/I/L. */
export const PAIRING_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const PAIRING_CODE_LENGTH = 8;
/** How long a device's pairing code (its invite) is accepted. */
export const DEVICE_INVITE_TTL_SECONDS = 10 * 60;
/**
 * How long a granted lease lets a paired device play its owner's feed (the stream) without
 * asking again. Short, so a screen switched off frees the account's one stream within minutes.
 */
export const DEVICE_LEASE_TTL_SECONDS = 90;
/** How often a playing device renews its lease: three tries before it runs out. */
export const DEVICE_LEASE_RENEW_SECONDS = 30;
/** How often a pending device should ask whether it has been paired. */
export const DEVICE_POLL_INTERVAL_SECONDS = 5;
/** The header a device sends its secret in (lease, and the feed it plays). */
export const DEVICE_SECRET_HEADER = 'x-device-secret';

/**
 * A pairing code as the device shows it, from what a person typed: case, spaces and dashes do
 * not matter ("abcd-2345" is "ABCD2345"). Null when it cannot be a pairing code.
 */
export function normalizePairingCode(text: string): string | null {
  const code = text.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== PAIRING_CODE_LENGTH) return null;
  return [...code].every((char) => PAIRING_CODE_ALPHABET.includes(char)) ? code : null;
}

const text = (maxLength: number, description: string) => Type.Optional(Type.String({ maxLength, description }));
const nullable = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

/** POST /v1/devices: how the device describes itself (SPEC §3 visitor.device), every field optional. */
export const DeviceRegistrationSchema = Type.Object(
  {
    name: text(80, 'A name the reader will recognise, e.g. "Living room TV"'),
    type: text(32, 'e.g. smarttv, console, tablet, mobile, desktop'),
    vendor: text(64, 'e.g. Samsung'),
    model: text(64, 'e.g. QN90B'),
    osName: text(64, 'e.g. Tizen'),
    osVersion: text(32, 'e.g. 7.0'),
    browserName: text(64, 'e.g. Samsung Internet'),
    browserVersion: text(32, 'e.g. 22.0'),
    cpuArch: text(16, 'e.g. arm64'),
  },
  { additionalProperties: false },
);
export type DeviceRegistration = Static<typeof DeviceRegistrationSchema>;

const DeviceDescriptionSchema = Type.Object({
  id: IdSchema,
  name: nullable('The name the device gave, or null'),
  type: nullable('SPEC §3 visitor.device.type'),
  vendor: nullable('Maker'),
  model: nullable('Model'),
  osName: nullable('Operating system'),
  osVersion: nullable('Operating system version'),
  browserName: nullable('Browser or app'),
  browserVersion: nullable('Browser or app version'),
  cpuArch: nullable('CPU architecture'),
});

/** POST /v1/devices: the new invite. `secret` is shown here only; the device keeps it. */
export const DeviceInviteSchema = Type.Object({
  id: IdSchema,
  pairingCode: Type.String({ description: `${PAIRING_CODE_LENGTH} characters from ${PAIRING_CODE_ALPHABET}, to show on the screen (and in a QR code)` }),
  expiresAt: Type.String({ format: 'date-time', description: 'When the code stops being accepted' }),
  secret: Type.String({ description: `The device's own key: send it as \`${DEVICE_SECRET_HEADER}\` to lease and to read its feed. Shown once; not recoverable.` }),
  pollIntervalSeconds: Type.Integer({ description: 'How often to ask POST /v1/devices/{id}/lease whether it has been paired' }),
});
export type DeviceInvite = Static<typeof DeviceInviteSchema>;

export const DEVICE_INVITE_STATUSES = ['pending', 'expired', 'paired'] as const;
export type DeviceInviteStatus = (typeof DEVICE_INVITE_STATUSES)[number];

/** GET /v1/devices/{id}/precheck: what the reader's phone shows before pairing. */
export const DevicePrecheckSchema = Type.Object({
  ...DeviceDescriptionSchema.properties,
  status: LiteralUnion(DEVICE_INVITE_STATUSES, {
    description: 'pending: can be paired until expiresAt; expired: show the device a new code; paired: already someone’s',
  }),
  expiresAt: Type.String({ format: 'date-time', description: 'When the code stops (or stopped) being accepted' }),
  canPair: Type.Boolean({ description: 'Whether verify would pair it to the reader named (pending, or already theirs)' }),
});
export type DevicePrecheck = Static<typeof DevicePrecheckSchema>;

/** A device paired to the reader, as the reader sees it. */
export const DeviceSchema = Type.Object({
  ...DeviceDescriptionSchema.properties,
  pairedAt: Type.String({ format: 'date-time' }),
  lastSeenAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When the device last asked for its lease' }),
  leaseExpiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'Until when the device may play the feed without renewing its lease; null until it is first granted one',
  }),
  streaming: Type.Boolean({ description: 'Whether the device holds a lease now: it is playing, or was within the last lease period' }),
});
export type Device = Static<typeof DeviceSchema>;

export const DeviceListResponseSchema = ListSchema(DeviceSchema);
export type DeviceList = Static<typeof DeviceListResponseSchema>;

/** POST /v1/devices/{id}/lease, 202: not paired yet; keep showing the code and ask again. */
export const DeviceLeasePendingSchema = Type.Object({
  status: Type.Literal('pending'),
  pairingCode: Type.String(),
  expiresAt: Type.String({ format: 'date-time', description: 'When the code stops being accepted; then register again' }),
  pollIntervalSeconds: Type.Integer(),
});
export type DeviceLeasePending = Static<typeof DeviceLeasePendingSchema>;

/** POST /v1/devices/{id}/lease, 200: paired and granted; the lease runs until `device.leaseExpiresAt`. */
export const DeviceLeaseSchema = Type.Object({
  status: Type.Literal('paired'),
  device: DeviceSchema,
});
export type DeviceLease = Static<typeof DeviceLeaseSchema>;

/** PUT /v1/devices/{id}: the owner renames the device. */
export const DeviceUpdateSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 80, description: 'The name the reader’s list and the device show, e.g. "Kitchen TV"' }),
    visitorId: VisitorQuerySchema.properties.visitorId,
  },
  { additionalProperties: false },
);
export type DeviceUpdate = Static<typeof DeviceUpdateSchema>;

/** Precheck and verify take the device id or its pairing code, as the QR code or the reader gives it. */
export const DeviceRefParamsSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64, description: 'The device id, or the pairing code the screen shows (case, spaces and dashes ignored)' }),
});

export const DeviceListQuerySchema = Type.Object({ ...PaginationQuerySchema.properties, ...VisitorQuerySchema.properties });
export type DeviceListQuery = Static<typeof DeviceListQuerySchema>;
