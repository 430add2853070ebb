import type { VendorArticle, VendorArticleList, VendorArticleSearch } from '@newsreel/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, launchBrowser, openPage, runAxe, screenshot, signInThroughForm, startOwnServer } from './helpers';
import { type RunningServer } from './server-process';

const VENDOR_USER = 'vendor@example.com';

/** A server of its own: the journey makes and revokes keys the shared server's tests do not expect. */
let server: RunningServer;
const baseUrl = () => server.baseUrl;

/** Nothing wider than the screen: no sideways scroll. */
const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** What a vendor's own program does with a key: exchange it for a token, then call the API with it. */
async function tokenFor(key: string): Promise<Response> {
  return fetch(`${baseUrl()}/v1/auth/vendor`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key }) });
}
async function read<T>(path: string, token: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl()}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as T };
}

describe('the vendor area', () => {
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startOwnServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the demo vendor user makes a key, sees it once, reads articles with it over HTTP, then revokes it and it stops', async () => {
    const page = await openPage(browser);
    await signInThroughForm(page, VENDOR_USER, { next: '/', origin: baseUrl() });
    // The account menu leads to the vendor area.
    await page.getByRole('button', { name: /Vera Vendor/ }).first().click();
    await page.getByRole('menuitem', { name: 'Vendor API' }).click();
    await page.waitForURL((url) => url.pathname === '/vendor');
    await page.getByRole('heading', { level: 1, name: 'Vendor API' }).waitFor();
    await page.getByRole('list', { name: "Your vendor's API keys" }).waitFor();
    // The guide's commands are written for this server.
    expect(await page.locator('pre').first().innerText()).toContain(`${baseUrl()}/v1/auth/vendor`);

    await page.getByRole('button', { name: 'New key' }).click();
    const dialog = page.getByRole('dialog', { name: 'New API key' });
    await dialog.getByRole('textbox', { name: 'Key name' }).fill('Browser test feed');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('dialog', { name: 'Copy the new key now' });
    await shown.waitFor();
    const key = await shown.getByRole('textbox', { name: 'API key' }).inputValue();
    expect(key).toMatch(/^nr_[A-Za-z0-9_-]{43}$/);
    expect(describeViolations(await runAxe(page))).toBe('');
    await shown.getByRole('button', { name: 'I have stored the key' }).click();
    await shown.waitFor({ state: 'hidden' });
    // Shown once: the page holds only its first characters now.
    const card = page.getByRole('listitem').filter({ hasText: 'Browser test feed' });
    await card.waitFor();
    expect(await page.content()).not.toContain(key);
    expect(await card.innerText()).toContain(`${key.slice(0, 9)}…`);

    // The key, as a vendor's program uses it.
    const exchanged = await tokenFor(key);
    expect(exchanged.status).toBe(200);
    const { accessToken } = (await exchanged.json()) as { accessToken: string };
    const list = await read<VendorArticleList>('/v1/vendor/articles?limit=5', accessToken);
    expect(list.status).toBe(200);
    expect(list.body.items.length).toBe(5);
    const first = list.body.items[0]!;
    const shownArticle = await read<VendorArticle>(`/v1/vendor/articles/${first.id}`, accessToken);
    expect(shownArticle.status).toBe(200);
    expect(shownArticle.body).toMatchObject({ id: first.id, title: first.title });
    const word = first.title.split(/\s+/).find((part) => part.length > 4) ?? first.title;
    const found = await read<VendorArticleSearch>(`/v1/vendor/articles/search?q=${encodeURIComponent(word)}`, accessToken);
    expect(found.status).toBe(200);
    expect(found.body.total).toBeGreaterThan(0);
    // Its last use shows on the page.
    await page.reload();
    await card.getByText(/last used/).waitFor();

    await card.getByRole('button', { name: /^Revoke key Browser test feed/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke Browser test feed?' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await card.getByText(/^Revoked/).waitFor();
    // Its token stops at once, and the key cannot be exchanged again.
    expect((await read('/v1/vendor/articles?limit=1', accessToken)).status).toBe(401);
    expect((await tokenFor(key)).status).toBe(401);
    await screenshot(page, 'vendor-keys-en-1280');
    await page.context().close();
  });

  it('reads right to left in Arabic, fits a 390 px phone without sideways scroll, and passes axe', async () => {
    for (const [language, viewport] of [
      ['en', { width: 390, height: 844 }],
      ['ar', { width: 1280, height: 800 }],
      ['ar', { width: 390, height: 844 }],
    ] as const) {
      const page = await openPage(browser, { viewport });
      await signInThroughForm(page, VENDOR_USER, { next: '/vendor', origin: baseUrl() });
      await page.goto(`${baseUrl()}/vendor?lng=${language}`);
      await page.getByRole('heading', { level: 1, name: language === 'ar' ? 'واجهة برمجة البائعين' : 'Vendor API' }).waitFor();
      await page.locator('li').filter({ hasText: 'nr_' }).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
      expect(await fitsTheScreen(page), `${language} ${viewport.width}`).toBe(true);
      expect(describeViolations(await runAxe(page)), `${language} ${viewport.width}`).toBe('');
      await screenshot(page, `vendor-${language}-${viewport.width}`);
      await page.context().close();
    }
  });
});
