import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { defaultAppConfig, SubscriptionStatus, subscriptionApiPaths as paths, type Subscription, type SubscriptionList, type TestCheckoutSession } from '@newsreel/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { readerUser } from '../../../test/account-fixtures';
import { shellApi } from '../../../test/api-fixtures';
import { mockFetch, type FetchHandler } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { apiError, bodyOf, signedIn } from '../../account/test/account-api';

afterEach(() => setAccessToken(null));

const ON = { ...defaultAppConfig('web'), subscription: { enabled: true } };
const SESSION = 'cs_test_abcdefgh12345678';
const PERIOD_END = '2030-03-01T00:00:00.000Z';

const active: Subscription = {
  id: 'e0a80101-0000-4000-8000-000000000001',
  status: SubscriptionStatus.ACTIVE,
  provider: 'test',
  interval: 'year',
  currency: 'eur',
  amount: 4490,
  currentPeriodEnd: PERIOD_END,
  cancelAtPeriodEnd: false,
  cancelledAt: null,
  createdAt: '2029-03-01T00:00:00.000Z',
  updatedAt: '2029-03-01T00:00:00.000Z',
};

function render(path: string, handlers: Record<string, FetchHandler>) {
  const fetchMock = mockFetch(
    shellApi({
      'GET /v1/config/app': () => ON,
      'GET /v1/regions/detect': () => ({ regionId: 0, region: { id: 0, code: 'GL', name: 'Global', grouped: false }, countryCode: 'DE' }),
      [`GET ${paths.price}`]: ({ url }) => (url.searchParams.get('countryCode') === 'DE' ? { countryCode: 'DE', currency: 'eur', month: 449, year: 4490 } : { countryCode: 'default', currency: 'usd', month: 499, year: 4990 }),
      ...handlers,
    }),
  );
  const rendered = renderApp({ path, state: { ...signedIn(readerUser), config: ON } });
  const sent = (method: string, path: string) => fetchMock.mock.calls.filter(([url, init]) => String(url).includes(path) && (init?.method ?? 'GET') === method).map(([, init]) => (init?.body ? bodyOf(init) : undefined));
  return { ...rendered, sent };
}

describe('the subscription page', () => {
  it('shows the price for the reader’s country and starts a checkout for the chosen period', async () => {
    const list: SubscriptionList = { items: [], active: false, provider: 'test' };
    const { router, sent } = render('/account/subscription', {
      [`GET ${paths.subscriptions}`]: () => list,
      [`POST ${paths.checkout}`]: () => ({ url: `${window.location.origin}/account/subscription/checkout/${SESSION}` }),
      [`GET ${paths.testCheckout(SESSION)}`]: () => ({ id: SESSION, status: 'open', interval: 'year', currency: 'eur', amount: 4490, successUrl: '', cancelUrl: '', expiresAt: PERIOD_END }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '€44.90 a year' }));
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(router.location().pathname).toBe(`/account/subscription/checkout/${SESSION}`));
    expect(sent('POST', paths.checkout)).toEqual([{ currency: 'eur', interval: 'year', urlBase: window.location.origin }]);
  });

  it('shows the active subscription and cancels it at the period’s end', async () => {
    let current = active;
    const { sent } = render('/account/subscription', {
      [`GET ${paths.subscriptions}`]: () => ({ items: [current], active: true, provider: 'test' }),
      [`DELETE ${paths.subscription(active.id)}`]: () => (current = { ...active, cancelAtPeriodEnd: true }),
    });
    const card = await screen.findByRole('region', { name: 'Your subscription' });
    expect(within(card).getByText('Active')).toBeTruthy();
    expect(within(card).getByText(/^Renews on /)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel subscription' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Cancel your subscription?' })).getByRole('button', { name: 'Cancel at period end' }));
    expect(await within(card).findByText(/^Cancelled: active until /)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect(sent('DELETE', paths.subscription(active.id))).toHaveLength(1);
  });
});

describe('the test checkout', () => {
  const session: TestCheckoutSession = {
    id: SESSION,
    status: 'open',
    interval: 'month',
    currency: 'usd',
    amount: 499,
    successUrl: `${window.location.origin}/account/subscription?checkout=success`,
    cancelUrl: `${window.location.origin}/account/subscription?checkout=cancelled`,
    expiresAt: PERIOD_END,
  };
  const fill = (card: string) => {
    fireEvent.change(screen.getByRole('textbox', { name: 'Card number' }), { target: { value: card } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Expiry date' }), { target: { value: '12/40' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'CVC' }), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $4.99 a month' }));
  };

  it('says a declined card was declined, then pays with the good card and returns to the subscription', async () => {
    const { router, sent } = render(`/account/subscription/checkout/${SESSION}`, {
      [`GET ${paths.testCheckout(SESSION)}`]: () => session,
      [`POST ${paths.testCheckout(SESSION)}`]: ({ init }) =>
        (bodyOf(init) as { cardNumber: string }).cardNumber.startsWith('4000')
          ? apiError(402, 'Your card was declined. Nothing was charged; try another card.')
          : { subscription: { ...active, interval: 'month', currency: 'usd', amount: 499 }, redirectUrl: session.successUrl },
      [`GET ${paths.subscriptions}`]: () => ({ items: [active], active: true, provider: 'test' }),
    });
    await screen.findByText(/This is a test checkout: no money moves/);
    fill('4000 0000 0000 0002');
    expect((await screen.findByRole('alert')).textContent).toBe('Your card was declined. Nothing was charged. Try another card.');
    expect(router.location().pathname).toBe(`/account/subscription/checkout/${SESSION}`);
    fill('4242 4242 4242 4242');
    await waitFor(() => expect(router.location().pathname).toBe('/account/subscription'));
    expect(router.location().search).toBe('?checkout=success');
    expect(await screen.findByText('Thank you! Your subscription is active.')).toBeTruthy();
    expect(sent('POST', paths.testCheckout(SESSION))).toEqual([
      { cardNumber: '4000 0000 0000 0002', expiry: '12/40', cvc: '123' },
      { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
    ]);
  });
});
