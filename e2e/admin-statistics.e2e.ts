import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ArticleList } from '@newsreel/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, launchBrowser, openPage, runAxe, screenshot, signInThroughForm, startOwnServer } from './helpers';
import { webDistDirOf, type RunningServer } from './server-process';

/**
 * A server of its own, run as `npm start` runs it: with the demo traffic and the roll-ups kept
 * in the process (the suite's server runs with NODE_ENV=test, which turns the roll-ups off).
 */
let server: RunningServer;
const baseUrl = () => server.baseUrl;
/** The live view asks every 5 s; one refresh late is still "as they arrive". */
const LIVE_TIMEOUT_MS = 15_000;

/** The headline figure `name` as a number (its digits, whatever the language writes them with). */
async function figureOf(page: Page, name: string): Promise<number> {
  const value = await page.getByRole('region', { name: 'Headline figures' }).locator('dt', { hasText: new RegExp(`^${name}$`) }).locator('xpath=following-sibling::dd[1]').innerText();
  return Number(value.replace(/[^\d]/g, ''));
}

/** A count in the live panel's row for `action` (0 when it has no row yet). */
async function liveCountOf(page: Page, action: string): Promise<number> {
  const row = page.getByRole('region', { name: 'Events by action' }).getByRole('row', { name: new RegExp(`^${action}\\s`) });
  if ((await row.count()) === 0) return 0;
  return Number((await row.getByRole('cell').last().innerText()).replace(/[^\d]/g, ''));
}

/** Nothing wider than the screen: no sideways scroll. */
const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** What a phone shows: the screen, not the whole page. */
const viewShot = (page: Page, name: string) => page.screenshot({ path: fileURLToPath(new URL(`./output/${name}.png`, import.meta.url)) });

