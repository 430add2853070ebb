import { SubscriptionStatus, type PaymentProviderName, type SubscriptionInterval } from '@newsreel/contracts';
import type Stripe from 'stripe';
import { WebhookSignatureError, type PaymentProvider, type ProviderSubscription } from './payment-provider';

/** The subscription events the webhook applies; every other event is acknowledged and ignored. */
const SUBSCRIPTION_EVENTS = new Set(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted', 'customer.subscription.paused', 'customer.subscription.resumed']);

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another Stripe client (tests). */
  client?: Stripe;
}

/**
 * Stripe (STRIPE_SECRET_KEY): Checkout in subscription mode with the price table's amount, the
 * customer portal, and webhooks verified by their signature on the raw body. The subscription
 * carries the reader's id in its metadata, so every customer.subscription.* event names its reader.
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  // The SDK (some 440 modules) is loaded with the first call to Stripe, not with the server.
  let client: Promise<Stripe> | undefined;
  const stripeClient = () =>
    (client ??= options.client
      ? Promise.resolve(options.client)
      : import('stripe').then(({ default: StripeClient }) => new StripeClient(options.secretKey, { maxNetworkRetries: 2, timeout: 20_000 })));
  const name: PaymentProviderName = 'stripe';
  return {
    name,
    async createCheckout(request) {
      const stripe = await stripeClient();
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        client_reference_id: request.userId,
        ...(request.customerId ? { customer: request.customerId } : { customer_email: request.email }),
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency,
              unit_amount: request.amount,
              recurring: { interval: request.interval },
              product_data: { name: 'Newsreel subscription' },
            },
          },
        ],
        subscription_data: { metadata: { userId: request.userId } },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe answered a checkout session without a url');
      return { url: session.url };
    },
    async createPortal(customerId, returnUrl) {
      const stripe = await stripeClient();
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return { url: session.url };
    },
    async cancelAtPeriodEnd(providerSubscriptionId) {
      const stripe = await stripeClient();
      const subscription = await stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true });
      return {
        provider: name,
        // The answer of our own call: an id of its own, applied like an event.
        eventId: `cancel_${subscription.id}_${Date.now()}`,
        type: 'api.subscription.cancel_at_period_end',
        createdAt: new Date(),
        subscription: subscriptionOf(subscription),
      };
    },
    async parseWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
      const stripe = await stripeClient();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(`The webhook's signature does not match: ${(error as Error).message}`);
      }
      if (!SUBSCRIPTION_EVENTS.has(event.type)) return null;
      const subscription = event.data.object as Stripe.Subscription;
      return { provider: name, eventId: event.id, type: event.type, createdAt: new Date(event.created * 1000), subscription: subscriptionOf(subscription) };
    },
  };
}

/** SPEC §3's status of a Stripe subscription. */
export function statusOf(subscription: Pick<Stripe.Subscription, 'status' | 'cancellation_details'>): SubscriptionStatus {
  switch (subscription.status) {
    case 'active':
    case 'trialing':
      return SubscriptionStatus.ACTIVE;
    case 'past_due':
    case 'unpaid':
    case 'incomplete':
      return SubscriptionStatus.BILLING_ERROR;
    case 'paused':
      return SubscriptionStatus.DISABLED;
    case 'canceled':
      // Ended because payments failed for good: it ran out; otherwise someone cancelled it.
      return subscription.cancellation_details?.reason === 'payment_failed' ? SubscriptionStatus.EXPIRED : SubscriptionStatus.CANCELLED;
    default:
      return SubscriptionStatus.EXPIRED;
  }
}

function subscriptionOf(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items.data[0];
  const price = item?.price;
  const periodEnd = item?.current_period_end ?? (subscription as unknown as { current_period_end?: number }).current_period_end ?? subscription.ended_at ?? Math.floor(Date.now() / 1000);
  const customer = subscription.customer;
  return {
    providerSubscriptionId: subscription.id,
    providerCustomerId: typeof customer === 'string' ? customer : customer.id,
    userId: subscription.metadata?.userId ?? null,
    status: statusOf(subscription),
    interval: (price?.recurring?.interval === 'year' ? 'year' : 'month') satisfies SubscriptionInterval,
    currency: price?.currency ?? 'usd',
    amount: price?.unit_amount ?? 0,
    currentPeriodEnd: new Date(periodEnd * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    cancelledAt: subscription.canceled_at ? new Date(subscription.canceled_at * 1000) : null,
  };
}
