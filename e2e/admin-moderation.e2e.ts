import { fileURLToPath } from 'node:url';
import type { ArticleList, Category, List } from '@newsreel/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, launchBrowser, openPage, runAxe, screenshot, signInThroughForm, startOwnServer } from './helpers';
import { type RunningServer } from './server-process';

/** The demo's moderation queue (apps/server/src/db/demo-moderation.ts), the longest waiting first. */
const LONDON = 'Weekend night rail service extended to three more London lines';
const CARDIFF = 'Cardiff hosts an under-20 rugby final in front of a sell-out crowd';
const DELHI = 'Delhi records its cleanest autumn air in several years';
const REASON = 'The crowd figure in the description does not match the video; check it with the stadium.';
const CATEGORY = 'Space & Science';
const CATEGORY_SLUG = 'space-science';
const PUBLISHER = 'Lakeside Herald';

/**
 * A server of its own: the journey approves and sends back the demo's queued articles, which the
 * rest of the suite's shared server keeps as they are.
 */
let server: RunningServer;
const baseUrl = () => server.baseUrl;

/** The titles in the queue's table, in order. */
async function queueTitles(page: Page): Promise<string[]> {
  return page.getByRole('table', { name: 'Articles awaiting review' }).locator('tbody tr a').allInnerTexts();
}

/** Nothing wider than the screen: no sideways scroll. */
const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** What a screen shows, not the whole page. */
const viewShot = (page: Page, name: string) => page.screenshot({ path: fileURLToPath(new URL(`./output/${name}.png`, import.meta.url)) });

