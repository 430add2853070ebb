import { STORAGE_KEYS, type ArticleList } from '@newsreel/contracts';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, describeViolations, launchBrowser, runAxe, screenshot } from './helpers';

const HOUR_MS = 3_600_000;
const BERLIN = 11;
/** The demo catalogue's poll for readers within 75 km of Berlin (priority 10, the first offered there). */
const BERLIN_POLL = 'Berlin: the monthly transit pass';
/** A poll is offered a few seconds after an article opens (POLL_OFFER_DELAY_MS), once the page is idle. */
const OFFER_TIMEOUT_MS = 20_000;
/** Tests that wait for offers (10 s each) take longer than the suite's 60 s. */
const OFFER_TEST_TIMEOUT_MS = 150_000;

/** What a phone shows: the screen, not the whole page under the dialog. */
const phoneShot = (page: Page, name: string) => page.screenshot({ path: fileURLToPath(new URL(`./output/${name}.png`, import.meta.url)) });

async function articles(limit: number) {
  const list = (await (await fetch(`${baseUrl()}/v1/articles?limit=${limit}`)).json()) as ArticleList;
  if (list.items.length < limit) throw new Error(`the demo catalogue should hold at least ${limit} published articles`);
  return list.items;
}

/**
 * A reader in Berlin who follows Germany: what the app keeps after the region chooser and the
 * radar page's location detection (the test server's 127.0.0.1 is placed nowhere by geo-IP).
 */
async function berlinReader(browser: Browser, options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 }, ...options });
  await context.addInitScript(
    ({ keys, region }) => {
      localStorage.setItem(keys.regions, JSON.stringify([region]));
      localStorage.setItem(
        keys.location,
        JSON.stringify({ ipAddress: '203.0.113.52', label: 'Berlin, Germany', countryCode: 'DE', countryName: 'Germany', city: 'Berlin', lat: 52.5244, lon: 13.4105, regionId: region }),
      );
    },
    { keys: STORAGE_KEYS, region: BERLIN },
  );
  return { context, page: await context.newPage() };
}

describe('polls', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('offers a poll beside an article, takes the answers one by one, shows the results, and offers none again for 24 hours', async () => {
    const [article, another] = await articles(2);
    const { context, page } = await berlinReader(browser);
    const start = Date.now();
    await page.clock.install({ time: start });
    const found = page.waitForResponse((response) => new URL(response.url()).pathname === '/v1/polls/find');
    await page.goto(`${baseUrl()}/v/${article!.id}`);
    await page.getByRole('heading', { level: 1, name: article!.title }).waitFor();
    expect((await found).ok()).toBe(true);

    const dialog = page.getByRole('dialog', { name: BERLIN_POLL });
    await dialog.waitFor({ timeout: OFFER_TIMEOUT_MS });
    await dialog.getByText('Question 1 of 2').waitFor();
    const first = dialog.getByRole('radiogroup', { name: 'How often do you buy the monthly transit pass?' });
    // The focus is on the question; the keyboard alone answers it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('How often do you buy the monthly transit pass?');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    expect(await first.getByRole('radio', { name: 'Now and then' }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    const voted = page.waitForResponse((response) => /\/v1\/polls\/[^/]+\/vote$/.test(response.url()));
    await page.keyboard.press('Enter');
    expect((await voted).status()).toBe(201);

    const second = dialog.getByRole('radiogroup', { name: 'Which age group are you in?' });
    await second.waitFor();
    await dialog.getByText('Question 2 of 2').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Which age group are you in?');
    expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    await second.getByRole('radio', { name: '25–39' }).check();
    await dialog.getByRole('button', { name: 'Vote' }).click();

    const results = dialog.getByRole('region', { name: 'Results' });
    await results.getByRole('heading', { level: 4, name: 'How often do you buy the monthly transit pass?' }).waitFor();
    const transit = results.getByRole('region', { name: 'How often do you buy the monthly transit pass?' });
    for (const scope of ['Near you', 'In Germany', 'Everyone']) await transit.getByText(scope, { exact: true }).waitFor();
    expect(await transit.getByText(/^Votes: \d+$/).count()).toBe(3);
    await transit.getByText('your answer').first().waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'The results are shown' }).count()).toBe(1);
    expect(describeViolations(await runAxe(page))).toBe('');
    await screenshot(page, 'poll-results');

    const history = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), STORAGE_KEYS.pollHistory);
    expect(history).toMatchObject({ pollQuestionIds: expect.any(Array), visitorMeta: ['ageBracket'] });
    expect(history.pollIds).toHaveLength(1);
    const visitor = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), STORAGE_KEYS.visitor);
    expect(visitor.meta).toEqual({ ageBracket: '25–39' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Within the next 24 hours no poll is offered: not on a reload, nor on another article.
    let asked = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/v1/polls/find') asked += 1;
    });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: article!.title }).waitFor();
    await page.goto(`${baseUrl()}/v/${another!.id}`);
    await page.getByRole('heading', { level: 1, name: another!.title }).waitFor();
    // Past the moment a poll would be offered (POLL_OFFER_DELAY_MS, 10 s).
    await page.waitForTimeout(12_000);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(asked).toBe(0);

    // 25 hours later the next poll is offered (the one for everyone; Berlin's is answered).
    await page.clock.setSystemTime(start + 25 * HOUR_MS);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: another!.title }).waitFor();
    const next = page.getByRole('dialog');
    await next.waitFor({ timeout: OFFER_TIMEOUT_MS });
    expect(await next.getByRole('heading', { level: 2 }).textContent()).not.toBe(BERLIN_POLL);
    expect(asked).toBe(1);
    await context.close();
  }, OFFER_TEST_TIMEOUT_MS);

  it('is usable on a phone, in English and in Arabic (right to left)', async () => {
    const [article] = await articles(1);
    for (const locale of ['en', 'ar']) {
      const { context, page } = await berlinReader(browser, { locale, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      await page.goto(`${baseUrl()}/v/${article!.id}`);
      const dialog = page.getByRole('dialog');
      await dialog.waitFor({ timeout: OFFER_TIMEOUT_MS });
      await dialog.getByRole('radio').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      // Nothing wider than the phone's screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const box = await dialog.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      await phoneShot(page, `poll-question-phone-${locale}`);
      await dialog.getByRole('radio').nth(1).check();
      await dialog.getByRole('button', { name: locale === 'ar' ? 'صوّت' : 'Vote' }).click();
      await dialog.getByRole('radio').first().waitFor();
      await dialog.getByRole('radio').first().check();
      await dialog.getByRole('button', { name: locale === 'ar' ? 'صوّت' : 'Vote' }).click();
      await dialog.getByRole('region', { name: locale === 'ar' ? 'النتائج' : 'Results' }).getByRole('list').first().waitFor();
      await phoneShot(page, `poll-results-phone-${locale}`);
      await context.close();
    }
  }, OFFER_TEST_TIMEOUT_MS);
});