/** The files of the statistics page's own code, from the build's manifest. */
function statisticsChunks(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(webDistDirOf(), '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const chunks = Object.entries(manifest)
    .filter(([source]) => /features\/admin\/(pages\/statistics-page|admin-routes)\.tsx$/.test(source))
    .map(([, entry]) => entry.file);
  expect(chunks).toHaveLength(2);
  return chunks;
}

describe('the admin statistics', () => {
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startOwnServer({ env: { DEMO_CONTENT: 'on', ROLLUPS: 'in-process' } }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('is not part of what a reader downloads on / or an article', async () => {
    const chunks = statisticsChunks();
    const [article] = ((await (await fetch(`${baseUrl()}/v1/articles?limit=1`)).json()) as ArticleList).items;
    for (const url of [`${baseUrl()}/`, `${baseUrl()}/v/${article!.id}`]) {
      const page = await openPage(browser);
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      // (The reader's app sends its analytics every second, so the network is never idle.)
      await page.goto(url, { waitUntil: 'load' });
      await page.getByRole('main').getByRole('link').first().waitFor();
      await page.waitForTimeout(3_000);
      expect(requested.filter((pathname) => chunks.some((chunk) => pathname.endsWith(chunk))), url).toEqual([]);
      // Nor named in the page for preloading.
      const html = await (await fetch(url)).text();
      expect(chunks.filter((chunk) => html.includes(chunk)), url).toEqual([]);
      await page.context().close();
    }
  });

  it('opens the console on the demo traffic’s figures and chart, switches the range, and shows events as they arrive', async () => {
    const page = await openPage(browser);
    await signInThroughForm(page, 'admin@example.com', { next: '/admin/statistics', origin: baseUrl() });
    await page.getByRole('heading', { level: 1, name: 'Statistics' }).waitFor();

    // The last 30 days of the demo traffic: visitors, plays and watch time, and a chart of them per day.
    await expect.poll(() => figureOf(page, 'Visitors'), { timeout: 15_000 }).toBeGreaterThan(0);
    const visitors30 = await figureOf(page, 'Visitors');
    expect(await figureOf(page, 'Plays')).toBeGreaterThan(0);
    expect(await page.getByRole('region', { name: 'Headline figures' }).locator('dt', { hasText: /^Watch time$/ }).locator('xpath=following-sibling::dd[1]').innerText()).toMatch(/hr|min/);
    const chart = page.getByTestId('statistics-daily-chart');
    await chart.locator('svg path.MuiLineChart-line').first().waitFor();
    expect(await chart.locator('svg path.MuiLineChart-line').count()).toBe(2);
    await page.getByRole('region', { name: 'Top articles' }).getByRole('link').first().waitFor();
    await page.getByRole('region', { name: 'Top regions' }).getByRole('row').nth(1).waitFor();
    await page.getByRole('region', { name: 'Device types' }).getByRole('row', { name: /^Phone\s/ }).waitFor();
    await page.getByRole('region', { name: 'Device invites' }).locator('dd').first().filter({ hasText: /\d/ }).waitFor();
    expect(describeViolations(await runAxe(page))).toBe('');
    await screenshot(page, 'admin-statistics');

    // The last 7 days: the URL keeps the range and the figures are that range's.
    const summaryOf7Days = page.waitForResponse((response) => response.url().includes('/v1/admin/statistics/summary') && response.ok());
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    const sevenDays = (await (await summaryOf7Days).json()) as { from: string; to: string; visitors: number };
    expect(new URL(page.url()).searchParams.get('days')).toBe('7');
    expect(sevenDays.visitors).toBeGreaterThan(0);
    expect(sevenDays.visitors).toBeLessThanOrEqual(visitors30);
    await expect.poll(() => figureOf(page, 'Visitors')).toBe(sevenDays.visitors);
    expect(await page.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('true');

    // Picked days: the range shown is those days.
    await page.getByRole('button', { name: 'Pick dates' }).click();
    const dates = page.getByRole('form', { name: 'Dates to show' });
    await dates.getByLabel('From').fill(sevenDays.from);
    await dates.getByLabel('To').fill(sevenDays.from);
    await dates.getByRole('button', { name: 'Show' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('to')).toBe(sevenDays.from);
    await page.getByRole('region', { name: 'Visitors and plays per day' }).waitFor();

    // The live view: events sent now show in the last hour's counts within a refresh or two.
    const before = await liveCountOf(page, 'Search');
    const now = new Date();
    const searches = Array.from({ length: 3 }, () => ({
      partitionKey: 'app_events',
      data: { eventId: randomUUID(), action: 'Search', query: 'harbour', timestamp: now.toISOString(), epochSeconds: Math.floor(now.getTime() / 1000), visitorId: randomUUID() },
    }));
    const ingest = await fetch(`${baseUrl()}/v1/proxy/kinesis`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ events: searches }) });
    expect(ingest.status).toBe(200);
    await expect.poll(() => liveCountOf(page, 'Search'), { timeout: LIVE_TIMEOUT_MS }).toBe(before + 3);
    await page.context().close();
  });

  it('draws the demo’s traffic on a map and by publisher, downloads each panel as CSV, and keeps the console’s sections on one row on a phone', async () => {
    const page = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    await signInThroughForm(page, 'admin@example.com', { next: '/admin/statistics', origin: baseUrl() });
    const summaryResponse = page.waitForResponse((response) => response.url().includes('/v1/admin/statistics/summary') && response.ok());
    await page.goto(`${baseUrl()}/admin/statistics`);
    const summary = (await (await summaryResponse).json()) as {
      from: string;
      to: string;
      topRegions: { code: string | null; visitors: number }[];
      topPublishers: { name: string | null; plays: number }[];
    };
    // The demo's readers come from several regions, and its articles from several publishers.
    const mapped = summary.topRegions.filter((region) => region.code !== 'GL' && region.visitors > 0);
    expect(mapped.length).toBeGreaterThan(1);
    expect(summary.topPublishers.length).toBeGreaterThan(1);

    const regions = page.getByRole('region', { name: 'Top regions' });
    await regions.getByRole('group', { name: /^Map of visitors by region/ }).waitFor();
    await expect.poll(() => regions.locator('path.statistics-region-marker').count(), { timeout: 15_000 }).toBe(mapped.length);
    expect(await regions.locator(`path.statistics-region-${mapped[0]!.code!.toLowerCase()}`).count()).toBe(1);
    // The same figures in the table beside the map.
    expect(await regions.getByRole('row').count()).toBe(summary.topRegions.length + 1);

    const publishers = page.getByRole('region', { name: 'Top publishers' });
    const top = summary.topPublishers[0]!;
    await publishers.getByRole('row', { name: new RegExp(`^${top.name}\\s+${top.plays.toLocaleString('en')}\\s`) }).waitFor();
    await screenshot(page, 'admin-statistics-map-1440');

    // Each panel downloads its figures as CSV, named after the panel and the range.
    const downloaded = async (panel: string) => {
      const download = page.waitForEvent('download');
      await page.getByRole('region', { name: panel }).getByRole('button', { name: `Download CSV: ${panel}` }).click();
      const file = await download;
      return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') };
    };
    const regionsCsv = await downloaded('Top regions');
    expect(regionsCsv.name).toBe(`statistics-regions-${summary.from}-${summary.to}.csv`);
    const regionLines = regionsCsv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(regionLines[0]).toBe('Region,Code,Visitors,Plays,Watch time (seconds)');
    expect(regionLines).toHaveLength(summary.topRegions.length + 1);
    const publishersCsv = await downloaded('Top publishers');
    expect(publishersCsv.name).toBe(`statistics-publishers-${summary.from}-${summary.to}.csv`);
    expect(publishersCsv.text.split('\r\n')[1]).toContain(`,${top.plays},`);
    for (const panel of ['Visitors and plays per day', 'Top articles', 'Device types', 'Events by action', 'Device invites', 'Article plays in the last days']) {
      const csv = await downloaded(panel);
      expect(csv.name, panel).toMatch(/^statistics-[a-z0-9-]+\.csv$/);
      // The last hour's events and today's plays may be none yet (just after midnight UTC): then the headings alone.
      const least = panel === 'Events by action' || panel === 'Article plays in the last days' ? 1 : 2;
      expect(csv.text.trim().split('\r\n').length, panel).toBeGreaterThanOrEqual(least);
    }
    await page.context().close();

    // A 412 px phone, left to right and right to left: the sections are one row that scrolls sideways, the page does not.
    for (const language of ['en', 'ar'] as const) {
      const phone = await openPage(browser, { viewport: { width: 412, height: 823 } });
      await signInThroughForm(phone, 'admin@example.com', { next: '/admin/statistics', origin: baseUrl() });
      await phone.goto(`${baseUrl()}/admin/statistics?lng=${language}`);
      await phone.getByRole('heading', { level: 1, name: language === 'ar' ? 'الإحصاءات' : 'Statistics' }).waitFor();
      const links = phone.getByRole('navigation', { name: language === 'ar' ? 'أقسام الإدارة' : 'Admin sections' }).getByRole('link');
      const tops = new Set((await links.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().top)))).map(String));
      expect(tops.size).toBe(1);
      expect(await fitsTheScreen(phone)).toBe(true);
      await phone.getByRole('region', { name: language === 'ar' ? /المناطق/ : 'Top regions' }).locator('path.statistics-region-marker').first().waitFor();
      expect(describeViolations(await runAxe(phone))).toBe('');
      await viewShot(phone, `admin-statistics-phone-412-${language}`);
      await phone.getByRole('region', { name: language === 'ar' ? /المناطق/ : 'Top regions' }).scrollIntoViewIfNeeded();
      await viewShot(phone, `admin-statistics-phone-412-map-${language}`);
      await phone.context().close();
    }
  });

  it('reads right to left in Arabic, and fits a 390 px phone without sideways scroll', async () => {
    for (const [language, viewport] of [
      ['en', { width: 390, height: 844 }],
      ['ar', { width: 1280, height: 800 }],
      ['ar', { width: 390, height: 844 }],
    ] as const) {
      const page = await openPage(browser, { viewport });
      await signInThroughForm(page, 'admin@example.com', { next: '/admin/statistics', origin: baseUrl() });
      await page.goto(`${baseUrl()}/admin/statistics?lng=${language}`);
      const title = language === 'ar' ? 'الإحصاءات' : 'Statistics';
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByTestId('statistics-daily-chart').locator('svg path.MuiLineChart-line').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
      // Right to left, the chart's time runs leftwards: the latest day is at the left.
      if (language === 'ar') {
        const ticks = page.getByTestId('statistics-daily-chart').locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel');
        const first = await ticks.first().boundingBox();
        const last = await ticks.last().boundingBox();
        expect(first!.x).toBeGreaterThan(last!.x);
      }
      expect(await fitsTheScreen(page)).toBe(true);
      expect(describeViolations(await runAxe(page))).toBe('');
      const suffix = `${language}-${viewport.width}`;
      await viewShot(page, `admin-statistics-${suffix}`);
      await screenshot(page, `admin-statistics-full-${suffix}`);
      await page.context().close();
    }
  });
});
