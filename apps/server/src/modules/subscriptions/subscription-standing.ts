import { defaultAppConfig, type AppConfig } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ActorType, type Actor } from '../articles/article-repository';
import { findAppConfig } from '../config/app-config-repository';
import { hasActiveSubscription } from './subscription-repository';

/** The app config whose subscription settings rule the whole site: the web app's. */
export const SITE_CONFIG_TYPE = 'web';

/** The site's app config (the default when none is stored). */
export async function siteAppConfig(db: Kysely<Database>): Promise<AppConfig> {
  return (await findAppConfig(db, SITE_CONFIG_TYPE)) ?? defaultAppConfig(SITE_CONFIG_TYPE);
}

/** Whether the site sells subscriptions: the web app config's subscription.enabled. */
export async function subscriptionsEnabled(db: Kysely<Database>): Promise<boolean> {
  return (await siteAppConfig(db)).subscription.enabled;
}

/**
 * Whether the reader has what a subscription buys (paired screens, unmetered reading), and why:
 * a user with an active subscription, or one an admin exempted (settings.subscriptionExempt).
 * A reader known only as a visitor has no subscription. Whether subscriptions are on is asked apart.
 */
export async function subscriptionStandingOf(db: Kysely<Database>, reader: Actor): Promise<'subscriber' | 'exempt' | 'none'> {
  if (reader.type !== ActorType.USER) return 'none';
  if (await hasActiveSubscription(db, reader.id)) return 'subscriber';
  return (await isSubscriptionExempt(db, reader.id)) ? 'exempt' : 'none';
}

export async function readsAsSubscriber(db: Kysely<Database>, reader: Actor): Promise<boolean> {
  return (await subscriptionStandingOf(db, reader)) !== 'none';
}

/** Whether an admin exempted the user from subscriptions (PUT /v1/admin/users/{id}/config). */
export async function isSubscriptionExempt(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('reader_settings')
    .select(sql<boolean>`value = 'true'::jsonb`.as('exempt'))
    .where('actor_type', '=', ActorType.USER)
    .where('actor_id', '=', userId)
    .where('key', '=', 'subscriptionExempt')
    .executeTakeFirst();
  return row?.exempt ?? false;
}
