import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, launchBrowser, openPage, runAxe, screenshot, signInThroughForm, startOwnServer } from './helpers';
import { type RunningServer } from './server-process';

/** Two of the demo's live articles (apps/server/src/db/demo/catalogue.json). */
const FERRIES = 'Sydney ferries add late-night services across the harbour';
const SWIM = 'Harbour swim classic draws a record field of 6,000 swimmers';
const PLAYLIST = 'Harbour evening';
const STORY = 'Summer on the harbour';

/** A server of its own: the journey adds a playlist and a story the shared server's tests do not expect. */
let server: RunningServer;
const baseUrl = () => server.baseUrl;

/** Finds an article by part of its title in the page's article search and chooses it. */
async function choose(page: Page, search: string, title: string): Promise<void> {
  const field = page.getByRole('combobox', { name: 'Find articles by title' });
  await field.fill(search);
  await page.getByRole('option', { name: new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).click();
}

/** The titles of the collection's articles, in their order. */
const titlesOf = (page: Page) => page.getByRole('list', { name: /The articles of/ }).locator('li a').allInnerTexts();

describe('the admin console’s playlists and stories', () => {
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startOwnServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the demo superuser builds a playlist and a story, which a reader then plays in that order', async () => {
    const page = await openPage(browser);
    await signInThroughForm(page, 'admin@example.com', { next: '/admin/playlists', origin: baseUrl() });

    // A playlist: made in a dialog, its articles added in one batch, then put in another order.
    await page.getByRole('heading', { level: 1, name: 'Playlists' }).waitFor();
    await page.getByRole('button', { name: 'New playlist' }).click();
    const dialog = page.getByRole('dialog', { name: 'New playlist' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(PLAYLIST);
    await dialog.getByRole('textbox', { name: 'External id' }).fill('harbour-evening');
    await dialog.getByRole('button', { name: 'Create playlist' }).click();
    await page.getByRole('heading', { level: 1, name: PLAYLIST }).waitFor();
    const playlistId = new URL(page.url()).pathname.split('/').at(-1)!;
    await choose(page, 'ferries', FERRIES);
    await choose(page, 'swim classic', SWIM);
    await page.getByRole('button', { name: 'Add (2)' }).click();
    await page.getByRole('list', { name: /The articles of/ }).getByRole('link', { name: SWIM }).waitFor();
    expect(await titlesOf(page)).toEqual([FERRIES, SWIM]);
    await page.getByRole('button', { name: new RegExp(`^Move Article 2: .*${SWIM.slice(0, 20)}.* up$`) }).click();
    await expect.poll(() => titlesOf(page)).toEqual([SWIM, FERRIES]);
    expect(describeViolations(await runAxe(page))).toBe('');
    await screenshot(page, 'admin-playlist');

    // A story: made with its slug from its title, one article added.
    await page.getByRole('link', { name: 'Stories', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Stories' }).waitFor();
    await page.getByRole('button', { name: 'New story' }).click();
    const storyDialog = page.getByRole('dialog', { name: 'New story' });
    await storyDialog.getByRole('textbox', { name: 'Title' }).fill(STORY);
    expect(await storyDialog.getByRole('textbox', { name: 'Slug' }).inputValue()).toBe('summer-on-the-harbour');
    await storyDialog.getByRole('button', { name: 'Create story' }).click();
    await page.getByRole('heading', { level: 1, name: STORY }).waitFor();
    await choose(page, 'swim classic', SWIM);
    await page.getByRole('button', { name: 'Add (1)' }).click();
    await page.getByRole('list', { name: /The articles of/ }).getByRole('link', { name: SWIM }).waitFor();
    await page.getByRole('button', { name: 'Clear cache' }).click();
    await page.getByText(/were cleared/).waitFor();
    expect(describeViolations(await runAxe(page))).toBe('');
    await screenshot(page, 'admin-story');

    // A reader: the playlist plays in the new order; the story is among the stories.
    const reader = await openPage(browser);
    await reader.goto(`${baseUrl()}/playlists/${playlistId}`);
    await reader.getByRole('heading', { level: 1, name: PLAYLIST }).waitFor();
    await reader.getByText(FERRIES).first().waitFor();
    const text = await reader.locator('main').innerText();
    expect(text.indexOf(SWIM)).toBeGreaterThanOrEqual(0);
    expect(text.indexOf(SWIM)).toBeLessThan(text.indexOf(FERRIES));
    await reader.goto(`${baseUrl()}/stories`);
    await reader.getByRole('link', { name: new RegExp(STORY) }).first().click();
    await reader.getByRole('heading', { level: 1, name: STORY }).waitFor();
    await reader.getByText(SWIM).first().waitFor();
  });
});
