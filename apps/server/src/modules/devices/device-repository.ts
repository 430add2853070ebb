import {
  DEVICE_INVITE_TTL_SECONDS,
  DEVICE_LEASE_TTL_SECONDS,
  type Device,
  type DeviceInviteStatus,
  type DeviceRegistration,
} from '@newsreel/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import { pageWithTotal, type Actor, type Page } from '../articles/article-repository';

/** A device that has not been removed, with its state as the database's clock sees it. */
export interface DeviceRecord {
  id: string;
  secretHash: Uint8Array;
  pairingCode: string;
  status: DeviceInviteStatus;
  expiresAt: string;
  owner: Actor | null;
  /** Whether the lease still runs, so the device may play its owner's feed with its secret. */
  leaseLive: boolean;
  device: Omit<Device, 'pairedAt' | 'leaseExpiresAt' | 'lastSeenAt' | 'streaming'>;
  /** The device as its owner sees it; null until it is paired. */
  paired: Device | null;
}

/**
 * What an owner's paired screens may play: any number at once (subscriptions are off), one at a
 * time (the owner's subscription), or nothing (subscriptions are on and the owner has none).
 */
export type StreamPolicy = 'unlimited' | 'one-stream' | 'refused';

/** Where a device is to be found: by its id, or by the pairing code it shows. */
export type DeviceRef = { id: string } | { code: string };

const iso = (value: Date | string) => new Date(value).toISOString();

const COLUMNS = [
  'id',
  'secret_hash',
  'pairing_code',
  'name',
  'type',
  'vendor',
  'model',
  'os_name',
  'os_version',
  'browser_name',
  'browser_version',
  'cpu_arch',
  'expires_at',
  'owner_actor_type',
  'owner_actor_id',
  'paired_at',
  'lease_expires_at',
  'last_seen_at',
] as const;
const STATUS = sql<DeviceInviteStatus>`CASE WHEN owner_actor_id IS NOT NULL THEN 'paired' WHEN expires_at <= now() THEN 'expired' ELSE 'pending' END`;
const LEASE_LIVE = sql<boolean>`coalesce(lease_expires_at > now(), false)`;
const LEASE_EXPIRY = sql<Date>`now() + make_interval(secs => ${DEVICE_LEASE_TTL_SECONDS})`;
const SELECTION = [...COLUMNS, STATUS.as('status'), LEASE_LIVE.as('lease_live')] as const;

type Row = Pick<Selectable<Database['devices']>, (typeof COLUMNS)[number]> & { status: DeviceInviteStatus; lease_live: boolean };

function toRecord(row: Row): DeviceRecord {
  const device = {
    id: row.id,
    name: row.name,
    type: row.type,
    vendor: row.vendor,
    model: row.model,
    osName: row.os_name,
    osVersion: row.os_version,
    browserName: row.browser_name,
    browserVersion: row.browser_version,
    cpuArch: row.cpu_arch,
  };
  const owner = row.owner_actor_type !== null && row.owner_actor_id !== null ? ({ type: row.owner_actor_type, id: row.owner_actor_id } as Actor) : null;
  return {
    id: row.id,
    secretHash: row.secret_hash,
    pairingCode: row.pairing_code,
    status: row.status,
    expiresAt: iso(row.expires_at),
    owner,
    leaseLive: row.lease_live,
    device,
    paired: row.paired_at
      ? {
          ...device,
          pairedAt: iso(row.paired_at),
          lastSeenAt: row.last_seen_at ? iso(row.last_seen_at) : null,
          leaseExpiresAt: row.lease_expires_at ? iso(row.lease_expires_at) : null,
          streaming: row.lease_live,
        }
      : null,
  };
}

