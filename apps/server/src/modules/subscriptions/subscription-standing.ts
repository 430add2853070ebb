import { defaultAppConfig } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ActorType, type Actor } from '../articles/article-repository';
import { findAppConfig } from '../config/app-config-repository';
import { hasActiveSubscription } from './subscription-repository';

/** Whether the site sells subscriptions: the web app config's subscription.enabled. */
export async function subscriptionsEnabled(db: Kysely<Database>): Promise<boolean> {
  const appConfig = (await findAppConfig(db, 'web')) ?? defaultAppConfig('web');
  return appConfig.subscription.enabled;
}

/**
 * Whether the reader has what a subscription buys (paired screens, unmetered reading): a user
 * with an active subscription, or one an admin exempted (settings.subscriptionExempt). A reader
 * known only as a visitor has no subscription. Whether subscriptions are on is asked apart.
 */
export async function readsAsSubscriber(db: Kysely<Database>, reader: Actor): Promise<boolean> {
  if (reader.type !== ActorType.USER) return false;
  return (await isSubscriptionExempt(db, reader.id)) || (await hasActiveSubscription(db, reader.id));
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
