import { STORAGE_KEYS, type ArticleList, type Session } from '@newsreel/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, payWithTestCard, screenshot, signInThroughForm, startOwnServer } from './helpers';
import { type RunningServer } from './server-process';

/**
 * The usage meter (issue 17 item 3). A server of its own: the meter is lowered to 2 free articles
 * here, and the demo reader subscribes; the other files' server keeps the demo's 5 in 30 days.
 */
let server: RunningServer;
const baseUrl = () => server.baseUrl;

const PLAYING = '[data-player-variant="page"][data-playing="true"]';

/** The article plays: the player starts it, and there is no paywall. */
async function plays(page: Page): Promise<void> {
  await page.locator(PLAYING).waitFor({ timeout: 20_000 });
  expect(await page.locator('[data-paywall]').count()).toBe(0);
}

describe('the usage meter and the paywall', () => {
  let browser: Browser;
  let articleIds: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startOwnServer(), launchBrowser()]);
    const list = (await (await fetch(`${baseUrl()}/v1/articles?limit=30`)).json()) as ArticleList;
    articleIds = list.items.filter((item) => item.mediafile?.url).map((item) => item.id);
    expect(articleIds.length).toBeGreaterThanOrEqual(4);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a superuser sets the meter to 2 free articles in any 30 days', async () => {
    const page = await openPage(browser);
    await signInThroughForm(page, 'admin@example.com', { next: '/admin/subscription-prices', origin: baseUrl() });
    const section = page.getByRole('region', { name: 'Free articles' });
    const free = section.getByRole('textbox', { name: 'Free articles' });
    await free.waitFor();
    expect(await free.inputValue()).toBe('5');
    expect(await section.getByRole('textbox', { name: 'Period in days' }).inputValue()).toBe('30');
    // A value out of range is refused in the form, and nothing is sent.
    await free.fill('500');
    await section.getByRole('button', { name: 'Save free articles' }).click();
    await section.getByText('A whole number from 0 to 100').waitFor();
    await free.fill('2');
    await section.getByRole('button', { name: 'Save free articles' }).click();
    await page.getByText('Free articles saved.').waitFor();
    const config = (await (await fetch(`${baseUrl()}/v1/config/app?type=web`)).json()) as { subscription: unknown };
    expect(config.subscription).toEqual({ enabled: true, meter: { freeArticles: 2, periodDays: 30 } });
    await page.context().close();
  });

  it('a visitor who is not signed in reads 2 articles, then meets the paywall with a price', async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl()}/v/${articleIds[0]}`);
    await plays(page);
    await page.getByText('One free article left').waitFor();
    await page.goto(`${baseUrl()}/v/${articleIds[1]}`);
    await plays(page);
    await page.goto(`${baseUrl()}/v/${articleIds[2]}`);
    const paywall = page.getByRole('region', { name: 'You have read your 2 free articles' });
    await paywall.waitFor();
    await paywall.getByText('$4.99 a month or $49.90 a year').waitFor();
    await paywall.getByText(/^Your next free article comes on /).waitFor();
    expect(await page.locator('video').count()).toBe(0);
    expect(await paywall.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(`/account/signin?next=${encodeURIComponent(`/v/${articleIds[2]}`)}`);
    await screenshot(page, 'meter-paywall');
    // In Arabic, right to left: the paywall mirrors (its first button sits at the right).
    await page.goto(`${baseUrl()}/v/${articleIds[2]}?lng=ar`);
    const arabic = page.getByRole('region', { name: 'لقد قرأت كل مقالاتك المجانية (2)' });
    await arabic.waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const subscribeBox = await arabic.getByRole('link', { name: 'اشترك' }).boundingBox();
    const signInBox = await arabic.getByRole('link', { name: 'تسجيل الدخول' }).boundingBox();
    expect(subscribeBox!.x).toBeGreaterThan(signInBox!.x);
    await screenshot(page, 'meter-paywall-ar');
    await page.evaluate(() => localStorage.removeItem('i18nextLng'));
    // Counted in this browser; a counted article reopens free.
    const stored = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.usageMeter);
    expect((JSON.parse(stored!) as { reads: unknown[] }).reads).toHaveLength(2);
    await page.goto(`${baseUrl()}/v/${articleIds[0]}`);
    await plays(page);
    // The control for the subscriber below: with the last ad long ago, a reader without a subscription gets an ad break.
    await page.evaluate((key) => localStorage.setItem(key, JSON.stringify({ adId: 'e2e', playedAt: '2020-01-01T00:00:00.000Z' })), STORAGE_KEYS.lastAd);
    await page.reload();
    await page.locator('[data-ad-break]').waitFor({ timeout: 20_000 });
    await page.context().close();
  });

  it('a signed-in reader reads 2, meets the paywall, subscribes through the test checkout, and the meter and the ads stop', async () => {
    const page = await openPage(browser);
    await signInThroughForm(page, 'reader@example.com', { next: '/', origin: baseUrl() });
    await page.goto(`${baseUrl()}/v/${articleIds[0]}`);
    await plays(page);
    await page.goto(`${baseUrl()}/v/${articleIds[1]}`);
    await plays(page);
    await page.goto(`${baseUrl()}/v/${articleIds[2]}`);
    const paywall = page.getByRole('region', { name: 'You have read your 2 free articles' });
    await paywall.getByText('$4.99 a month or $49.90 a year').waitFor();
    // Signed in: counted by the server, not in this browser; no "Sign in".
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.usageMeter)).toBeNull();
    expect(await paywall.getByRole('link', { name: 'Sign in' }).count()).toBe(0);

    await paywall.getByRole('link', { name: 'Subscribe' }).click();
    await page.waitForURL((url) => url.pathname === '/account/subscription');
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/account/subscription/checkout/cs_test_'));
    await payWithTestCard(page, '4242 4242 4242 4242');
    await page.waitForURL((url) => url.pathname === '/account/subscription' && url.searchParams.get('checkout') === 'success');
    await page.getByText('Thank you! Your subscription is active.').waitFor();

    // An ad would be due now for a reader without a subscription (the last one long ago).
    await page.evaluate((key) => localStorage.setItem(key, JSON.stringify({ adId: 'e2e', playedAt: '2020-01-01T00:00:00.000Z' })), STORAGE_KEYS.lastAd);
    await page.getByRole('link', { name: 'Back to the article' }).click();
    await page.waitForURL((url) => url.pathname === `/v/${articleIds[2]}`);
    const ad = page.locator('[data-ad-break]');
    await ad.or(page.locator(PLAYING)).first().waitFor({ timeout: 20_000 });
    expect(await ad.count()).toBe(0);
    await plays(page);
    // A new article, after a reload too: no paywall, no ad break, no note.
    await page.goto(`${baseUrl()}/v/${articleIds[3]}`);
    await ad.or(page.locator(PLAYING)).first().waitFor({ timeout: 20_000 });
    expect(await ad.count()).toBe(0);
    await plays(page);
    expect(await page.locator('[data-meter-note]').count()).toBe(0);
    const login = await fetch(`${baseUrl()}/v1/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'reader@example.com', password: 'newsreel-demo' }) });
    const { accessToken } = (await login.json()) as Session;
    const meter = await (await fetch(`${baseUrl()}/v1/subscriptions/meter`, { headers: { authorization: `Bearer ${accessToken}` } })).json();
    expect(meter).toMatchObject({ metered: false, reason: 'subscriber' });
    await page.context().close();
  });
});
