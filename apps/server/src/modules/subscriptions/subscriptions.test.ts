import { AdminRole, defaultAppConfig, SubscriptionStatus, subscriptionApiPaths as paths, type AuditList, type Subscription, type SubscriptionList, type SubscriptionPrice, type SubscriptionPriceTable, type TestCheckoutResult, type TestCheckoutSession, adminApiPaths } from '@newsreel/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, makeAccount, signIn } from '../../../test/accounts';
import { apiCaller, type Headers } from '../../../test/api-caller';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { saveAppConfig } from '../config/app-config-repository';
import { hasActiveSubscription } from './subscription-repository';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const SITE = 'http://localhost';
const GOOD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
const DECLINED = { cardNumber: '4000 0000 0000 0002', expiry: '12/40', cvc: '123' };

describe('subscriptions with the built-in test provider', () => {
  let t: TestApp;
  let reader: Headers;
  let other: Headers;
  let superuser: Headers;
  let readerId: string;
  const db = () => t.database.handle.db;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'off' });
    readerId = await makeAccount(db(), 'reader@subs.example');
    await makeAccount(db(), 'other@subs.example');
    await makeAccount(db(), 'root@subs.example', { adminRole: AdminRole.SUPERUSER });
    reader = (await signIn(t.app, 'reader@subs.example')).auth;
    other = (await signIn(t.app, 'other@subs.example')).auth;
    superuser = await adminAuth(t.app, await signIn(t.app, 'root@subs.example'));
  });
  afterAll(() => t?.close());

  const { call, ok, refused } = apiCaller(() => t.app, () => reader);
  const enable = (enabled: boolean) => saveAppConfig(db(), { ...defaultAppConfig('web'), subscription: { enabled } });
  const checkoutSession = async (headers = reader) => {
    const { url } = await ok<{ url: string }>('POST', paths.checkout, { currency: 'usd', interval: 'month', urlBase: SITE }, headers);
    return url.split('/').pop()!;
  };
  const subscriptionCount = async () => Number((await db().selectFrom('subscriptions').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);

  it('answers 404 on every reader route while subscriptions are off in the app config', async () => {
    await refused('GET', paths.subscriptions, undefined, 404, /Subscriptions are turned off/);
    await refused('GET', `${paths.price}?countryCode=DE`, undefined, 404, /Subscriptions are turned off/);
    await refused('POST', paths.checkout, { currency: 'usd', interval: 'month', urlBase: SITE }, 404, /Subscriptions are turned off/);
    // The admins' price table is there to be set up before the feature is turned on.
    await ok('GET', paths.adminPrices, undefined, superuser);
    await enable(true);
  });

  it('answers the price for a known country, and the default row for an unknown or missing one', async () => {
    const de = (await call('GET', `${paths.price}?countryCode=de`)).json<SubscriptionPrice>();
    expect(de).toEqual({ countryCode: 'DE', currency: 'eur', month: 449, year: 4490 });
    const unknown = (await call('GET', `${paths.price}?countryCode=ZZ`)).json<SubscriptionPrice>();
    expect(unknown).toEqual({ countryCode: 'default', currency: 'usd', month: 499, year: 4990 });
    expect((await call('GET', paths.price, undefined, {})).json<SubscriptionPrice>().countryCode).toBe('default');
    await refused('GET', `${paths.price}?countryCode=DEU`, undefined, 400, /countryCode/);
  });

  it('refuses bad checkout input with 400 and starts nothing', async () => {
    await refused('POST', paths.checkout, { currency: 'usd', interval: 'week', urlBase: SITE }, 400, /interval/);
    await refused('POST', paths.checkout, { currency: 'dollars', interval: 'month', urlBase: SITE }, 400, /currency/);
    await refused('POST', paths.checkout, { currency: 'usd', interval: 'month', urlBase: 'https://evil.example' }, 400, /this site’s own address/);
    await refused('POST', paths.checkout, { currency: 'usd', interval: 'month', urlBase: 'not an address' }, 400, /urlBase/);
    await refused('POST', paths.checkout, { currency: 'jpy', interval: 'month', urlBase: SITE }, 400, /no price in JPY/);
    await refused('POST', paths.checkout, { currency: 'usd', interval: 'month' }, 400, /urlBase/);
    expect(await db().selectFrom('test_checkout_sessions').selectAll().execute()).toEqual([]);
    await refused('POST', paths.checkout, { currency: 'usd', interval: 'month', urlBase: SITE }, 401, /Sign in/, {});
  });

  it('declines the declined card, leaving no subscription, then subscribes with 4242…', async () => {
    const { url } = await ok<{ url: string }>('POST', paths.checkout, { currency: 'usd', interval: 'month', urlBase: SITE });
    expect(url).toMatch(/^http:\/\/localhost\/account\/subscription\/checkout\/cs_test_[A-Za-z0-9]+$/);
    const sessionId = url.split('/').pop()!;
    const session = await ok<TestCheckoutSession>('GET', paths.testCheckout(sessionId));
    expect(session).toMatchObject({ status: 'open', interval: 'month', currency: 'usd', amount: 499, successUrl: `${SITE}/account/subscription?checkout=success` });
    // Another reader cannot see or pay it.
    await refused('GET', paths.testCheckout(sessionId), undefined, 404, /no test checkout/, other);
    await refused('POST', paths.testCheckout(sessionId), GOOD, 404, /no test checkout/, other);

    await refused('POST', paths.testCheckout(sessionId), DECLINED, 402, /declined/);
    await refused('POST', paths.testCheckout(sessionId), { ...GOOD, cardNumber: '5555 5555 5555 4444' }, 400, /4242 4242 4242 4242/);
    await refused('POST', paths.testCheckout(sessionId), { ...GOOD, expiry: '01/20' }, 400, /expired/);
    await refused('POST', paths.testCheckout(sessionId), { ...GOOD, cvc: '1' }, 400, /cvc/);
    expect(await subscriptionCount()).toBe(0);
    expect(await hasActiveSubscription(db(), readerId)).toBe(false);
    expect((await ok<SubscriptionList>('GET', paths.subscriptions)).active).toBe(false);

    const paid = await ok<TestCheckoutResult>('POST', paths.testCheckout(sessionId), GOOD);
    expect(paid.redirectUrl).toBe(`${SITE}/account/subscription?checkout=success`);
    expect(paid.subscription).toMatchObject({ status: SubscriptionStatus.ACTIVE, provider: 'test', interval: 'month', currency: 'usd', amount: 499, cancelAtPeriodEnd: false });
    expect(new Date(paid.subscription.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect(await hasActiveSubscription(db(), readerId)).toBe(true);
    const list = await ok<SubscriptionList>('GET', paths.subscriptions);
    expect(list).toMatchObject({ active: true, provider: 'test' });
    expect(list.items.map((s) => s.id)).toEqual([paid.subscription.id]);
    // Paying again changes nothing; the session reads complete; a second checkout is refused.
    await refused('POST', paths.testCheckout(sessionId), GOOD, 409, /already been paid/);
    expect((await ok<TestCheckoutSession>('GET', paths.testCheckout(sessionId))).status).toBe('complete');
    await refused('POST', paths.checkout, { currency: 'usd', interval: 'year', urlBase: SITE }, 409, /already have an active subscription/);
    expect(await subscriptionCount()).toBe(1);
    // The payment went through the event table, once.
    expect(await db().selectFrom('payment_events').select(['provider', 'type']).execute()).toEqual([{ provider: 'test', type: 'customer.subscription.created' }]);
  });

  it('shows a subscription to its reader only, and 404 for another reader’s', async () => {
    const [mine] = (await ok<SubscriptionList>('GET', paths.subscriptions)).items as [Subscription];
    expect((await ok<Subscription>('GET', paths.subscription(mine.id))).id).toBe(mine.id);
    await refused('GET', paths.subscription(mine.id), undefined, 404, /no subscription with that id/, other);
    await refused('DELETE', paths.subscription(mine.id), undefined, 404, /no subscription with that id/, other);
    expect((await ok<SubscriptionList>('GET', paths.subscriptions, undefined, other)).items).toEqual([]);
    await refused('GET', paths.subscription(UNKNOWN), undefined, 404, /no subscription/);
    await refused('GET', paths.subscription('not-a-uuid'), undefined, 400, /id/);
  });

  it('cancels at the period’s end: active until then, then cancelled', async () => {
    const [mine] = (await ok<SubscriptionList>('GET', paths.subscriptions)).items as [Subscription];
    const cancelled = await ok<Subscription>('DELETE', paths.subscription(mine.id));
    expect(cancelled).toMatchObject({ status: SubscriptionStatus.ACTIVE, cancelAtPeriodEnd: true, currentPeriodEnd: mine.currentPeriodEnd });
    expect(await hasActiveSubscription(db(), readerId)).toBe(true);
    // Again: as it is.
    expect((await ok<Subscription>('DELETE', paths.subscription(mine.id))).cancelAtPeriodEnd).toBe(true);
    // The period ends: read after it, it is cancelled and no longer active.
    await db().updateTable('subscriptions').set({ current_period_end: new Date(Date.now() - 1000) }).where('id', '=', mine.id).execute();
    expect(await hasActiveSubscription(db(), readerId)).toBe(false);
    const after = await ok<Subscription>('GET', paths.subscription(mine.id));
    expect(after.status).toBe(SubscriptionStatus.CANCELLED);
    expect((await ok<SubscriptionList>('GET', paths.subscriptions)).active).toBe(false);
    await refused('DELETE', paths.subscription(mine.id), undefined, 409, /not active/);
  });

  it('expires a subscription whose period ended without a cancel, and lets the reader subscribe again', async () => {
    const paid = await ok<TestCheckoutResult>('POST', paths.testCheckout(await checkoutSession()), GOOD);
    await db().updateTable('subscriptions').set({ current_period_end: new Date(Date.now() - 1000) }).where('id', '=', paid.subscription.id).execute();
    expect((await ok<Subscription>('GET', paths.subscription(paid.subscription.id))).status).toBe(SubscriptionStatus.EXPIRED);
  });

  it('has no billing portal with the test provider', async () => {
    await refused('POST', paths.portal, { urlBase: SITE }, 409, /no billing portal/);
    await refused('POST', paths.portal, { urlBase: 'https://evil.example' }, 400, /this site’s own address/);
  });

  it('lets superusers replace the price table, which must keep the default row', async () => {
    const table = await ok<SubscriptionPriceTable>('GET', paths.adminPrices, undefined, superuser);
    expect(table.items[0]!.countryCode).toBe('default');
    await refused('PUT', paths.adminPrices, { items: [{ countryCode: 'DE', currency: 'eur', month: 500, year: 5000 }] }, 400, /“default” row/, superuser);
    await refused('PUT', paths.adminPrices, { items: [{ countryCode: 'default', currency: 'usd', month: 1, year: 1 }, { countryCode: 'de', currency: 'eur', month: 1, year: 1 }, { countryCode: 'DE', currency: 'eur', month: 2, year: 2 }] }, 400, /DE twice/, superuser);
    await refused('PUT', paths.adminPrices, { items: [{ countryCode: 'default', currency: 'usd', month: 0, year: 1 }] }, 400, /month/, superuser);
    await refused('PUT', paths.adminPrices, { items: [{ countryCode: 'default', currency: 'usd', month: 1, year: 1 }] }, 403, /superuser|admin/, reader);
    expect((await ok<SubscriptionPriceTable>('GET', paths.adminPrices, undefined, superuser)).items).toEqual(table.items);

    const saved = await ok<SubscriptionPriceTable>('PUT', paths.adminPrices, { items: [{ countryCode: 'default', currency: 'EUR', month: 599, year: 5990 }, { countryCode: 'ch', currency: 'chf', month: 650, year: 6500 }] }, superuser);
    expect(saved.items.map(({ updatedAt: _u, ...row }) => row)).toEqual([
      { countryCode: 'default', currency: 'eur', month: 599, year: 5990 },
      { countryCode: 'CH', currency: 'chf', month: 650, year: 6500 },
    ]);
    expect((await call('GET', `${paths.price}?countryCode=DE`)).json<SubscriptionPrice>()).toEqual({ countryCode: 'default', currency: 'eur', month: 599, year: 5990 });
    expect((await call('GET', `${paths.price}?countryCode=CH`)).json<SubscriptionPrice>()).toMatchObject({ countryCode: 'CH', month: 650 });
    const audit = await ok<AuditList>('GET', `${adminApiPaths.audit}?resource=subscription-prices`, undefined, superuser);
    expect(audit.items).toHaveLength(1);
  });
});