describe('the admin console’s moderation', () => {
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startOwnServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the demo superuser approves an article from the queue, which then shows in the reader’s feed, and sends another back with a reason', async () => {
    const page = await openPage(browser);
    await signInThroughForm(page, 'admin@example.com', { next: '/admin/articles', origin: baseUrl() });
    await page.getByRole('heading', { level: 1, name: 'Articles' }).waitFor();
    await page.getByRole('table', { name: 'Articles awaiting review' }).getByRole('link', { name: LONDON }).waitFor();
    expect(await queueTitles(page)).toEqual([LONDON, CARDIFF, DELHI]);
    await page.getByLabel('3 awaiting review').waitFor();
    expect(describeViolations(await runAxe(page))).toBe('');
    await screenshot(page, 'admin-moderation-queue');

    // Approve: it goes live at once.
    await page.getByRole('link', { name: LONDON }).click();
    await page.getByRole('heading', { level: 1, name: LONDON }).waitFor();
    const review = page.getByRole('region', { name: 'Review' });
    expect(describeViolations(await runAxe(page))).toBe('');
    await screenshot(page, 'admin-moderation-article');
    await review.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('The article was approved and is live.').waitFor();
    await page.getByRole('link', { name: 'Open as a reader' }).waitFor();

    // Needs work: back to its publisher with the reason they will read.
    await page.getByRole('link', { name: 'Articles', exact: true }).first().click();
    await page.getByRole('table', { name: 'Articles awaiting review' }).getByRole('link', { name: CARDIFF }).click();
    await page.getByRole('heading', { level: 1, name: CARDIFF }).waitFor();
    await page.getByRole('region', { name: 'Review' }).getByRole('button', { name: 'Needs work' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send this article back?' });
    await dialog.getByRole('textbox', { name: 'What needs to change' }).fill(REASON);
    await dialog.getByRole('button', { name: 'Send back' }).click();
    await page.getByText('The article was sent back to its publisher.').waitFor();
    await page.getByRole('alert').filter({ hasText: 'What the publisher was asked to change' }).getByText(REASON).waitFor();

    // The queue keeps the one left.
    await page.goto(`${baseUrl()}/admin/articles`);
    await page.getByLabel('1 awaiting review').waitFor();
    expect(await queueTitles(page)).toEqual([DELHI]);

    // The approved one is the newest in the reader's feed; the one sent back is not in it.
    const feed = (await (await fetch(`${baseUrl()}/v1/articles?limit=30`)).json()) as ArticleList;
    expect(feed.items[0]?.title).toBe(LONDON);
    expect(feed.items.some((article) => article.title === CARDIFF)).toBe(false);
    await page.context().close();

    // A reader opening the app has it first in their feed: the one the hero player opens on.
    const reader = await openPage(browser);
    await reader.goto(`${baseUrl()}/`);
    await reader.getByRole('main').getByText(LONDON, { exact: true }).first().waitFor();
    await screenshot(reader, 'admin-moderation-reader-feed');
    await reader.context().close();
  });

  it('creates a category readers then browse by, refuses to delete one in use with what uses it, and creates a publisher with a user', async () => {
    const page = await openPage(browser);
    await signInThroughForm(page, 'admin@example.com', { next: '/admin/categories', origin: baseUrl() });
    await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
    await page.getByRole('table', { name: 'Categories' }).locator('tbody tr').first().waitFor();
    expect(describeViolations(await runAxe(page))).toBe('');

    // A new category: its slug follows its name.
    await page.getByRole('button', { name: 'New category' }).click();
    const dialog = page.getByRole('dialog', { name: 'New category' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(CATEGORY);
    expect(await dialog.getByRole('textbox', { name: 'Slug' }).inputValue()).toBe(CATEGORY_SLUG);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Launches, telescopes and the people behind them.');
    await dialog.getByRole('button', { name: 'Create category' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('table', { name: 'Categories' }).getByRole('button', { name: CATEGORY, exact: true }).waitFor();
    const categories = (await (await fetch(`${baseUrl()}/v1/categories`)).json()) as List<Category>;
    expect(categories.items.map((category) => category.slug)).toContain(CATEGORY_SLUG);

    // One in use: the server says what uses it.
    const search = page.getByRole('searchbox', { name: 'Search by name, slug or description' });
    await search.fill('travel');
    await page.getByRole('table', { name: 'Categories' }).getByRole('button', { name: 'Travel', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete Travel' }).click();
    await page.getByRole('dialog', { name: /Delete .*Travel.*\?/ }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText(/^The category "Travel" is used by \d+ articles?/).waitFor();
    await screenshot(page, 'admin-categories-in-use');
    await page.getByRole('table', { name: 'Categories' }).getByRole('button', { name: 'Travel', exact: true }).waitFor();

    // A publisher, then an account made its admin.
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Publishers' }).click();
    await page.getByRole('heading', { level: 1, name: 'Publishers' }).waitFor();
    await page.getByRole('button', { name: 'New publisher' }).click();
    const newPublisher = page.getByRole('dialog', { name: 'New publisher' });
    await newPublisher.getByRole('textbox', { name: 'Name' }).fill(PUBLISHER);
    await newPublisher.getByRole('textbox', { name: 'Website' }).fill('https://lakeside-herald.example.com');
    await newPublisher.getByRole('button', { name: 'Create publisher' }).click();
    await page.getByRole('heading', { level: 1, name: PUBLISHER }).waitFor();
    const users = page.getByRole('region', { name: 'Users' });
    const addUser = users.getByRole('form', { name: 'Add a user' });
    await addUser.getByRole('textbox', { name: 'Email address' }).fill('reader@example.com');
    await addUser.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Admin', exact: true }).click();
    await addUser.getByRole('button', { name: 'Add' }).click();
    await users.getByRole('link', { name: 'reader@example.com' }).waitFor();
    expect(await users.getByRole('combobox', { name: 'Role of reader@example.com' }).innerText()).toBe('Admin');
    expect(describeViolations(await runAxe(page))).toBe('');
    await screenshot(page, 'admin-publisher');
    await page.context().close();
  });

  // One test per language and size, each with its own time limit (the four in one took over 120 s
  // on a slow CI machine).
  for (const [language, viewport] of [
    ['en', { width: 1280, height: 800 }],
    ['en', { width: 390, height: 844 }],
    ['ar', { width: 1280, height: 800 }],
    ['ar', { width: 390, height: 844 }],
  ] as const) {
    it(`the articles, categories and publishers read ${language === 'ar' ? 'right to left in Arabic' : 'in English'} and fit ${viewport.width} px`, async () => {
      const page = await openPage(browser, { viewport });
      await signInThroughForm(page, 'admin@example.com', { next: '/admin/articles', origin: baseUrl() });
      await page.goto(`${baseUrl()}/admin/articles?lng=${language}`);
      await page.getByRole('heading', { level: 1, name: language === 'ar' ? 'المقالات' : 'Articles' }).waitFor();
      await page.locator('table tbody tr a').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
      expect(await fitsTheScreen(page)).toBe(true);
      expect(describeViolations(await runAxe(page))).toBe('');
      const suffix = `${language}-${viewport.width}`;
      await viewShot(page, `admin-moderation-queue-${suffix}`);

      await page.goto(`${baseUrl()}/admin/articles?view=all&lng=${language}`);
      await page.locator('table tbody tr a').first().waitFor();
      expect(await fitsTheScreen(page)).toBe(true);
      await viewShot(page, `admin-moderation-all-${suffix}`);

      await page.locator('table tbody tr a').first().click();
      await page.getByRole('form').first().waitFor();
      expect(await fitsTheScreen(page)).toBe(true);
      expect(describeViolations(await runAxe(page))).toBe('');
      await viewShot(page, `admin-moderation-article-${suffix}`);
      await screenshot(page, `admin-moderation-article-full-${suffix}`);

      for (const [name, path] of [
        ['categories', '/admin/categories'],
        ['publishers', '/admin/publishers'],
      ] as const) {
        await page.goto(`${baseUrl()}${path}?lng=${language}`);
        await page.locator('table tbody tr').first().locator('a, button').first().waitFor();
        expect(await fitsTheScreen(page)).toBe(true);
        expect(describeViolations(await runAxe(page))).toBe('');
        await viewShot(page, `admin-${name}-${suffix}`);
      }
      await page.locator('table tbody tr a').first().click();
      await page.getByRole('form').first().waitFor();
      await page.locator('table').first().waitFor();
      expect(await fitsTheScreen(page)).toBe(true);
      expect(describeViolations(await runAxe(page))).toBe('');
      await screenshot(page, `admin-publisher-full-${suffix}`);
      await page.context().close();
    });
  }
});
