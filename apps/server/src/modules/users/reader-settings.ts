import { LOCAL_RADIUS_M, RADIUS_OPTIONS_M, SETTINGS_KEYS, type ReaderSettings, type SettingsKey } from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest, forbidden } from '../../http/errors';
import type { Actor } from '../articles/article-repository';

/** What a reader who never chose reads as (SPEC §9 default local radius). */
export const DEFAULT_READER_SETTINGS: ReaderSettings = {
  bulletin: false,
  blockedPublishers: [],
  autoScoreAdjust: true,
  localRadius: LOCAL_RADIUS_M as ReaderSettings['localRadius'],
  blockedCategories: [],
  subscriptionExempt: false,
};

/** The reader's settings under SPEC §3's keys; a stored value of the wrong shape reads as the default. */
export async function readerSettingsOf(db: Kysely<Database>, actor: Actor): Promise<ReaderSettings> {
  const rows = await db
    .selectFrom('reader_settings')
    .select(['key', 'value'])
    .where('actor_type', '=', actor.type)
    .where('actor_id', '=', actor.id)
    .execute();
  const settings: Record<string, unknown> = { ...DEFAULT_READER_SETTINGS };
  for (const { key, value } of rows) {
    if ((SETTINGS_KEYS as readonly string[]).includes(key) && typeof value === typeof DEFAULT_READER_SETTINGS[key as SettingsKey]) {
      settings[key] = value;
    }
  }
  return settings as ReaderSettings;
}

const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isIdList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * The rules of PUT /v1/users/config: each key's value checked for that key; listed ids must exist.
 * `byAdmin`: subscriptionExempt is a grant, set only through the admin route.
 */
export function createReaderSettingsService(db: Kysely<Database>) {
  async function missingIds(executor: Kysely<Database>, table: 'publishers' | 'categories', ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const found = await executor.selectFrom(table).select('id').where('id', 'in', ids).execute();
    const known = new Set(found.map((row) => row.id.toLowerCase()));
    return ids.filter((id) => !known.has(id.toLowerCase()));
  }

  async function checked(executor: Kysely<Database>, key: SettingsKey, value: unknown, byAdmin: boolean): Promise<unknown> {
    switch (key) {
      case 'bulletin':
      case 'autoScoreAdjust':
        if (!isBoolean(value)) throw badRequest(`body.value must be true or false for ${key}`);
        return value;
      case 'subscriptionExempt':
        if (!byAdmin) throw forbidden('Only an admin can exempt an account from subscriptions.');
        if (!isBoolean(value)) throw badRequest('body.value must be true or false for subscriptionExempt');
        return value;
      case 'localRadius':
        if (!(RADIUS_OPTIONS_M as readonly unknown[]).includes(value)) {
          throw badRequest(`body.value must be one of ${RADIUS_OPTIONS_M.join(', ')} (metres) for localRadius`);
        }
        return value;
      case 'blockedPublishers':
      case 'blockedCategories': {
        if (!isIdList(value)) throw badRequest(`body.value must be a list of ids for ${key}`);
        const ids = [...new Set(value.map((id) => id.toLowerCase()))];
        const missing = await missingIds(executor, key === 'blockedPublishers' ? 'publishers' : 'categories', ids);
        if (missing.length > 0) throw badRequest(`body.value: there is no ${key === 'blockedPublishers' ? 'publisher' : 'category'} with id ${missing[0]}`);
        return ids;
      }
    }
  }

  return {
    read: (actor: Actor) => readerSettingsOf(db, actor),

    /** Sets one key; `executor`: inside a caller's transaction (an admin's change, with its audit entry). */
    async write(actor: Actor, key: SettingsKey, value: unknown, { byAdmin = false, executor = db }: { byAdmin?: boolean; executor?: Kysely<Database> } = {}): Promise<ReaderSettings> {
      const stored = JSON.stringify(await checked(executor, key, value, byAdmin));
      await executor
        .insertInto('reader_settings')
        .values({ actor_type: actor.type, actor_id: actor.id, key, value: stored })
        .onConflict((oc) => oc.columns(['actor_type', 'actor_id', 'key']).doUpdateSet({ value: stored, updated_at: new Date() }))
        .execute();
      return readerSettingsOf(executor, actor);
    },
  };
}

export type ReaderSettingsService = ReturnType<typeof createReaderSettingsService>;
