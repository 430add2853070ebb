import { Type, type Static } from 'typebox';
import { enumValues, SubscriptionStatus } from '../enums';
import { LiteralUnion } from './common';
import { IdSchema } from './content';

/**
 * Subscriptions and card payments (SPEC §3 subscription status and checkout payload, §7
 * "Subscriptions, payments and contact"; issue 17 item 2). docs/architecture.md, "Subscriptions
 * and payments", has the states and the providers.
 */


export const SUBSCRIPTION_INTERVALS = ['month', 'year'] as const;
export type SubscriptionInterval = (typeof SUBSCRIPTION_INTERVALS)[number];
/** The price table's row for every country it does not name. */
export const DEFAULT_PRICE_COUNTRY = 'default';
/** The payment providers: Stripe with STRIPE_SECRET_KEY, else the built-in test provider. */
export const PAYMENT_PROVIDERS = ['stripe', 'test'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
/** The built-in test provider's cards (any expiry date in the future, any 3-digit CVC). */
export const TEST_CARD_SUCCEEDS = '4242424242424242';
export const TEST_CARD_DECLINED = '4000000000000002';
export const PRICE_TABLE_MAX_ROWS = 300;
/** Amounts are in the currency's minor unit (cents), as card networks count them. */
export const PRICE_AMOUNT_MAX = 100_000_00;

const DateTime = Type.String({ format: 'date-time' });
const CurrencySchema = Type.String({ pattern: '^[A-Za-z]{3}$', description: 'ISO 4217 code, e.g. eur (any case; answers are lower case)' });
const IntervalSchema = LiteralUnion(SUBSCRIPTION_INTERVALS, { description: 'How often the subscription is paid: month or year' });
const AmountSchema = Type.Integer({ minimum: 1, maximum: PRICE_AMOUNT_MAX, description: 'In the currency’s minor unit, e.g. 499 is 4.99' });
const ProviderSchema = LiteralUnion(PAYMENT_PROVIDERS, { description: 'stripe, or test: the built-in test provider (no money moves)' });
const CountryCodeSchema = Type.String({
  pattern: `^([A-Za-z]{2}|${DEFAULT_PRICE_COUNTRY})$`,
  description: `ISO 3166-1 alpha-2 (e.g. DE), or “${DEFAULT_PRICE_COUNTRY}” for every country the table does not name`,
});

export const SubscriptionSchema = Type.Object({
  id: IdSchema,
  status: LiteralUnion(enumValues(SubscriptionStatus), { description: 'SPEC §3: 0 active, 1 expired, 2 disabled, 3 cancelled, 4 billing error' }),
  provider: ProviderSchema,
  interval: IntervalSchema,
  currency: Type.String(),
  amount: Type.Integer(),
  currentPeriodEnd: Type.String({ format: 'date-time', description: 'Paid until then; with cancelAtPeriodEnd it ends then' }),
  cancelAtPeriodEnd: Type.Boolean({ description: 'Cancelled by the reader: stays active until currentPeriodEnd, then ends (cancelled)' }),
  cancelledAt: Type.Union([DateTime, Type.Null()]),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type Subscription = Static<typeof SubscriptionSchema>;

export const SubscriptionListSchema = Type.Object({
  items: Type.Array(SubscriptionSchema, { description: 'Newest first' }),
  active: Type.Boolean({ description: 'Whether one of them is active now' }),
  provider: Type.Union([ProviderSchema, Type.Null()], { description: 'Who takes payments here; null: no provider is set up' }),
});
export type SubscriptionList = Static<typeof SubscriptionListSchema>;

export const SubscriptionPriceQuerySchema = Type.Object({
  countryCode: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2, e.g. DE; unknown or left out: the default row' })),
});
export type SubscriptionPriceQuery = Static<typeof SubscriptionPriceQuerySchema>;

export const SubscriptionPriceSchema = Type.Object({
  countryCode: Type.String({ description: `The row the price comes from: the country’s, or “${DEFAULT_PRICE_COUNTRY}”` }),
  currency: Type.String({ description: 'ISO 4217, lower case' }),
  month: Type.Integer({ description: 'A month’s price, in the minor unit' }),
  year: Type.Integer({ description: 'A year’s price, in the minor unit' }),
});
export type SubscriptionPrice = Static<typeof SubscriptionPriceSchema>;

/** SPEC §3 checkout payload. */
export const CheckoutBodySchema = Type.Object(
  {
    currency: CurrencySchema,
    interval: IntervalSchema,
    urlBase: Type.String({ minLength: 1, maxLength: 500, description: 'The web app’s address (this site’s), e.g. https://news.example.com; the provider sends the reader back under it' }),
  },
  { additionalProperties: false },
);
export type CheckoutBody = Static<typeof CheckoutBodySchema>;

export const PortalBodySchema = Type.Object(
  { urlBase: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: 'Where the portal sends the reader back: this site’s address' })) },
  { additionalProperties: false },
);
export type PortalBody = Static<typeof PortalBodySchema>;

