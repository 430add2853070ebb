import { DEFAULT_PRICE_COUNTRY, SubscriptionStatus, type Subscription, type SubscriptionPrice, type SubscriptionPriceRow } from '@newsreel/contracts';
import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, SubscriptionsTable } from '../../db/schema';
import type { PaymentEvent } from '../../integrations/payments/payment-provider';
import { recordAudit, type AuditActor } from '../audit/audit-log';

/**
 * How long a Stripe subscription stays active past its period's end while the renewal's webhook
 * is on its way (Stripe retries a failed renewal for days, and says so with past_due). The test
 * provider's subscriptions end at the period's end exactly.
 */
const STRIPE_RENEWAL_GRACE = sql`interval '3 days'`;

/** A subscription row counts as active: status active, within its period (Stripe's with the grace). */
const isLive = sql<boolean>`(status = ${sql.lit(SubscriptionStatus.ACTIVE)} AND current_period_end + CASE WHEN provider = 'stripe' THEN ${STRIPE_RENEWAL_GRACE} ELSE interval '0' END > now())`;

type SubscriptionRow = Selectable<SubscriptionsTable>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function subscriptionOf(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    status: row.status as Subscription['status'],
    provider: row.provider,
    interval: row.interval,
    currency: row.currency,
    amount: row.amount,
    currentPeriodEnd: row.current_period_end.toISOString(),
    cancelAtPeriodEnd: row.cancel_at_period_end,
    cancelledAt: row.cancelled_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/**
 * Whether the user has an active subscription now (for the usage meter, ads and device leases).
 * An account an admin exempted (settings.subscriptionExempt) is a separate question.
 */
export async function hasActiveSubscription(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db.selectFrom('subscriptions').select(sql<number>`1`.as('one')).where('user_id', '=', userId).where(isLive).executeTakeFirst();
  return row !== undefined;
}

export function createSubscriptionRepository(db: Kysely<Database>) {
  /**
   * Expiry on read: an active subscription whose period (and, for Stripe, its grace) has ended
   * without a renewal becomes cancelled when the reader had cancelled it, else expired.
   */
  async function expireDue(userId: string): Promise<void> {
    await db
      .updateTable('subscriptions')
      .set({
        status: sql`CASE WHEN cancel_at_period_end THEN ${sql.lit(SubscriptionStatus.CANCELLED)} ELSE ${sql.lit(SubscriptionStatus.EXPIRED)} END`,
        cancelled_at: sql`CASE WHEN cancel_at_period_end THEN coalesce(cancelled_at, current_period_end) ELSE cancelled_at END`,
        updated_at: sql`now()`,
      })
      .where('user_id', '=', userId)
      .where('status', '=', SubscriptionStatus.ACTIVE)
      .where(sql<boolean>`NOT ${isLive}`)
      .execute();
  }

  return {
    hasActiveSubscription: (userId: string) => hasActiveSubscription(db, userId),

    async listOf(userId: string): Promise<Subscription[]> {
      await expireDue(userId);
      const rows = await db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').execute();
      return rows.map(subscriptionOf);
    },

    /** The user's own subscription; undefined for another user's, as for none. */
    async findOf(userId: string, id: string): Promise<(Subscription & { providerSubscriptionId: string; providerCustomerId: string | null }) | undefined> {
      await expireDue(userId);
      const row = await db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
      return row && { ...subscriptionOf(row), providerSubscriptionId: row.provider_subscription_id, providerCustomerId: row.provider_customer_id };
    },

    /** The provider's customer of the user's latest subscription with that provider (Stripe reuses it). */
    async customerIdOf(userId: string, provider: string): Promise<string | null> {
      const row = await db
        .selectFrom('subscriptions')
        .select('provider_customer_id')
        .where('user_id', '=', userId)
        .where('provider', '=', provider as SubscriptionRow['provider'])
        .where('provider_customer_id', 'is not', null)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      return row?.provider_customer_id ?? null;
    },

    /**
     * Applies one payment event, once: a second call with the same event id (a replayed webhook)
     * changes nothing and answers 'duplicate'; an event older than the last applied to its
     * subscription is recorded and otherwise ignored ('stale'). An event about a subscription we
     * do not know, without the reader it is for, is recorded and ignored ('unknown').
     */
    async applyEvent(event: PaymentEvent): Promise<{ outcome: 'applied' | 'duplicate' | 'stale' | 'unknown'; subscription?: Subscription }> {
      return db.transaction().execute(async (trx) => {
        const recorded = await trx
          .insertInto('payment_events')
          .values({ provider: event.provider, event_id: event.eventId, type: event.type })
          .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
          .returning('event_id')
          .executeTakeFirst();
        if (!recorded) return { outcome: 'duplicate' as const };
        const result = await applyInTransaction(trx, event);
        if (result.subscription) {
          await trx.updateTable('payment_events').set({ subscription_id: result.subscription.id }).where('provider', '=', event.provider).where('event_id', '=', event.eventId).execute();
        }
        return result;
      });
    },

    // ── The price table ──

    /** The price for a country: its row, else the default row. */
    async priceFor(countryCode: string | undefined): Promise<SubscriptionPrice> {
      const codes = countryCode ? [countryCode.toUpperCase(), DEFAULT_PRICE_COUNTRY] : [DEFAULT_PRICE_COUNTRY];
      const rows = await db.selectFrom('subscription_prices').selectAll().where('country_code', 'in', codes).execute();
      const row = rows.find((r) => r.country_code !== DEFAULT_PRICE_COUNTRY) ?? rows.find((r) => r.country_code === DEFAULT_PRICE_COUNTRY);
      if (!row) throw new Error('The price table has no default row (migration 0028 makes it; the admin route keeps it).');
      return { countryCode: row.country_code, currency: row.currency, month: row.month_amount, year: row.year_amount };
    },

    /** Rows whose currency is `currency`: the reader's country's first, then the default, then the others. */
    async pricesIn(currency: string): Promise<SubscriptionPrice[]> {
      const rows = await db.selectFrom('subscription_prices').selectAll().where('currency', '=', currency.toLowerCase()).orderBy('country_code').execute();
      return rows.map((row) => ({ countryCode: row.country_code, currency: row.currency, month: row.month_amount, year: row.year_amount }));
    },

    async priceTable() {
      const rows = await db
        .selectFrom('subscription_prices')
        .selectAll()
        .orderBy(sql`country_code = ${DEFAULT_PRICE_COUNTRY}`, 'desc')
        .orderBy('country_code')
        .execute();
      return rows.map((row) => ({ countryCode: row.country_code, currency: row.currency, month: row.month_amount, year: row.year_amount, updatedAt: row.updated_at.toISOString() }));
    },

    /** Replaces the whole table (the caller has checked it holds the default row, each country once), in the audit log. */
    async replacePriceTable(items: SubscriptionPriceRow[], actor: AuditActor): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('subscription_prices').select(['country_code', 'currency', 'month_amount', 'year_amount']).orderBy('country_code').execute();
        await trx.deleteFrom('subscription_prices').execute();
        await trx
          .insertInto('subscription_prices')
          .values(
            items.map((item) => ({
              country_code: item.countryCode === DEFAULT_PRICE_COUNTRY ? DEFAULT_PRICE_COUNTRY : item.countryCode.toUpperCase(),
              currency: item.currency.toLowerCase(),
              month_amount: item.month,
              year_amount: item.year,
            })),
          )
          .execute();
        const after = await trx.selectFrom('subscription_prices').select(['country_code', 'currency', 'month_amount', 'year_amount']).orderBy('country_code').execute();
        await recordAudit(trx, { actor, action: 'update', resource: 'subscription-prices', resourceId: 'all', before, after });
      });
    },

    // ── The test provider's checkout sessions ──

    async createTestSession(values: Omit<Insertable<Database['test_checkout_sessions']>, 'created_at' | 'completed_at'>): Promise<void> {
      await db.insertInto('test_checkout_sessions').values(values).execute();
    },

    async testSessionOf(userId: string, id: string) {
      return db.selectFrom('test_checkout_sessions').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    },

    async completeTestSession(id: string): Promise<void> {
      await db.updateTable('test_checkout_sessions').set({ completed_at: new Date() }).where('id', '=', id).where('completed_at', 'is', null).execute();
    },
  };
}

