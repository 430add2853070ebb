import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  DEVICE_LEASE_TTL_SECONDS,
  DEVICE_POLL_INTERVAL_SECONDS,
  DEVICE_SECRET_HEADER,
  normalizePairingCode,
  PAIRING_CODE_ALPHABET,
  PAIRING_CODE_LENGTH,
  type Device,
  type DeviceInvite,
  type DeviceLease,
  type DeviceLeasePending,
  type DevicePrecheck,
  type DeviceRegistration,
} from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/client';
import type { Database } from '../../db/schema';
import { badRequest, conflict, forbidden, gone, HttpError, notFound, unauthorized } from '../../http/errors';
import type { Actor } from '../articles/article-repository';
import type { DeviceRecord, DeviceRef, DeviceRepository, StreamPolicy } from './device-repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A clash of pending codes is a one-in-billions event; a few tries make it vanish. */
const CODE_ATTEMPTS = 5;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest();
const sameActor = (a: Actor | null, b: Actor) => a !== null && a.type === b.type && a.id === b.id;

function newPairingCode(): string {
  return Array.from({ length: PAIRING_CODE_LENGTH }, () => PAIRING_CODE_ALPHABET[randomInt(PAIRING_CODE_ALPHABET.length)]).join('');
}

/** Precheck and verify name a device by id or by the code on its screen; anything else is a 400. */
export function deviceRefOf(text: string): DeviceRef {
  if (UUID.test(text)) return { id: text.toLowerCase() };
  const code = normalizePairingCode(text);
  if (code) return { code };
  throw badRequest(`params.id must be a device id or the ${PAIRING_CODE_LENGTH}-character pairing code the screen shows`);
}

const NO_DEVICE = 'There is no device with that id or code. Check the code on the screen, or start pairing again on the device.';
const EXPIRED = 'This pairing code has expired. Ask the device for a new code and try again.';

function requireSecret(secret: string | undefined): string {
  if (!secret) throw unauthorized(`Send the device's secret (from its registration) in the ${DEVICE_SECRET_HEADER} header.`);
  return secret;
}

