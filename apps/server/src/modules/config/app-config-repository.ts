import { withConfigDefaults, type AppConfig, type AppConfigType } from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The stored config of a client type, with what a config stored before it existed lacks filled in (the meter settings). */
export async function findAppConfig(db: Kysely<Database>, type: AppConfigType): Promise<AppConfig | undefined> {
  const row = await db.selectFrom('app_configs').select('config').where('type', '=', type).executeTakeFirst();
  return row && withConfigDefaults(row.config as AppConfig);
}

export async function saveAppConfig(db: Kysely<Database>, config: AppConfig): Promise<void> {
  const json = JSON.stringify(config);
  await db
    .insertInto('app_configs')
    .values({ type: config.type, config: json })
    .onConflict((oc) => oc.column('type').doUpdateSet({ config: json, updated_at: new Date() }))
    .execute();
}