export type SubscriptionRepository = ReturnType<typeof createSubscriptionRepository>;

async function applyInTransaction(trx: Transaction<Database>, event: PaymentEvent): Promise<{ outcome: 'applied' | 'stale' | 'unknown'; subscription?: Subscription }> {
  const s = event.subscription;
  const existing = await trx
    .selectFrom('subscriptions')
    .selectAll()
    .where('provider', '=', event.provider)
    .where('provider_subscription_id', '=', s.providerSubscriptionId)
    .forUpdate()
    .executeTakeFirst();
  const values = {
    provider_customer_id: s.providerCustomerId,
    status: s.status,
    interval: s.interval,
    currency: s.currency.toLowerCase(),
    amount: s.amount,
    current_period_end: s.currentPeriodEnd,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    cancelled_at: s.cancelledAt,
    last_event_at: event.createdAt,
  };
  if (existing) {
    if (existing.last_event_at > event.createdAt) return { outcome: 'stale', subscription: subscriptionOf(existing) };
    const row = await trx.updateTable('subscriptions').set({ ...values, updated_at: new Date() }).where('id', '=', existing.id).returningAll().executeTakeFirstOrThrow();
    return { outcome: 'applied', subscription: subscriptionOf(row) };
  }
  if (!s.userId || !UUID.test(s.userId)) return { outcome: 'unknown' };
  const user = await trx.selectFrom('users').select('id').where('id', '=', s.userId).executeTakeFirst();
  if (!user) return { outcome: 'unknown' };
  const row = await trx
    .insertInto('subscriptions')
    .values({ ...values, user_id: s.userId, provider: event.provider, provider_subscription_id: s.providerSubscriptionId })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { outcome: 'applied', subscription: subscriptionOf(row) };
}
