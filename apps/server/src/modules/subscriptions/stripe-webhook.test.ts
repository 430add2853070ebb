import { defaultAppConfig, SubscriptionStatus, subscriptionApiPaths as paths, type SubscriptionList } from '@newsreel/contracts';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, signIn } from '../../../test/accounts';
import { apiCaller, type Headers } from '../../../test/api-caller';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { saveAppConfig } from '../config/app-config-repository';
import { hasActiveSubscription } from './subscription-repository';

const SECRET = 'whsec_test_newsreel_webhook_secret';
const stripe = new Stripe('sk_test_newsreel_not_a_real_key');
const DAY = 86_400;

/** A customer.subscription.* event as Stripe sends it (the fields the webhook reads). */
function subscriptionEvent(id: string, type: string, userId: string, changes: { status?: string; cancel_at_period_end?: boolean; created?: number; periodEnd?: number } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return {
    id,
    object: 'event',
    type,
    created: changes.created ?? now,
    data: {
      object: {
        id: 'sub_newsreel_1',
        object: 'subscription',
        customer: 'cus_newsreel_1',
        status: changes.status ?? 'active',
        cancel_at_period_end: changes.cancel_at_period_end ?? false,
        canceled_at: null,
        cancellation_details: null,
        ended_at: null,
        metadata: { userId },
        items: { object: 'list', data: [{ id: 'si_1', current_period_end: changes.periodEnd ?? now + 30 * DAY, price: { currency: 'eur', unit_amount: 449, recurring: { interval: 'month' } } }] },
      },
    },
  };
}

describe('Stripe’s webhook', () => {
  let t: TestApp;
  let reader: Headers;
  let readerId: string;
  const db = () => t.database.handle.db;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'off', STRIPE_SECRET_KEY: 'sk_test_newsreel_not_a_real_key', STRIPE_WEBHOOK_SECRET: SECRET });
    await saveAppConfig(db(), { ...defaultAppConfig('web'), subscription: { enabled: true } });
    readerId = await makeAccount(db(), 'reader@stripe.example');
    reader = (await signIn(t.app, 'reader@stripe.example')).auth;
  });
  afterAll(() => t?.close());

  const { ok } = apiCaller(() => t.app, () => reader);
  const post = (event: object, secret = SECRET, signature?: string) => {
    const payload = JSON.stringify(event);
    return t.app.inject({
      method: 'POST',
      url: paths.webhook,
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature ?? stripe.webhooks.generateTestHeaderString({ payload, secret }) },
    });
  };
  const statusNow = async () => (await ok<SubscriptionList>('GET', paths.subscriptions)).items.map((s) => [s.status, s.cancelAtPeriodEnd]);

  it('refuses a webhook with a bad or missing signature, changing nothing', async () => {
    const event = subscriptionEvent('evt_forged', 'customer.subscription.created', readerId);
    let res = await post(event, 'whsec_someone_else');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/signature does not match/);
    res = await t.app.inject({ method: 'POST', url: paths.webhook, payload: JSON.stringify(event), headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Stripe-Signature header is missing/);
    // Signed, then changed on the way: refused.
    const payload = JSON.stringify(event);
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    res = await t.app.inject({ method: 'POST', url: paths.webhook, payload: payload.replace('"active"', '"trialing"'), headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
    expect(res.statusCode).toBe(400);
    expect(await db().selectFrom('subscriptions').selectAll().execute()).toEqual([]);
    expect(await db().selectFrom('payment_events').selectAll().execute()).toEqual([]);
  });

  it('applies signed subscription events once: a replay changes nothing', async () => {
    const created = subscriptionEvent('evt_created', 'customer.subscription.created', readerId, { created: Math.floor(Date.now() / 1000) - 60 });
    let res = await post(created);
    expect(res.json(), res.body).toEqual({ received: true, outcome: 'applied' });
    expect(await hasActiveSubscription(db(), readerId)).toBe(true);
    expect(await statusNow()).toEqual([[SubscriptionStatus.ACTIVE, false]]);

    res = await post(subscriptionEvent('evt_past_due', 'customer.subscription.updated', readerId, { status: 'past_due' }));
    expect(res.json().outcome).toBe('applied');
    expect(await statusNow()).toEqual([[SubscriptionStatus.BILLING_ERROR, false]]);
    expect(await hasActiveSubscription(db(), readerId)).toBe(false);

    // The first event again (Stripe retries): nothing changes.
    res = await post(created);
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toBe('duplicate');
    expect(await statusNow()).toEqual([[SubscriptionStatus.BILLING_ERROR, false]]);
    // An older event with a new id, arriving late: recorded, ignored.
    res = await post(subscriptionEvent('evt_late', 'customer.subscription.updated', readerId, { created: Math.floor(Date.now() / 1000) - 3600 }));
    expect(res.json().outcome).toBe('stale');
    expect(await statusNow()).toEqual([[SubscriptionStatus.BILLING_ERROR, false]]);
    expect(await db().selectFrom('subscriptions').selectAll().execute()).toHaveLength(1);

    // Paid again, then cancelled at the period's end, then ended.
    await post(subscriptionEvent('evt_paid', 'customer.subscription.updated', readerId, { created: Math.floor(Date.now() / 1000) + 1 }));
    await post(subscriptionEvent('evt_cancel', 'customer.subscription.updated', readerId, { created: Math.floor(Date.now() / 1000) + 2, cancel_at_period_end: true }));
    expect(await statusNow()).toEqual([[SubscriptionStatus.ACTIVE, true]]);
    await post(subscriptionEvent('evt_deleted', 'customer.subscription.deleted', readerId, { created: Math.floor(Date.now() / 1000) + 3, status: 'canceled', cancel_at_period_end: true }));
    expect(await statusNow()).toEqual([[SubscriptionStatus.CANCELLED, true]]);
  });

  it('acknowledges other events and events for no known reader without changing anything', async () => {
    let res = await post({ id: 'evt_invoice', object: 'event', type: 'invoice.paid', created: Math.floor(Date.now() / 1000), data: { object: { id: 'in_1' } } });
    expect(res.json()).toEqual({ received: true, outcome: 'ignored' });
    const stranger = subscriptionEvent('evt_stranger', 'customer.subscription.created', 'not-a-user');
    stranger.data.object.id = 'sub_stranger';
    res = await post(stranger);
    expect(res.json().outcome).toBe('unknown');
    expect(await db().selectFrom('subscriptions').select('provider_subscription_id').execute()).toEqual([{ provider_subscription_id: 'sub_newsreel_1' }]);
  });

  it('answers the Stripe provider to the reader, and refuses the test checkout', async () => {
    expect((await ok<SubscriptionList>('GET', paths.subscriptions)).provider).toBe('stripe');
    const res = await t.app.inject({ method: 'POST', url: paths.testCheckout('cs_test_abcdefgh12345678'), payload: { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' }, headers: reader });
    expect(res.statusCode).toBe(404);
  });
});
