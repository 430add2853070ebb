import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFeedServer, type FeedServer } from '../apps/server/test/feed-server';
import { RICH_FEED } from '../apps/server/test/mrss-fixtures';
import { describeViolations, launchBrowser, openPage, runAxe, screenshot, startOwnServer } from './helpers';
import { webDistDirOf, type RunningServer } from './server-process';

const PASSWORD = 'newsreel-demo';
const CRANES = 'Harbour cranes return after a year of repairs & tests';
/** A PNG's signature and a little more: the server checks the bytes, not the name. */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

/**
 * A server of its own, that may read feeds from the test's feed host on 127.0.0.2 (every other
 * private address stays refused); the journey adds articles the shared server's tests do not expect.
 */
let server: RunningServer;
let feeds: FeedServer;

/** Nothing wider than the screen: no sideways scroll. */
const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
/** What sticks out past the screen's edge, for a failure message a person can act on. */
const overflowing = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('body *'))
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 8)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)} ${Math.round(element.getBoundingClientRect().right)}`)
      .join('\n'),
  );

async function expectAxeClean(page: Page, name: string) {
  const violations = await runAxe(page);
  if (violations.length > 0) await screenshot(page, name);
  expect(violations, describeViolations(violations)).toEqual([]);
}

describe('the publisher studio', () => {
  let browser: Browser;

  beforeAll(async () => {
    feeds = await startFeedServer({ '/video.xml': { body: RICH_FEED } });
    [server, browser] = await Promise.all([startOwnServer({ env: { OUTSIDE_URLS_ALLOW: '127.0.0.2' } }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await feeds?.close();
  });

  it('the demo editor opens the studio, writes an article and imports one from a Media RSS feed', async () => {
    const page = await openPage(browser);
    await page.goto(`${server.baseUrl}/account/signin`);
    await page.getByLabel('Email').fill('editor@example.com');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    // The account menu offers the studio to a user of a publisher.
    await page.getByRole('button', { name: 'Account menu for Eddie Editor' }).click();
    await page.getByRole('menuitem', { name: 'Publisher studio' }).click();
    // The studio opens on its dashboard: the publisher's plays from the roll-ups (this suite's server
    // keeps none, so it says there are none yet; their figures are tested through the API).
    await page.waitForURL((url) => url.pathname === '/manage');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByRole('table', { name: 'Most played articles' }).or(page.getByRole('heading', { name: 'No plays yet' })).first().waitFor();
    expect(await page.getByText('Harbour Daily', { exact: true }).first().isVisible()).toBe(true);
    await expectAxeClean(page, 'manage-dashboard');

    await page.getByRole('navigation', { name: 'Studio sections' }).getByRole('link', { name: 'Articles', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/manage/articles');
    const articles = page.getByRole('table', { name: 'Your articles' });
    await articles.waitFor();
    const before = await articles.locator('tbody tr').count();
    expect(before).toBeGreaterThan(0);
    // A member is not offered the publisher's settings.
    expect(await page.getByRole('navigation', { name: 'Studio sections' }).getByRole('link', { name: 'Settings' }).count()).toBe(0);
    await expectAxeClean(page, 'manage-articles');

    // A new article: the title's minimum is said while typing, then it is sent for review.
    await page.getByRole('navigation', { name: 'Studio sections' }).getByRole('link', { name: 'New article' }).click();
    await page.waitForURL((url) => url.pathname === '/manage/articles/new');
    const title = page.getByRole('textbox', { name: 'Title' });
    await title.fill('Ferries');
    await page.getByText('At least 12 characters (7 now).').waitFor();
    await title.fill('Night ferries return to the outer islands');
    expect(await page.getByRole('textbox', { name: 'Slug' }).inputValue()).toBe('night-ferries-return-to-the-outer-islands');
    await page.getByRole('textbox', { name: 'Description' }).fill('The night ferries to the outer islands run again from Monday, after the harbour repaired the north pier.');
    // With a summary of its own it goes straight to the moderators (without, the AI writes one first).
    await page.getByRole('textbox', { name: 'Summary' }).fill('Night ferries to the outer islands run again from Monday.');
    await page.getByRole('button', { name: 'Add a file' }).click();
    await page.getByRole('textbox', { name: 'Address' }).fill('https://cdn.harbour.example/night-ferries.mp4');
    expect(await page.getByRole('textbox', { name: 'File type' }).inputValue()).toBe('video/mp4');
    await expectAxeClean(page, 'manage-editor');
    await page.getByRole('button', { name: 'Send for review' }).click();
    await page.waitForURL((url) => url.pathname === '/manage/articles');
    await page.getByRole('link', { name: 'Night ferries return to the outer islands' }).waitFor();

    // A superuser approves it in the console, and readers then have it first in their feed.
    const moderator = await openPage(browser);
    await moderator.goto(`${server.baseUrl}/account/signin?next=${encodeURIComponent('/admin/articles')}`);
    await moderator.getByLabel('Email').fill('admin@example.com');
    await moderator.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await moderator.getByRole('button', { name: 'Sign in', exact: true }).click();
    await moderator.getByRole('table', { name: 'Articles awaiting review' }).getByRole('link', { name: 'Night ferries return to the outer islands' }).click();
    await moderator.getByRole('region', { name: 'Review' }).getByRole('button', { name: 'Approve' }).click();
    await moderator.getByText('The article was approved and is live.').waitFor();
    await moderator.context().close();
    const reader = await openPage(browser);
    await reader.goto(`${server.baseUrl}/`);
    await reader.getByRole('main').getByText('Night ferries return to the outer islands', { exact: true }).first().waitFor();
    await reader.context().close();

    // A feed: its drafts reviewed, the ready one imported.
    await page.getByRole('navigation', { name: 'Studio sections' }).getByRole('link', { name: 'Import from a feed' }).click();
    await page.getByRole('textbox', { name: 'Feed address' }).fill(`${feeds.origin}/video.xml`);
    await page.getByRole('button', { name: 'Read the feed' }).click();
    const drafts = page.getByRole('table', { name: 'Items of the feed' });
    await drafts.waitFor();
    const cranes = drafts.locator('tr', { hasText: CRANES });
    expect(await cranes.getByText('Video, 2:35').isVisible()).toBe(true);
    expect(await cranes.getByText('Mira Holt (reporter)').isVisible()).toBe(true);
    const short = drafts.locator('tr', { hasText: 'Title under 12 characters' });
    expect(await short.getByText('No video or audio file').isVisible()).toBe(true);
    expect(await short.getByRole('checkbox').isDisabled()).toBe(true);
    await expectAxeClean(page, 'manage-import');
    await page.getByRole('button', { name: 'Import the chosen items (1)' }).click();
    await page.getByText('Imported: 1. Not imported: 0.').waitFor();
    await cranes.getByRole('link', { name: 'Imported: open it' }).click();
    await page.getByRole('heading', { level: 1, name: CRANES }).waitFor();

    // Every page of the studio fits a phone's width.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/manage/articles', '/manage/articles/new', '/manage/import']) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.getByRole('navigation', { name: 'Studio sections' }).waitFor();
      expect(await fitsTheScreen(page), `${path}:\n${await overflowing(page)}`).toBe(true);
    }
    await page.context().close();
  });

  it('the demo publisher admin brands their channel: colours with a preview, and a logo uploaded with progress', async () => {
    const page = await openPage(browser);
    await page.goto(`${server.baseUrl}/account/signin?next=${encodeURIComponent('/manage/settings')}`);
    await page.getByLabel('Email').fill('publisher@example.com');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/manage/settings');

    const colours = page.getByRole('form', { name: 'Colours' });
    await colours.getByRole('textbox', { name: 'Primary colour' }).fill('not a colour');
    await colours.getByText(/A colour such as/).waitFor();
    await colours.getByRole('textbox', { name: 'Primary colour' }).fill('#0A84FF');
    await colours.getByRole('button', { name: 'Save the colours' }).click();
    await page.getByText('Saved.').waitFor();

    const images = page.getByRole('region', { name: 'Logo and banner' });
    await images.locator('input[type="file"]').first().setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('The image was uploaded.').waitFor();
    await images.getByRole('img', { name: 'Logo of Harbour Daily' }).waitFor();
    await expectAxeClean(page, 'manage-settings');

    const publishers = (await fetch(`${server.baseUrl}/v1/publishers?limit=50`).then((res) => res.json())) as { items: { name: string; logoUrl: string | null; branding: Record<string, string> }[] };
    const harbour = publishers.items.find((publisher) => publisher.name === 'Harbour Daily')!;
    expect(harbour.branding.primaryColour).toBe('#0A84FF');
    expect(harbour.logoUrl).not.toBeNull();
    await page.context().close();
  });

  it('reads right to left in Arabic and fits a phone', async () => {
    const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto(`${server.baseUrl}/account/signin?next=${encodeURIComponent('/manage/articles')}`);
    await page.getByLabel('Email').fill('editor@example.com');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/manage/articles');
    for (const [path, heading] of [
      ['/manage/articles', 'المقالات'],
      ['/manage/articles/new', 'مقال جديد'],
      ['/manage/import', 'الاستيراد من موجز'],
    ] as const) {
      await page.goto(`${server.baseUrl}${path}?lng=ar`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(await fitsTheScreen(page), path).toBe(true);
      await expectAxeClean(page, `manage-ar-${path.replaceAll('/', '-')}`);
    }
    await screenshot(page, 'manage-import-ar-390');
    await page.context().close();
  });

  it('loads nothing of the studio on the reader’s first screens', async () => {
    // The built chunks that hold the studio's pages (they read its strings).
    const assets = path.join(webDistDirOf(), 'assets');
    const studioChunks = (await readdir(assets)).filter(
      (file) => file.endsWith('.js') && /manage\.(nav|articles|editor|import|settings)\./.test(readFileSync(path.join(assets, file), 'utf8')),
    );
    expect(studioChunks.length).toBeGreaterThan(0);
    const page = await openPage(browser);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(path.basename(new URL(request.url()).pathname));
    });
    await page.goto(`${server.baseUrl}/`);
    await page.waitForLoadState('networkidle');
    const feed = (await fetch(`${server.baseUrl}/v1/articles?limit=1`).then((res) => res.json())) as { items: { id: string }[] };
    await page.goto(`${server.baseUrl}/v/${feed.items[0]!.id}`);
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((file) => studioChunks.includes(file))).toEqual([]);
    await page.context().close();
  });
});