/** Paired devices and their invites (migration 0004). Removed devices are never returned. */
export function createDeviceRepository(db: Kysely<Database>) {
  const select = () => db.selectFrom('devices').select(SELECTION).where('removed_at', 'is', null);

  return {
    /** A new invite; throws the database's unique violation when `code` names a pending invite already. */
    async create(registration: DeviceRegistration, code: string, secretHash: Uint8Array): Promise<DeviceRecord> {
      const row = await db
        .insertInto('devices')
        .values({
          secret_hash: Buffer.from(secretHash),
          pairing_code: code,
          name: registration.name ?? null,
          type: registration.type ?? null,
          vendor: registration.vendor ?? null,
          model: registration.model ?? null,
          os_name: registration.osName ?? null,
          os_version: registration.osVersion ?? null,
          browser_name: registration.browserName ?? null,
          browser_version: registration.browserVersion ?? null,
          cpu_arch: registration.cpuArch ?? null,
          expires_at: sql<Date>`now() + make_interval(secs => ${DEVICE_INVITE_TTL_SECONDS})`,
        })
        .returning(SELECTION)
        .executeTakeFirstOrThrow();
      return toRecord(row);
    },

    /** The device by id, or the one a code names: its pending invite, else the newest that had it. */
    async find(ref: DeviceRef): Promise<DeviceRecord | undefined> {
      const query =
        'id' in ref
          ? select().where('id', '=', ref.id)
          : select()
              .where('pairing_code', '=', ref.code)
              .orderBy(sql`owner_actor_id IS NULL`, 'desc')
              .orderBy('created_at', 'desc')
              .limit(1);
      const row = await query.executeTakeFirst();
      return row && toRecord(row);
    },

    /**
     * Makes a pending, unexpired invite the reader's; undefined otherwise. Pairing grants no
     * lease: the device asks for one (the account's one stream) when it next polls.
     */
    async pair(id: string, actor: Actor): Promise<DeviceRecord | undefined> {
      const row = await db
        .updateTable('devices')
        .set({ owner_actor_type: actor.type, owner_actor_id: actor.id, paired_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('owner_actor_id', 'is', null)
        .where('removed_at', 'is', null)
        .where(sql<boolean>`expires_at > now()`)
        .returning(SELECTION)
        .executeTakeFirst();
      return row && toRecord(row);
    },

    /**
     * The paired device asks to play: the lease is granted (or renewed) from now, unless
     * `policyOf` refuses the owner, or it allows them one stream and another of their devices
     * holds a live lease. Race-safe: the
     * owner's devices are locked, in id order, before anything is decided, so of two devices asking
     * at once exactly one is granted. `lastSeenAt` is set whatever the outcome.
     */
    async acquireLease(
      id: string,
      /** Asked inside the lease's transaction, with it (so on PGlite's one connection too). */
      policyOf: (owner: Actor, executor: Kysely<Database>) => Promise<StreamPolicy>,
    ): Promise<
      | { outcome: 'granted'; record: DeviceRecord }
      | { outcome: 'held'; holder: { id: string; name: string | null } }
      | { outcome: 'not-allowed' }
      | { outcome: 'unpaired' }
    > {
      return db.transaction().execute(async (trx) => {
        const device = await trx
          .selectFrom('devices')
          .select(['owner_actor_type', 'owner_actor_id'])
          .where('id', '=', id)
          .where('owner_actor_id', 'is not', null)
          .where('removed_at', 'is', null)
          .executeTakeFirst();
        if (!device?.owner_actor_type || !device.owner_actor_id) return { outcome: 'unpaired' };
        const owner = { type: device.owner_actor_type, id: device.owner_actor_id } as Actor;
        const siblings = await trx
          .selectFrom('devices')
          .select(['id', 'name', LEASE_LIVE.as('lease_live')])
          .where('owner_actor_type', '=', owner.type)
          .where('owner_actor_id', '=', owner.id)
          .where('removed_at', 'is', null)
          .orderBy('id')
          .forUpdate()
          .execute();
        const seen = () => trx.updateTable('devices').set({ last_seen_at: sql<Date>`now()` }).where('id', '=', id).execute();
        if (!siblings.some((sibling) => sibling.id === id)) return { outcome: 'unpaired' };
        const policy = await policyOf(owner, trx);
        if (policy === 'refused') {
          await seen();
          return { outcome: 'not-allowed' };
        }
        const holder = policy === 'one-stream' ? siblings.find((sibling) => sibling.id !== id && sibling.lease_live) : undefined;
        if (holder) {
          await seen();
          return { outcome: 'held', holder: { id: holder.id, name: holder.name } };
        }
        const row = await trx
          .updateTable('devices')
          .set({ lease_expires_at: LEASE_EXPIRY, last_seen_at: sql<Date>`now()` })
          .where('id', '=', id)
          .returning(SELECTION)
          .executeTakeFirstOrThrow();
        return { outcome: 'granted', record: toRecord(row) };
      });
    },

    /** Ends the device's lease now, so another of its owner's devices may play at once. */
    async releaseLease(id: string): Promise<void> {
      await db
        .updateTable('devices')
        .set({ lease_expires_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('removed_at', 'is', null)
        .where(sql<boolean>`lease_expires_at > now()`)
        .execute();
    },

    /** Renames the reader's device; undefined when the reader has no such device. */
    async rename(id: string, actor: Actor, name: string): Promise<DeviceRecord | undefined> {
      const row = await db
        .updateTable('devices')
        .set({ name })
        .where('id', '=', id)
        .where('owner_actor_type', '=', actor.type)
        .where('owner_actor_id', '=', actor.id)
        .where('removed_at', 'is', null)
        .returning(SELECTION)
        .executeTakeFirst();
      return row && toRecord(row);
    },

    /** The reader's devices, most recently paired first. */
    async listOwned(actor: Actor, page: Page): Promise<{ items: Device[]; total: number }> {
      const { rows, total } = await pageWithTotal(page, (at) =>
        select()
          .where('owner_actor_type', '=', actor.type)
          .where('owner_actor_id', '=', actor.id)
          .select(sql<string>`count(*) OVER ()`.as('total'))
          .orderBy('paired_at', 'desc')
          .orderBy('id')
          .limit(at.limit)
          .offset(at.offset)
          .execute(),
      );
      return { items: rows.map((row) => toRecord(row).paired!), total };
    },

    /**
     * Deletes up to `limit` invites that expired at least `graceSeconds` ago unpaired, and adds
     * them to the day's tally (migration 0020) in the same statement, so the admin's count of
     * invites stays whole. How many it deleted.
     */
    async deleteExpiredInvites(graceSeconds: number, limit: number): Promise<number> {
      const { rows } = await sql<{ deleted: number }>`
        WITH gone AS (
          DELETE FROM devices WHERE id IN (
            SELECT id FROM devices
            WHERE owner_actor_id IS NULL AND removed_at IS NULL AND expires_at <= now() - make_interval(secs => ${graceSeconds})
            ORDER BY expires_at
            LIMIT ${limit}
            FOR UPDATE SKIP LOCKED)
          RETURNING 1
        ), tallied AS (
          INSERT INTO expired_device_invites_deleted (day, invites)
          SELECT (now() AT TIME ZONE 'UTC')::date, count(*) FROM gone HAVING count(*) > 0
          ON CONFLICT (day) DO UPDATE SET invites = expired_device_invites_deleted.invites + excluded.invites
        )
        SELECT count(*)::int AS deleted FROM gone`.execute(db);
      return rows[0]?.deleted ?? 0;
    },

    /**
     * Unpairs a device for good: the reader's (`actor`), or the device itself (null: its secret
     * was checked). False when there is no such device (of the reader's).
     */
    async remove(id: string, actor: Actor | null): Promise<boolean> {
      let query = db.updateTable('devices').set({ removed_at: sql<Date>`now()`, lease_expires_at: null }).where('id', '=', id);
      if (actor) query = query.where('owner_actor_type', '=', actor.type).where('owner_actor_id', '=', actor.id);
      const row = await query
        .where('removed_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type DeviceRepository = ReturnType<typeof createDeviceRepository>;
