import { STORAGE_KEYS, type ArticleList, type ArticleSummary } from '@newsreel/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, describeViolations, launchBrowser, openPage, runAxe, screenshot } from './helpers';

/**
 * Published demo articles that are not breaking news: the card's red "Breaking" chip is checked
 * by the accessibility suite on the pages that list breaking news, not here.
 */
async function demoArticles(count: number): Promise<ArticleSummary[]> {
  const list = (await (await fetch(`${baseUrl()}/v1/articles?limit=60`)).json()) as ArticleList;
  const articles = list.items.filter((article) => !article.breaking).slice(0, count);
  expect(articles.length, 'the demo catalogue should hold published articles').toBe(count);
  return articles;
}

/** Opens the library once, so the shell has made this browser's visitor, and returns its id. */
async function visitorOf(page: Page, shelf = 'saved', language = 'en'): Promise<string> {
  await page.goto(`${baseUrl()}/library/${shelf}?lng=${language}`);
  await page.locator('main h1').waitFor();
  const id = await page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? 'null') as { id?: string } | null)?.id, STORAGE_KEYS.visitor);
  expect(id, 'the shell should keep a visitor in browser storage').toBeTruthy();
  return id as string;
}

/** A save, like or view, told to the API the way the article page tells it. */
async function mark(toggle: 'save' | 'like' | 'view', articleIds: string[], visitorId: string): Promise<void> {
  for (const body of toggle === 'view' ? [{ articleIds, action: 'add', visitorId }] : articleIds.map((articleId) => ({ articleId, action: 'add', visitorId }))) {
    const response = await fetch(`${baseUrl()}/v1/articles/${toggle}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status, `POST /v1/articles/${toggle}`).toBe(200);
  }
}

const card = (page: Page, title: string) => page.getByRole('heading', { level: 3, name: title });

async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the page should not scroll sideways').toBeLessThanOrEqual(0);
}

describe('the library', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('says how to fill an empty shelf', async () => {
    const page = await openPage(browser);
    await visitorOf(page);
    await page.getByText('Press Save on any article to keep it here.').waitFor();
    const home = page.getByRole('link', { name: 'Find something to watch' });
    expect(await home.getAttribute('href')).toBe('/');
  });

  it('lists what the reader saved, and takes an article off again for good', async () => {
    const [first, second] = await demoArticles(2);
    if (!first || !second) return;
    const page = await openPage(browser);
    const visitorId = await visitorOf(page);
    await mark('save', [first.id, second.id], visitorId);

    await page.reload();
    await card(page, first.title).waitFor();
    await card(page, second.title).waitFor();
    expect(await page.getByRole('tab', { name: 'Saved' }).getAttribute('aria-selected')).toBe('true');
    const violations = (await runAxe(page)).filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(violations, describeViolations(violations)).toEqual([]);
    await screenshot(page, 'library-saved');

    await page.getByRole('button', { name: `Remove “${first.title}” from Saved` }).click();
    await card(page, first.title).waitFor({ state: 'detached' });
    await page.getByRole('alert').filter({ hasText: 'was removed from Saved.' }).waitFor();
    await page.reload();
    await card(page, second.title).waitFor();
    expect(await card(page, first.title).count()).toBe(0);
  });

  it('keeps the history: an article appears once it was viewed', async () => {
    const [article] = await demoArticles(1);
    if (!article) return;
    const page = await openPage(browser);
    const visitorId = await visitorOf(page, 'history');
    await page.getByText('Nothing watched yet').waitFor();
    await mark('view', [article.id], visitorId);

    await page.reload();
    await card(page, article.title).waitFor();
    expect(await page.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    // The tabs are links: the shelf is in the address.
    await page.getByRole('tab', { name: 'Saved' }).click();
    await page.waitForURL(/\/library\/saved$/);
  });

  it('lists the articles the reader liked', async () => {
    const [article] = await demoArticles(1);
    if (!article) return;
    const page = await openPage(browser);
    const visitorId = await visitorOf(page, 'liked');
    await mark('like', [article.id], visitorId);
    await page.reload();
    await card(page, article.title).waitFor();
    await page.getByRole('button', { name: `Remove “${article.title}” from Liked` }).click();
    await page.getByText('No likes yet').waitFor();
  });

  it('is mirrored in Arabic and fits a phone', async () => {
    const articles = await demoArticles(3);
    const arabic = await openPage(browser);
    const visitorId = await visitorOf(arabic, 'saved', 'ar');
    await mark('save', articles.map((article) => article.id), visitorId);
    await arabic.reload();
    await card(arabic, articles[0]!.title).waitFor();
    expect(await arabic.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await arabic.getByRole('heading', { level: 1, name: 'مكتبتك' }).waitFor();
    await screenshot(arabic, 'library-saved-ar');

    const phone = await openPage(browser, { viewport: { width: 390, height: 844 } });
    const phoneVisitor = await visitorOf(phone);
    await mark('save', articles.map((article) => article.id), phoneVisitor);
    await phone.reload();
    await card(phone, articles[0]!.title).waitFor();
    await expectNoHorizontalOverflow(phone);
    await screenshot(phone, 'library-saved-phone');
  });
});
