import { randomBytes } from 'node:crypto';
import { SubscriptionStatus, TEST_CARD_DECLINED, TEST_CARD_SUCCEEDS, type SubscriptionInterval } from '@newsreel/contracts';
import { PaymentRefusedError, type CheckoutRequest, type PaymentEvent, type PaymentProvider, type ProviderSubscription } from './payment-provider';

/** How long a test checkout session can be paid. */
export const TEST_SESSION_TTL_MS = 60 * 60_000;

/** What the test provider keeps: its checkout sessions, and the subscriptions as they stand. */
export interface TestProviderStore {
  createSession(values: { id: string; user_id: string; interval: SubscriptionInterval; currency: string; amount: number; success_url: string; cancel_url: string; expires_at: Date }): Promise<void>;
  subscription(providerSubscriptionId: string): Promise<ProviderSubscription | undefined>;
}

export interface TestCard {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export interface TestSession {
  id: string;
  user_id: string;
  interval: SubscriptionInterval;
  currency: string;
  amount: number;
}

const token = () => randomBytes(12).toString('base64url').replace(/[^A-Za-z0-9]/g, '').padEnd(16, '0');

/** A date a month or a year after `from` (the test provider's billing period). */
export function periodEndAfter(from: Date, interval: SubscriptionInterval): Date {
  const end = new Date(from);
  if (interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/**
 * The built-in test provider (no STRIPE_SECRET_KEY): its checkout page is the web app's own
 * (/account/subscription/checkout/{sessionId}), where card 4242 4242 4242 4242 succeeds and
 * 4000 0000 0000 0002 is declined. Paying, and cancelling, make payment events just as Stripe's
 * webhook does, applied by the same code (subscription-service.ts, applyPaymentEvent). No money
 * moves; it has no billing portal.
 */
export function createTestProvider(store: TestProviderStore): PaymentProvider & { pay(session: TestSession, card: TestCard, now?: Date): PaymentEvent } {
  const name = 'test' as const;
  return {
    name,
    async createCheckout(request: CheckoutRequest) {
      const id = `cs_test_${token()}`;
      await store.createSession({
        id,
        user_id: request.userId,
        interval: request.interval,
        currency: request.currency,
        amount: request.amount,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        expires_at: new Date(Date.now() + TEST_SESSION_TTL_MS),
      });
      return { url: `${request.urlBase}/account/subscription/checkout/${id}` };
    },
    async createPortal() {
      return null;
    },
    async cancelAtPeriodEnd(providerSubscriptionId) {
      const subscription = await store.subscription(providerSubscriptionId);
      if (!subscription) throw new Error(`The test provider has no subscription ${providerSubscriptionId}`);
      return {
        provider: name,
        eventId: `evt_test_${token()}`,
        type: 'customer.subscription.updated',
        createdAt: new Date(),
        subscription: { ...subscription, cancelAtPeriodEnd: true },
      };
    },
    parseWebhook() {
      return Promise.reject(new Error('The test provider takes no webhooks.'));
    },
    /**
     * Pays a session with a test card: the subscription's first event, or PaymentRefusedError for
     * the declined card. Its ids come from the session's, so paying twice is one event.
     */
    pay(session, card, now = new Date()) {
      const number = card.cardNumber.replace(/[\s-]/g, '');
      const [month, year] = card.expiry.split('/').map((part) => Number(part.trim())) as [number, number];
      // The card is good to the end of its expiry month.
      if (Date.UTC(2000 + year, month, 1) <= now.getTime()) throw new PaymentRefusedError('The card has expired: check the expiry date (MM/YY).', false);
      if (number === TEST_CARD_DECLINED) throw new PaymentRefusedError('Your card was declined. Nothing was charged; try another card.', true);
      if (number !== TEST_CARD_SUCCEEDS) {
        throw new PaymentRefusedError('This is the test checkout: use the card 4242 4242 4242 4242 (it succeeds) or 4000 0000 0000 0002 (it is declined).', false);
      }
      const suffix = session.id.replace(/^cs_test_/, '');
      return {
        provider: name,
        eventId: `evt_test_checkout_${suffix}`,
        type: 'customer.subscription.created',
        createdAt: now,
        subscription: {
          providerSubscriptionId: `sub_test_${suffix}`,
          providerCustomerId: `cus_test_${session.user_id}`,
          userId: session.user_id,
          status: SubscriptionStatus.ACTIVE,
          interval: session.interval,
          currency: session.currency,
          amount: session.amount,
          currentPeriodEnd: periodEndAfter(now, session.interval),
          cancelAtPeriodEnd: false,
          cancelledAt: null,
        },
      };
    },
  };
}