export const PaymentRedirectSchema = Type.Object({ url: Type.String({ description: 'Open it: the provider’s checkout or portal page' }) });
export type PaymentRedirect = Static<typeof PaymentRedirectSchema>;

export const SessionIdParamsSchema = Type.Object({ sessionId: Type.String({ pattern: '^cs_test_[A-Za-z0-9]{8,64}$', description: 'A test checkout session, cs_test_…' }) });

export const TestCheckoutSessionSchema = Type.Object({
  id: Type.String(),
  status: LiteralUnion(['open', 'complete', 'expired'] as const),
  interval: IntervalSchema,
  currency: Type.String(),
  amount: Type.Integer(),
  successUrl: Type.String(),
  cancelUrl: Type.String(),
  expiresAt: DateTime,
});
export type TestCheckoutSession = Static<typeof TestCheckoutSessionSchema>;

export const TestCheckoutBodySchema = Type.Object(
  {
    cardNumber: Type.String({ minLength: 12, maxLength: 23, pattern: '^[0-9 -]+$', description: '4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined' }),
    expiry: Type.String({ pattern: '^(0[1-9]|1[0-2]) ?/ ?[0-9]{2}$', description: 'MM/YY, in the future' }),
    cvc: Type.String({ pattern: '^[0-9]{3,4}$' }),
  },
  { additionalProperties: false },
);
export type TestCheckoutBody = Static<typeof TestCheckoutBodySchema>;

export const TestCheckoutResultSchema = Type.Object({
  subscription: SubscriptionSchema,
  redirectUrl: Type.String({ description: 'The success address the checkout was started with' }),
});
export type TestCheckoutResult = Static<typeof TestCheckoutResultSchema>;

export const SubscriptionPriceRowSchema = Type.Object(
  {
    countryCode: CountryCodeSchema,
    currency: CurrencySchema,
    month: AmountSchema,
    year: AmountSchema,
  },
  { additionalProperties: false },
);
export type SubscriptionPriceRow = Static<typeof SubscriptionPriceRowSchema>;

export const SubscriptionPriceTableSchema = Type.Object({
  items: Type.Array(
    Type.Object({ countryCode: Type.String(), currency: Type.String(), month: Type.Integer(), year: Type.Integer(), updatedAt: DateTime }),
    { description: 'The default row first, then by country code' },
  ),
});
export type SubscriptionPriceTable = Static<typeof SubscriptionPriceTableSchema>;

export const SubscriptionPriceTableBodySchema = Type.Object(
  {
    items: Type.Array(SubscriptionPriceRowSchema, {
      minItems: 1,
      maxItems: PRICE_TABLE_MAX_ROWS,
      description: `The whole table: it replaces the stored one. It must hold the “${DEFAULT_PRICE_COUNTRY}” row, and each country once`,
    }),
  },
  { additionalProperties: false },
);
export type SubscriptionPriceTableBody = Static<typeof SubscriptionPriceTableBodySchema>;

// ── The usage meter (issue 17 item 3; docs/architecture.md, "Usage meter") ──

export const METER_REASONS = ['metered', 'subscriber', 'exempt'] as const;
/** Why the reader is metered or not: metered; an active subscription; or an account an admin exempted. */
export type MeterReason = (typeof METER_REASONS)[number];

const MeterStateProperties = {
  metered: Type.Boolean({ description: 'Whether the meter applies to the reader (false for subscribers and exempt accounts)' }),
  reason: LiteralUnion(METER_REASONS, { description: 'metered; subscriber (an active subscription); exempt (an admin exempted the account: settings.subscriptionExempt)' }),
  freeArticles: Type.Integer({ description: 'Different articles free in any window of periodDays days (the app config’s subscription.meter)' }),
  periodDays: Type.Integer({ description: 'The rolling window, in days' }),
  used: Type.Integer({ description: 'Different articles counted in the window that ends now (0 when not metered: nothing is counted)' }),
  remaining: Type.Integer({ description: 'New articles the reader may still open now (freeArticles when not metered)' }),
  nextFreeAt: Type.Union([DateTime, Type.Null()], {
    description: 'With none remaining: when the oldest read that counts leaves the window, giving the next free article; null otherwise (and with freeArticles 0)',
  }),
};

export const MeterStateSchema = Type.Object(MeterStateProperties);
export type MeterState = Static<typeof MeterStateSchema>;

export const MeterOpenBodySchema = Type.Object({ articleId: IdSchema }, { additionalProperties: false });
export type MeterOpenBody = Static<typeof MeterOpenBodySchema>;

export const MeterOpenResultSchema = Type.Object({
  ...MeterStateProperties,
  articleId: IdSchema,
  allowed: Type.Boolean({ description: 'Whether the reader may read this article: not metered, already counted in the window, or counted now' }),
  counted: Type.Boolean({ description: 'Whether this call counted the article (false for a reopened one, a refused one, or an unmetered reader)' }),
});
export type MeterOpenResult = Static<typeof MeterOpenResultSchema>;
