import {
  SubscriptionStatus,
  DEFAULT_PRICE_COUNTRY,
  type CheckoutBody,
  type Subscription,
  type SubscriptionList,
  type SubscriptionPrice,
  type SubscriptionPriceRow,
  type TestCheckoutBody,
  type TestCheckoutResult,
  type TestCheckoutSession,
} from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { createPaymentProvider } from '../../integrations/payments/create-payment-provider';
import { PaymentRefusedError, WebhookSignatureError, type PaymentEvent, type PaymentProvider } from '../../integrations/payments/payment-provider';
import type { TestCard, TestSession } from '../../integrations/payments/test-provider';
import type { AuditActor } from '../audit/audit-log';
import { createSubscriptionRepository } from './subscription-repository';
import { subscriptionsEnabled } from './subscription-standing';

export const MESSAGES = {
  OFF: 'Subscriptions are turned off on this site (the app config’s subscription.enabled).',
  NO_SUBSCRIPTION: 'You have no subscription with that id.',
  NO_PROVIDER: 'No card-payment provider is set up on this server: set STRIPE_SECRET_KEY (or PAYMENT_PROVIDER=test for the test provider).',
  ALREADY_ACTIVE: 'You already have an active subscription: manage or cancel it instead of buying another.',
  NOT_ACTIVE: 'This subscription is not active, so there is nothing to cancel.',
  NO_PORTAL: 'The test payment provider has no billing portal: cancel from your subscription page.',
  NO_CUSTOMER: 'You have no subscription with the payment provider yet: subscribe first.',
  NO_SESSION: 'There is no test checkout with that id for you.',
  SESSION_DONE: 'This checkout has already been paid.',
  SESSION_EXPIRED: 'This checkout has expired: start again from your subscription page.',
  NO_WEBHOOKS: 'Webhooks come from Stripe, which is not set up on this server.',
  PRICES_NEED_DEFAULT: `The price table must hold the “${DEFAULT_PRICE_COUNTRY}” row: it is the price of every country the table does not name.`,
} as const;

/** A declined card: 402 Payment Required, as card payments answer it. */
const paymentRequired = (message: string) => new HttpError(402, message, {});

/**
 * Subscriptions and card payments (issue 17 item 2). Every change to a subscription is a payment
 * event applied once by its id (applyPaymentEvent): Stripe's webhook events, the answer of a
 * cancel call, and the built-in test provider's checkout all go through it.
 */
