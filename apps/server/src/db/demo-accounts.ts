import { AccountRole, AdminRole, SubscriptionStatus } from '@newsreel/contracts';
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { provisionAccount } from '../modules/users/account-provisioning';
import type { Database } from './schema';

/** The password of every demo account (README, "Demo accounts"). */
export const DEMO_PASSWORD = 'newsreel-demo';
/** The demo vendor's API key, for trying POST /v1/auth/vendor; a real key is random and shown once. */
export const DEMO_VENDOR_API_KEY = 'nr_demo-vendor-key-for-trying-the-vendor-api';
const DEMO_VENDOR_NAME = 'Meridian Data Co.';

/**
 * One account per identity of SPEC §6, so each area can be tried at once: a superuser, a
 * moderator, the admin and a member of the first demo publisher, a vendor's user, a reader and a
 * reader with a subscription.
 * Seeded with the demo catalogue, never in production; does nothing once they exist.
 */
export async function seedDemoAccounts(db: Kysely<Database>, firstPublisherSlug: string): Promise<number> {
  const seeded = await db.selectFrom('users').select('id').where(sql`lower(email)`, '=', 'admin@example.com').executeTakeFirst();
  if (seeded) return 0;
  const publisher = await db.selectFrom('publishers').select('id').where('slug', '=', firstPublisherSlug).executeTakeFirst();
  if (!publisher) return 0;
  const vendor = await db.insertInto('vendors').values({ name: DEMO_VENDOR_NAME }).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('api_keys')
    .values({
      vendor_id: vendor.id,
      name: 'Demo key',
      prefix: DEMO_VENDOR_API_KEY.slice(0, 9),
      key_hash: createHash('sha256').update(DEMO_VENDOR_API_KEY).digest(),
    })
    .execute();
  const accounts = [
    { email: 'admin@example.com', name: 'Ada Admin', adminRole: AdminRole.SUPERUSER },
    { email: 'moderator@example.com', name: 'Mo Moderator', adminRole: AdminRole.MODERATOR },
    { email: 'publisher@example.com', name: 'Pat Publisher', publisher: { id: publisher.id, role: AccountRole.ADMIN } },
    { email: 'editor@example.com', name: 'Eddie Editor', publisher: { id: publisher.id, role: AccountRole.MEMBER } },
    { email: 'vendor@example.com', name: 'Vera Vendor', vendor: { id: vendor.id, role: AccountRole.ADMIN } },
    { email: 'reader@example.com', name: 'Riley Reader' },
    { email: 'subscriber@example.com', name: 'Sam Subscriber' },
  ];
  const ids = new Map<string, string>();
  for (const account of accounts) ids.set(account.email, (await provisionAccount(db, { ...account, password: DEMO_PASSWORD })).userId);
  // The subscriber pays through the built-in test provider, for a year: they read unmetered,
  // see no ads and play on a paired screen (/pair, /tv) at once.
  await db
    .insertInto('subscriptions')
    .values({
      user_id: ids.get('subscriber@example.com')!,
      provider: 'test',
      provider_subscription_id: 'sub_demo_subscriber',
      status: SubscriptionStatus.ACTIVE,
      interval: 'year',
      currency: 'usd',
      amount: 4990,
      current_period_end: sql<Date>`now() + interval '365 days'`,
      last_event_at: sql<Date>`now()`,
    })
    .execute();
  return accounts.length;
}
