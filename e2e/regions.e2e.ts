import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, describeViolations, launchBrowser, openPage, runAxe, screenshot } from './helpers';

const REGIONS_STORAGE_KEY = 'newsreel.regions';
const VIETNAM = 16;

interface ArticleList {
  items: { id: string; title: string; regionIds: number[] }[];
}

async function feedOf(query: string): Promise<ArticleList> {
  return (await (await fetch(`${baseUrl()}/v1/articles?${query}`)).json()) as ArticleList;
}

const storedRegions = (page: Page) => page.evaluate((key) => localStorage.getItem(key), REGIONS_STORAGE_KEY);

/** Resolves with the next feed request for exactly these region ids. */
function feedRequestFor(page: Page, regionIds: string) {
  return page.waitForRequest((request) => {
    const url = new URL(request.url());
    return url.pathname === '/v1/articles' && url.searchParams.get('regionIds') === regionIds;
  });
}

describe('regions', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('starts a first visit with the detected region, stored for the next one', async () => {
    const page = await openPage(browser);
    await page.goto(baseUrl());
    // The test server sees 127.0.0.1, which geo-IP places nowhere: Global (SPEC §4).
    await page.getByRole('button', { name: 'Regions: Global' }).waitFor();
    await page.waitForFunction((key) => localStorage.getItem(key) === '[0]', REGIONS_STORAGE_KEY);
  });

  it('changing the regions changes the home feed, and the choice is kept after a reload', async () => {
    const vietnam = await feedOf(`regionIds=${VIETNAM}&limit=30`);
    const everything = await feedOf('limit=30');
    expect(vietnam.items.length).toBeGreaterThan(0);
    expect(vietnam.items.every((article) => article.regionIds.includes(VIETNAM))).toBe(true);
    const newestElsewhere = everything.items.find((article) => !article.regionIds.includes(VIETNAM))!;

    const page = await openPage(browser);
    await page.goto(baseUrl());
    // The reader's feed (other rails on the home page, such as breaking news, do not follow regions).
    const feed = page.locator('[data-feed-view]');
    await feed.getByText(everything.items[0]!.title).first().waitFor();

    await page.getByRole('button', { name: 'Regions: Global' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your regions' });
    await dialog.getByRole('checkbox', { name: 'Vietnam' }).waitFor();
    expect(await dialog.getByRole('checkbox').count()).toBe(22);
    for (const group of ['Worldwide', 'Groups of countries', 'Countries']) await dialog.getByRole('group', { name: group, exact: true }).waitFor();
    expect(await dialog.getByRole('group', { name: 'Groups of countries' }).getByRole('checkbox').count()).toBe(2);
    await dialog.getByRole('checkbox', { name: 'Global' }).uncheck();
    await dialog.getByRole('checkbox', { name: 'Vietnam' }).check();
    await screenshot(page, 'regions-dialog-en');

    const feedRequest = feedRequestFor(page, String(VIETNAM));
    await dialog.getByRole('button', { name: 'Save regions' }).click();
    await feedRequest;
    // The feed now shows Vietnam's newest article, and no longer the newest one from elsewhere.
    await feed.getByText(vietnam.items[0]!.title).first().waitFor();
    await feed.getByText(newestElsewhere.title).first().waitFor({ state: 'detached' });
    expect(await storedRegions(page)).toBe(`[${VIETNAM}]`);
    await screenshot(page, 'regions-home-vietnam');

    const requestAfterReload = feedRequestFor(page, String(VIETNAM));
    await page.reload();
    await requestAfterReload;
    await page.getByRole('button', { name: 'Regions: Vietnam' }).waitFor();
    await feed.getByText(vietnam.items[0]!.title).first().waitFor();
  });

  it('names the regions in the reader’s language, right to left, and fits a phone', async () => {
    const page = await openPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto(`${baseUrl()}/?lng=ar`);
    await page.waitForSelector('html[dir="rtl"]');
    await page.getByRole('button', { name: 'المناطق: العالم' }).click();
    const dialog = page.getByRole('dialog', { name: 'مناطقك' });
    await dialog.getByRole('checkbox', { name: 'ألمانيا' }).waitFor();
    await dialog.getByRole('checkbox', { name: 'أوروبا مجموعة دول' }).check();
    await dialog.getByRole('checkbox', { name: 'فيتنام' }).check();
    expect(await dialog.textContent()).not.toMatch(/Germany|Vietnam|Europe/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const violations = (await runAxe(page)).filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(violations, describeViolations(violations)).toEqual([]);
    await screenshot(page, 'regions-dialog-phone-ar');

    await dialog.getByRole('button', { name: 'حفظ المناطق' }).click();
    await page.getByRole('button', { name: 'المناطق: العالم وأوروبا وفيتنام' }).waitFor();
    expect(await storedRegions(page)).toBe('[0,4,16]');
  });
});
