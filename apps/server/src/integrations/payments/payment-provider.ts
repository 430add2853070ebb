import type { PaymentProviderName, SubscriptionInterval, SubscriptionStatus } from '@newsreel/contracts';

/**
 * A subscription as the payment provider sees it after something happened to it. Every change to
 * a reader's subscription is one of these, applied once by its `eventId`: Stripe's webhook events
 * are mapped into it (stripe-provider.ts), and the built-in test provider makes its own.
 */
export interface PaymentEvent {
  provider: PaymentProviderName;
  /** The provider's event id (Stripe's evt_…): the same id is applied once. */
  eventId: string;
  /** The provider's event type, kept with the event (e.g. customer.subscription.updated). */
  type: string;
  /** When the provider made the event: one older than the last applied changes nothing. */
  createdAt: Date;
  subscription: ProviderSubscription;
}

export interface ProviderSubscription {
  providerSubscriptionId: string;
  providerCustomerId: string | null;
  /** The reader it is for (set by the checkout); null when the event does not say (an existing one is found by its id). */
  userId: string | null;
  status: SubscriptionStatus;
  interval: SubscriptionInterval;
  currency: string;
  amount: number;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  cancelledAt: Date | null;
}

export interface CheckoutRequest {
  userId: string;
  email: string;
  /** The provider's customer of the reader's earlier subscription, when there is one. */
  customerId: string | null;
  interval: SubscriptionInterval;
  currency: string;
  amount: number;
  /** This site's address: the test provider's checkout page is under it. */
  urlBase: string;
  successUrl: string;
  cancelUrl: string;
}

/** Why a provider refused a card (declined, or not a card it takes): the reader may try again; nothing changed. */
export class PaymentRefusedError extends Error {
  constructor(
    message: string,
    readonly declined: boolean,
  ) {
    super(message);
  }
}

/** Card payments (issue 17 item 2): Stripe with STRIPE_SECRET_KEY, else the built-in test provider. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The address of the provider's checkout page for this subscription. */
  createCheckout(request: CheckoutRequest): Promise<{ url: string }>;
  /** The address of the provider's billing portal for the customer; null: the provider has none. */
  createPortal(customerId: string, returnUrl: string): Promise<{ url: string } | null>;
  /** Cancels at the period's end: the provider's own answer, as the event to apply. */
  cancelAtPeriodEnd(providerSubscriptionId: string): Promise<PaymentEvent>;
  /**
   * A webhook call's event, once its signature is checked (throws WebhookSignatureError if it is
   * not the provider's); null: an event about something else, acknowledged and ignored.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent | null>;
}

export class WebhookSignatureError extends Error {}