/** The rules of pairing: who may pair, lease, read the feed of and unpair a device. */
export function createDeviceService(
  devices: DeviceRepository,
  /** What the owner's screens may play now (the lease rule, docs/architecture.md). */
  streamPolicyOf: (owner: Actor, executor: Kysely<Database>) => Promise<StreamPolicy>,
) {
  /** The device's own record, when the secret it sent is its own. */
  async function authenticate(id: string, secret: string): Promise<DeviceRecord> {
    const record = await devices.find({ id });
    if (!record) throw notFound('There is no device with that id; it may have been unpaired. Register it again.');
    if (!timingSafeEqual(hashOf(secret), record.secretHash)) throw forbidden('That secret is not this device’s.');
    return record;
  }

  return {
    /** A new device and its invite; the secret is handed out here only. */
    async register(registration: DeviceRegistration): Promise<DeviceInvite> {
      // Blank fields are as good as none: a device that cannot tell its model sends "".
      const described = Object.fromEntries(
        Object.entries(registration).flatMap(([key, value]) => (value?.trim() ? [[key, value.trim()]] : [])),
      ) as DeviceRegistration;
      const secret = randomBytes(32).toString('base64url');
      for (let attempt = 1; ; attempt++) {
        try {
          const record = await devices.create(described, newPairingCode(), hashOf(secret));
          return {
            id: record.id,
            pairingCode: record.pairingCode,
            expiresAt: record.expiresAt,
            secret,
            pollIntervalSeconds: DEVICE_POLL_INTERVAL_SECONDS,
          };
        } catch (error) {
          if (!isUniqueViolation(error) || attempt === CODE_ATTEMPTS) throw error;
        }
      }
    },

    /** Whether the device can be paired (to `actor`, when named), changing nothing. */
    async precheck(ref: DeviceRef, actor: Actor | null): Promise<DevicePrecheck> {
      const record = await devices.find(ref);
      if (!record) throw notFound(NO_DEVICE);
      const canPair = record.status === 'pending' || (record.status === 'paired' && actor !== null && sameActor(record.owner, actor));
      return { ...record.device, status: record.status, expiresAt: record.expiresAt, canPair };
    },

    /** Pairs the device to the reader; pairing it again to the same reader changes nothing. */
    async pair(ref: DeviceRef, actor: Actor): Promise<Device> {
      // Two tries: another reader (or the clock) may change the invite between reading and writing.
      for (let attempt = 1; attempt <= 2; attempt++) {
        const record = await devices.find(ref);
        if (!record) throw notFound(NO_DEVICE);
        if (record.status === 'paired') {
          if (sameActor(record.owner, actor) && record.paired) return record.paired;
          throw conflict('This device is already paired with someone else. They can unpair it, or the device can start over.');
        }
        if (record.status === 'expired') throw gone(EXPIRED);
        const paired = await devices.pair(record.id, actor);
        if (paired?.paired) return paired.paired;
      }
      throw conflict('This device changed while it was being paired. Check the code on the screen and try again.');
    },

    /**
     * The device asking whether it is paired and may play (docs/architecture.md, "The lease
     * rule"). Pending: its invite (202). Paired: the account's one stream, granted or renewed
     * from now (200); held by another of the owner's devices (409); a subscription is needed
     * (402). Expired invite: 410. Unknown or unpaired: 404.
     */
    async lease(id: string, secret: string | undefined): Promise<DeviceLeasePending | DeviceLease> {
      const record = await authenticate(id, requireSecret(secret));
      if (record.status === 'expired') throw gone('This device’s pairing code expired before anyone paired it. Register the device again for a new code.');
      if (record.status === 'pending') {
        return { status: 'pending', pairingCode: record.pairingCode, expiresAt: record.expiresAt, pollIntervalSeconds: DEVICE_POLL_INTERVAL_SECONDS };
      }
      const lease = await devices.acquireLease(id, streamPolicyOf);
      switch (lease.outcome) {
        case 'granted':
          return { status: 'paired', device: lease.record.paired! };
        case 'held':
          throw conflict(
            `Your account is playing on another screen (${lease.holder.name ?? 'unnamed'}): one screen plays at a time. Stop it there, or try again when its lease of ${DEVICE_LEASE_TTL_SECONDS} s has run out.`,
            'STREAM_IN_USE',
          );
        case 'not-allowed':
          throw new HttpError(
            402,
            'Playing on a paired screen needs a subscription. Sign in on your phone, subscribe, and this screen will play.',
            {},
            'SUBSCRIPTION_REQUIRED',
          );
        case 'unpaired':
          throw notFound('This device has been unpaired. Register it again.');
      }
    },

    /** The device gives up its lease now (it stops playing), so another screen may play at once. */
    async release(id: string, secret: string | undefined): Promise<void> {
      await authenticate(id, requireSecret(secret));
      await devices.releaseLease(id);
    },

    /** The owner renames their device. */
    async rename(id: string, actor: Actor, name: string): Promise<Device> {
      const trimmed = name.trim();
      if (!trimmed) throw badRequest('body.name must not be blank: give the screen a name you will recognise, e.g. “Kitchen TV”.');
      const record = await devices.rename(id, actor, trimmed);
      if (!record?.paired) throw notFound('You have no device with that id.');
      return record.paired;
    },

    /**
     * Whose feed the device plays: its owner's, for the device itself (its secret, with a lease
     * that still runs) or for its owner (their actor). Anyone else learns nothing about it.
     */
    async feedOwner(id: string, credentials: { secret?: string | undefined; actor?: Actor | null }): Promise<Actor> {
      if (credentials.secret) {
        const record = await authenticate(id, credentials.secret);
        if (!record.owner) throw forbidden('This device is not paired yet. Pair it first; its lease answers 200 once it is.');
        if (!record.leaseLive) throw forbidden('This device’s lease has run out. Renew it with POST /v1/devices/{id}/lease, then ask again.');
        return record.owner;
      }
      if (!credentials.actor) throw unauthorized("Send the device's secret in the x-device-secret header, or the owner's visitorId.");
      const record = await devices.find({ id });
      if (!record?.owner || !sameActor(record.owner, credentials.actor)) throw notFound('You have no device with that id.');
      return record.owner;
    },

    list: devices.listOwned,

    /**
     * Unpairs a device, by its owner or by the device itself (its secret; the secret decides
     * when both are sent): its lease and feed answer 404 from now on.
     */
    async unpair(id: string, credentials: { secret?: string | undefined; actor?: Actor | null }): Promise<void> {
      if (credentials.secret) {
        await authenticate(id, credentials.secret);
        await devices.remove(id, null);
        return;
      }
      if (!credentials.actor) throw unauthorized("Send the device's secret in the x-device-secret header, or the owner's visitorId.");
      if (!(await devices.remove(id, credentials.actor))) throw notFound('You have no device with that id.');
    },
  };
}

export type DeviceService = ReturnType<typeof createDeviceService>;
