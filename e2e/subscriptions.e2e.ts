import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, payWithTestCard, signInThroughForm, startOwnServer } from './helpers';
import { type RunningServer } from './server-process';


/** A server of its own: the subscription made here would change what later files see for the demo reader. */
let server: RunningServer;

describe('subscriptions with the test payment provider', () => {
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startOwnServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a demo reader is declined with the declined card, subscribes with 4242…, sees it active, and cancels at the period’s end', async () => {
    const page = await openPage(browser);
    await signInThroughForm(page, 'reader@example.com', { next: '/account', origin: server.baseUrl });
    // The demo turns subscriptions on: the account page links to the subscription.
    await page.getByRole('region', { name: 'Subscription' }).getByRole('link', { name: 'See prices' }).click();
    await page.waitForURL((url) => url.pathname === '/account/subscription');
    await page.getByRole('heading', { level: 1, name: 'Subscription' }).waitFor();
    // The default row's price (the browser's address is local, so no country).
    await page.getByRole('button', { name: '$49.90 a year' }).click();
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();

    await page.waitForURL((url) => url.pathname.startsWith('/account/subscription/checkout/cs_test_'));
    await page.getByText('This is a test checkout: no money moves.', { exact: false }).waitFor();
    await payWithTestCard(page, '4000 0000 0000 0002');
    await page.getByRole('alert').filter({ hasText: 'Your card was declined. Nothing was charged.' }).waitFor();
    expect(page.url()).toContain('/account/subscription/checkout/');
    await payWithTestCard(page, '4242 4242 4242 4242');
    await page.waitForURL((url) => url.pathname === '/account/subscription' && url.searchParams.get('checkout') === 'success');
    await page.getByText('Thank you! Your subscription is active.').waitFor();
    const current = page.getByRole('region', { name: 'Your subscription' });
    await current.getByText('Active', { exact: true }).waitFor();
    await current.getByText('$49.90 a year').waitFor();
    await current.getByText(/^Renews on /).waitFor();

    await current.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await dialog.getByRole('button', { name: 'Cancel at period end' }).click();
    await current.getByText(/^Cancelled: active until .+, then it ends\./).waitFor();
    // Still active until the period's end, and no cancel button any more.
    await current.getByText('Active', { exact: true }).waitFor();
    expect(await current.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0);

    // After a reload, as the server keeps it.
    await page.reload();
    await page.getByRole('region', { name: 'Your subscription' }).getByText(/^Cancelled: active until /).waitFor();
  });
});
