import { defaultAppConfig, STORAGE_KEYS, subscriptionApiPaths as paths, type Article, type MeterOpenResult } from '@newsreel/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { readerUser } from '../../../test/account-fixtures';
import { shellApi } from '../../../test/api-fixtures';
import { floodArticle } from '../../../test/article-fixture';
import { mockFetch, type FetchHandler } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { signedIn } from '../../account/test/account-api';
import { subscribeReturnTo } from '../lib/return-to';

const ON = { ...defaultAppConfig('web'), subscription: { enabled: true, meter: { freeArticles: 2, periodDays: 30 } } };
const articles: Article[] = ['1', '2', '3'].map((n) => ({ ...floodArticle, id: `3f0b8c1e-8a4e-4c5e-9d7a-1c2b3d4e5f6${n}`, title: `Article ${n}` }));

function api(extra: Record<string, FetchHandler> = {}) {
  return mockFetch(
    shellApi({
      'GET /v1/config/app': () => ON,
      'GET /v1/regions/detect': () => ({ regionId: 0, region: { id: 0, code: 'GL', name: 'Global', grouped: false }, countryCode: 'DE' }),
      [`GET ${paths.price}`]: ({ url }) => (url.searchParams.get('countryCode') === 'DE' ? { countryCode: 'DE', currency: 'eur', month: 449, year: 4490 } : { countryCode: 'default', currency: 'usd', month: 499, year: 4990 }),
      'GET /v1/articles/interactions': () => ({ items: [] }),
      'POST /v1/articles/view': () => ({ ok: true }),
      ...Object.fromEntries(articles.map((article) => [`GET /v1/articles/${article.id}`, () => article])),
      ...extra,
    }),
  );
}

const serverMeter = (overrides: Partial<MeterOpenResult>): MeterOpenResult => ({
  metered: true,
  reason: 'metered',
  freeArticles: 2,
  periodDays: 30,
  used: 2,
  remaining: 0,
  nextFreeAt: '2030-03-01T12:00:00.000Z',
  articleId: articles[2]!.id,
  allowed: false,
  counted: false,
  ...overrides,
});

describe('the usage meter on the article page', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => {
    setAccessToken(null);
    vi.restoreAllMocks();
  });

  it('lets a reader who is not signed in open two articles, warns at one left, then shows the paywall with the country’s price', async () => {
    api();
    const first = renderApp({ path: `/v/${articles[0]!.id}`, state: { config: ON } });
    await screen.findByRole('heading', { level: 1, name: 'Article 1' });
    expect(await screen.findByText('One free article left')).toBeTruthy();
    expect(document.querySelector('[data-paywall]')).toBeNull();
    first.unmount();

    const second = renderApp({ path: `/v/${articles[1]!.id}`, state: { config: ON } });
    await screen.findByRole('heading', { level: 1, name: 'Article 2' });
    expect(document.querySelector('[data-paywall]')).toBeNull();
    expect(screen.queryByText(/free articles? left/i)).toBeNull();
    second.unmount();

    const third = renderApp({ path: `/v/${articles[2]!.id}`, state: { config: ON } });
    const paywall = await screen.findByRole('region', { name: 'You have read your 2 free articles' });
    // The title and the description stay; the player and the transcript do not.
    expect(screen.getByRole('heading', { level: 1, name: 'Article 3' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Transcript' })).toBeNull();
    expect(within(paywall).getByText(/^Your next free article comes on /)).toBeTruthy();
    expect(await within(paywall).findByText('€4.49 a month or €44.90 a year')).toBeTruthy();
    const subscribe = within(paywall).getByRole('link', { name: 'Subscribe' });
    expect(subscribe.getAttribute('href')).toBe('/account/signin?next=%2Faccount%2Fsubscription');
    expect(within(paywall).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(`/account/signin?next=${encodeURIComponent(`/v/${articles[2]!.id}`)}`);
    subscribe.click();
    expect(subscribeReturnTo.get()).toBe(`/v/${articles[2]!.id}`);
    third.unmount();

    // Reopening a counted article stays free.
    renderApp({ path: `/v/${articles[0]!.id}`, state: { config: ON } });
    await screen.findByRole('heading', { level: 1, name: 'Article 1' });
    expect(document.querySelector('[data-paywall]')).toBeNull();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.usageMeter)!).reads).toHaveLength(2);
  });

  it('lets the server decide for a signed-in reader: the paywall, without “Sign in”', async () => {
    const fetchMock = api({ [`POST ${paths.meter}`]: () => serverMeter({}) });
    renderApp({ path: `/v/${articles[2]!.id}`, state: { ...signedIn(readerUser), config: ON } });
    const paywall = await screen.findByRole('region', { name: 'You have read your 2 free articles' });
    expect(within(paywall).getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe('/account/subscription');
    expect(within(paywall).queryByRole('link', { name: 'Sign in' })).toBeNull();
    const posted = fetchMock.mock.calls.filter(([url, init]) => String(url).includes(paths.meter) && init?.method === 'POST');
    expect(posted.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([{ articleId: articles[2]!.id }]);
    // The browser's meter is not used for a signed-in reader.
    expect(localStorage.getItem(STORAGE_KEYS.usageMeter)).toBeNull();
  });

  it('shows the article to a subscriber, and when the server cannot answer (the meter is soft)', async () => {
    api({ [`POST ${paths.meter}`]: () => serverMeter({ metered: false, reason: 'subscriber', allowed: true, used: 0, remaining: 2, nextFreeAt: null }) });
    const subscriber = renderApp({ path: `/v/${articles[2]!.id}`, state: { ...signedIn(readerUser), config: ON } });
    await screen.findByRole('heading', { level: 1, name: 'Article 3' });
    expect(document.querySelector('[data-paywall]')).toBeNull();
    expect(screen.queryByText(/free articles? left/i)).toBeNull();
    subscriber.unmount();

    api({ [`POST ${paths.meter}`]: () => new Response(JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: 'down' }), { status: 503, headers: { 'content-type': 'application/json' } }) });
    renderApp({ path: `/v/${articles[1]!.id}`, state: { ...signedIn(readerUser), config: ON } });
    await screen.findByRole('heading', { level: 1, name: 'Article 2' });
    expect(document.querySelector('[data-paywall]')).toBeNull();
  });

  it('meters nothing while subscriptions are off', async () => {
    api({ 'GET /v1/config/app': () => defaultAppConfig('web') });
    for (const article of articles) {
      const page = renderApp({ path: `/v/${article.id}` });
      await screen.findByRole('heading', { level: 1, name: article.title });
      expect(document.querySelector('[data-paywall]')).toBeNull();
      page.unmount();
    }
    expect(localStorage.getItem(STORAGE_KEYS.usageMeter)).toBeNull();
  });

  it('says “This article is for subscribers” with no free articles at all', async () => {
    api();
    renderApp({ path: `/v/${articles[0]!.id}`, state: { config: { ...ON, subscription: { enabled: true, meter: { freeArticles: 0, periodDays: 30 } } } } });
    const paywall = await screen.findByRole('region', { name: 'This article is for subscribers' });
    expect(within(paywall).queryByText(/next free article/)).toBeNull();
  });
});