export function createSubscriptionService(db: Kysely<Database>, config: Config, providerOverride?: PaymentProvider | null) {
  const repository = createSubscriptionRepository(db);
  const provider =
    providerOverride !== undefined
      ? providerOverride
      : createPaymentProvider(config.payments, {
          createSession: (values) => repository.createTestSession(values),
          subscription: async (providerSubscriptionId) => {
            const row = await db.selectFrom('subscriptions').selectAll().where('provider', '=', 'test').where('provider_subscription_id', '=', providerSubscriptionId).executeTakeFirst();
            return (
              row && {
                providerSubscriptionId: row.provider_subscription_id,
                providerCustomerId: row.provider_customer_id,
                userId: row.user_id,
                status: row.status as SubscriptionStatus,
                interval: row.interval,
                currency: row.currency,
                amount: row.amount,
                currentPeriodEnd: row.current_period_end,
                cancelAtPeriodEnd: row.cancel_at_period_end,
                cancelledAt: row.cancelled_at,
              }
            );
          },
        });

  async function requireEnabled(): Promise<void> {
    if (!(await subscriptionsEnabled(db))) throw notFound(MESSAGES.OFF);
  }

  function requireProvider(): PaymentProvider {
    if (!provider) throw conflict(MESSAGES.NO_PROVIDER);
    return provider;
  }

  /** This site's address from `urlBase`: its origin must be this server's, PUBLIC_URL's or a CORS origin. */
  function siteAddressOf(urlBase: string, requestOrigin: string): string {
    let url: URL;
    try {
      url = new URL(urlBase);
    } catch {
      throw badRequest(`body.urlBase must be an address such as ${config.publicUrl} (got "${urlBase}").`);
    }
    const allowed = new Set([new URL(config.publicUrl).origin, ...config.corsOrigins, URL.parse(requestOrigin)?.origin]);
    if (!['http:', 'https:'].includes(url.protocol) || url.search || url.hash || url.username || !allowed.has(url.origin)) {
      throw badRequest(`body.urlBase must be this site’s own address (e.g. ${config.publicUrl}), without a query; the payment provider sends the reader back there.`);
    }
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  }

  async function applyPaymentEvent(event: PaymentEvent) {
    return repository.applyEvent(event);
  }

  async function ownSubscription(userId: string, id: string) {
    const subscription = await repository.findOf(userId, id);
    if (!subscription) throw notFound(MESSAGES.NO_SUBSCRIPTION);
    return subscription;
  }

  async function ownTestSession(userId: string, sessionId: string) {
    const session = await repository.testSessionOf(userId, sessionId);
    if (!session) throw notFound(MESSAGES.NO_SESSION);
    return session;
  }

  return {
    requireEnabled,
    applyPaymentEvent,
    hasActiveSubscription: repository.hasActiveSubscription,

    async list(userId: string): Promise<SubscriptionList> {
      const items = await repository.listOf(userId);
      return { items, active: items.some(isActiveNow), provider: provider?.name ?? null };
    },

    async get(userId: string, id: string): Promise<Subscription> {
      const { providerSubscriptionId: _s, providerCustomerId: _c, ...subscription } = await ownSubscription(userId, id);
      return subscription;
    },

    /** Cancels at the period's end: it stays active until then. Cancelling again answers it as it is. */
    async cancel(userId: string, id: string): Promise<Subscription> {
      const own = await ownSubscription(userId, id);
      if (own.status !== SubscriptionStatus.ACTIVE) throw conflict(MESSAGES.NOT_ACTIVE);
      if (!own.cancelAtPeriodEnd) {
        if (own.provider !== provider?.name) throw conflict(MESSAGES.NO_PROVIDER);
        await applyPaymentEvent(await provider.cancelAtPeriodEnd(own.providerSubscriptionId));
      }
      const { providerSubscriptionId: _s, providerCustomerId: _c, ...subscription } = await ownSubscription(userId, id);
      return subscription;
    },

    price: (countryCode: string | undefined): Promise<SubscriptionPrice> => repository.priceFor(countryCode),

    async checkout(userId: string, body: CheckoutBody, requestOrigin: string, countryCode: string | null): Promise<{ url: string }> {
      const payments = requireProvider();
      const site = siteAddressOf(body.urlBase, requestOrigin);
      const currency = body.currency.toLowerCase();
      // The reader's country's price when it is in that currency, else the default's, else any row's.
      const own = await repository.priceFor(countryCode ?? undefined);
      const rows = own.currency === currency ? [own] : await repository.pricesIn(currency);
      const price = rows.find((row) => row.countryCode === DEFAULT_PRICE_COUNTRY) ?? rows[0];
      if (!price) throw badRequest(`There is no price in ${currency.toUpperCase()}: ask GET /v1/subscriptions/price for the reader’s currency (${own.currency.toUpperCase()}).`);
      if ((await repository.listOf(userId)).some(isActiveNow)) throw conflict(MESSAGES.ALREADY_ACTIVE);
      const user = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
      return payments.createCheckout({
        userId,
        email: user.email,
        customerId: await repository.customerIdOf(userId, payments.name),
        interval: body.interval,
        currency,
        amount: price[body.interval],
        urlBase: site,
        successUrl: `${site}/account/subscription?checkout=success`,
        cancelUrl: `${site}/account/subscription?checkout=cancelled`,
      });
    },

    async portal(userId: string, urlBase: string | undefined, requestOrigin: string): Promise<{ url: string }> {
      const payments = requireProvider();
      const site = siteAddressOf(urlBase ?? config.publicUrl, requestOrigin);
      const customerId = await repository.customerIdOf(userId, payments.name);
      if (payments.name === 'test') throw conflict(MESSAGES.NO_PORTAL);
      if (!customerId) throw conflict(MESSAGES.NO_CUSTOMER);
      const portal = await payments.createPortal(customerId, `${site}/account/subscription`);
      if (!portal) throw conflict(MESSAGES.NO_PORTAL);
      return portal;
    },

    /** A Stripe webhook call: its event applied once ('duplicate' for a replay); 400 for a bad signature. */
    async webhook(rawBody: Buffer, signature: string | undefined) {
      if (provider?.name !== 'stripe') throw notFound(MESSAGES.NO_WEBHOOKS);
      let event: PaymentEvent | null;
      try {
        event = await provider.parseWebhook(rawBody, signature);
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw badRequest(error.message);
        throw error;
      }
      if (!event) return { received: true, outcome: 'ignored' as const };
      const { outcome } = await applyPaymentEvent(event);
      return { received: true, outcome };
    },

    async testSession(userId: string, sessionId: string): Promise<TestCheckoutSession> {
      const session = await ownTestSession(userId, sessionId);
      return {
        id: session.id,
        status: session.completed_at ? 'complete' : session.expires_at.getTime() <= Date.now() ? 'expired' : 'open',
        interval: session.interval,
        currency: session.currency,
        amount: session.amount,
        successUrl: session.success_url,
        cancelUrl: session.cancel_url,
        expiresAt: session.expires_at.toISOString(),
      };
    },

    /** Pays a test checkout: the subscription's first event, applied as a webhook's would be; 402 for the declined card. */
    async payTestSession(userId: string, sessionId: string, card: TestCheckoutBody): Promise<TestCheckoutResult> {
      const session = await ownTestSession(userId, sessionId);
      if (!provider || provider.name !== 'test' || !('pay' in provider)) throw notFound(MESSAGES.NO_SESSION);
      if (session.completed_at) throw conflict(MESSAGES.SESSION_DONE);
      if (session.expires_at.getTime() <= Date.now()) throw conflict(MESSAGES.SESSION_EXPIRED);
      if ((await repository.listOf(userId)).some(isActiveNow)) throw conflict(MESSAGES.ALREADY_ACTIVE);
      let event: PaymentEvent;
      try {
        event = (provider as { pay(session: TestSession, card: TestCard): PaymentEvent }).pay(session, card);
      } catch (error) {
        if (error instanceof PaymentRefusedError) throw error.declined ? paymentRequired(error.message) : badRequest(error.message);
        throw error;
      }
      const { subscription } = await applyPaymentEvent(event);
      await repository.completeTestSession(session.id);
      if (!subscription) throw new Error('The test checkout’s event made no subscription');
      return { subscription, redirectUrl: session.success_url };
    },

    priceTable: () => repository.priceTable(),

    async replacePriceTable(actor: AuditActor, items: SubscriptionPriceRow[]) {
      const codes = items.map((item) => (item.countryCode === DEFAULT_PRICE_COUNTRY ? item.countryCode : item.countryCode.toUpperCase()));
      if (!codes.includes(DEFAULT_PRICE_COUNTRY)) throw badRequest(MESSAGES.PRICES_NEED_DEFAULT);
      const twice = codes.find((code, index) => codes.indexOf(code) !== index);
      if (twice) throw badRequest(`The price table names ${twice} twice: each country once.`);
      await repository.replacePriceTable(items, actor);
      return { items: await repository.priceTable() };
    },
  };
}

function isActiveNow(subscription: Subscription): boolean {
  return subscription.status === SubscriptionStatus.ACTIVE;
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
