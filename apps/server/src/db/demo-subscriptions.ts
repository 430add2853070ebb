import { DEFAULT_METER_SETTINGS, defaultAppConfig } from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import { findAppConfig, saveAppConfig } from '../modules/config/app-config-repository';
import type { Database } from './schema';

/**
 * The demo turns subscriptions on (issue 17 item 2), with the usage meter at its default settings
 * (item 3: 5 free articles in any 30 days): the web app config is stored with them, unless a config is stored already (an admin's choice stays). With no
 * STRIPE_SECRET_KEY the built-in test provider takes the payments, so the demo works end to end.
 * Answers whether it stored one.
 */
export async function seedDemoSubscriptionConfig(db: Kysely<Database>): Promise<boolean> {
  if (await findAppConfig(db, 'web')) return false;
  const config = defaultAppConfig('web');
  await saveAppConfig(db, { ...config, subscription: { enabled: true, meter: { ...DEFAULT_METER_SETTINGS } } });
  return true;
}
