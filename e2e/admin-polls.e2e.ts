import { fileURLToPath } from 'node:url';
import { STORAGE_KEYS, type ArticleList } from '@newsreel/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, describeViolations, launchBrowser, openPage, runAxe, screenshot, signInThroughForm } from './helpers';

/** New Zealand: no poll of the demo catalogue is for its readers alone. */
const NEW_ZEALAND = 8;
/** A poll is offered a few seconds after an article opens, once the page is idle. */
const OFFER_TIMEOUT_MS = 20_000;
/** Tests that wait for offers (10 s each) take longer than the suite's 60 s. */
const OFFER_TEST_TIMEOUT_MS = 150_000;
const POLL_NAME = `Kiwi readers: age groups ${Date.now().toString(36)}`;

/** Chooses `option` in the MUI select named `name` (a combobox whose options open in a listbox). */
async function choose(page: Page, scope: ReturnType<Page['locator']> | Page, name: string | RegExp, option: string): Promise<void> {
  await scope.getByRole('combobox', { name }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** What a phone shows: the screen, not the whole page. */
const viewShot = (page: Page, name: string) => page.screenshot({ path: fileURLToPath(new URL(`./output/${name}.png`, import.meta.url)) });

describe('the admin poll studio', () => {
  let browser: Browser;
  let pollUrl = '';

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('tells a reader without an admin role that they have no access', async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl()}/admin/polls`);
    await page.getByRole('heading', { level: 1, name: 'Sign in to the admin console' }).waitFor();
    expect(describeViolations(await runAxe(page))).toBe('');
    await page.context().close();
  });

  it('a moderator builds a poll — a visitor-detail question with answers, a target on one region — and sets it live; a reader there is offered it', async () => {
    const page = await openPage(browser);
    await signInThroughForm(page, 'moderator@example.com', { next: '/admin/polls' });
    await page.getByRole('heading', { level: 1, name: 'Polls' }).waitFor();
    await page.getByRole('table', { name: 'Polls' }).getByRole('link').first().waitFor();
    expect(describeViolations(await runAxe(page))).toBe('');
    await screenshot(page, 'admin-polls-list');

    // The details: a name and the lowest priority, so this poll comes before the catalogue's.
    await page.getByRole('link', { name: 'New poll' }).click();
    const details = page.getByRole('form', { name: 'Details' });
    await details.getByRole('textbox', { name: 'Name' }).fill(POLL_NAME);
    await details.getByRole('spinbutton', { name: 'Priority' }).fill('1');
    await details.getByRole('button', { name: 'Create poll' }).click();
    await page.getByRole('heading', { level: 1, name: POLL_NAME }).waitFor();
    pollUrl = page.url();

    // A visitor-detail question (the reader's age bracket) and its answers.
    const newQuestion = page.getByRole('form', { name: 'Add a question' });
    await newQuestion.getByRole('textbox', { name: 'New question' }).fill('Which age group are you in?');
    await choose(page, newQuestion, 'Question type', 'Visitor detail');
    await choose(page, newQuestion, /^Visitor detail/, 'Age bracket');
    await newQuestion.getByRole('button', { name: 'Add question' }).click();
    const questions = page.getByRole('list', { name: 'Questions' });
    await questions.getByRole('heading', { name: 'Question 1' }).waitFor();
    const answers = page.getByRole('list', { name: 'Answers to Question 1' });
    for (const [index, answer] of ['18–34', '35–54', '55+'].entries()) {
      const field = page.getByRole('textbox', { name: 'New answer to Question 1' });
      await field.fill(answer);
      await field.press('Enter');
      await expect.poll(() => answers.getByRole('textbox', { name: `Answer ${index + 1}` }).inputValue()).toBe(answer);
      // The field empties once the answer is saved; typing the next one before that would be wiped.
      await expect.poll(() => field.inputValue()).toBe('');
    }
    // The last answer moved to the top with the keyboard: its up button, twice.
    const up = page.getByRole('button', { name: 'Move Answer 3: 55+ up' });
    await up.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Move Answer 2: 55+ up' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Move Answer 1: 55+ down' }).waitFor();

    // A target on New Zealand.
    await page.getByRole('button', { name: 'Add target' }).click();
    const target = page.getByRole('form', { name: 'Target 1' });
    await target.getByRole('combobox', { name: 'Regions' }).fill('New Zea');
    await page.getByRole('option', { name: 'New Zealand' }).click();
    await target.getByRole('button', { name: 'Add this target' }).click();
    await page.getByRole('form', { name: 'Target 1' }).getByRole('button', { name: 'Save target' }).waitFor();

    // Pending → ready → live.
    await choose(page, details, 'Status', 'Ready');
    await details.getByRole('button', { name: 'Save details' }).click();
    await page.getByText('The poll was saved.').waitFor();
    await choose(page, details, 'Status', 'Live');
    await details.getByRole('button', { name: 'Save details' }).click();
    await page.getByRole('heading', { level: 1, name: POLL_NAME }).locator('xpath=..').getByText('Live', { exact: true }).waitFor();

    // The preview shows the poll as readers will see it.
    await page.getByRole('region', { name: 'Preview' }).getByRole('radio', { name: '55+' }).waitFor();
    // (Once the notification has gone: axe reads a fading one's colours half-way.)
    await page.getByText('The poll was saved.').waitFor({ state: 'hidden' });
    expect(describeViolations(await runAxe(page))).toBe('');
    await screenshot(page, 'admin-poll-editor');

    // A reader in New Zealand opens an article and is offered the poll.
    const [article] = ((await (await fetch(`${baseUrl()}/v1/articles?limit=1`)).json()) as ArticleList).items;
    const reader = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
    await reader.addInitScript(({ key, region }) => localStorage.setItem(key, JSON.stringify([region])), { key: STORAGE_KEYS.regions, region: NEW_ZEALAND });
    const readerPage = await reader.newPage();
    await readerPage.goto(`${baseUrl()}/v/${article!.id}`);
    const dialog = readerPage.getByRole('dialog', { name: POLL_NAME });
    await dialog.waitFor({ timeout: OFFER_TIMEOUT_MS });
    await dialog.getByRole('radiogroup', { name: 'Which age group are you in?' }).getByRole('radio', { name: '55+' }).check();
    const voted = readerPage.waitForResponse((response) => /\/v1\/polls\/[^/]+\/vote$/.test(response.url()));
    await dialog.getByRole('button', { name: 'Vote' }).click();
    expect((await voted).status()).toBe(201);
    await screenshot(readerPage, 'admin-poll-offered-to-reader');
    await reader.close();

    // The vote is in the studio's results, for New Zealand.
    await page.goto(`${pollUrl}?tab=results`);
    const question = page.getByRole('region', { name: 'Question 1: Which age group are you in?' });
    await question.getByRole('row', { name: /55\+\s*1\s*100\s*%/ }).waitFor();
    await page.getByRole('region', { name: 'Votes by region' }).getByRole('row', { name: /New Zealand\s*1/ }).waitFor();
    expect(describeViolations(await runAxe(page))).toBe('');
    await screenshot(page, 'admin-poll-results');
    await page.context().close();
  }, OFFER_TEST_TIMEOUT_MS);

  it('reads right to left in Arabic, and fits a 390 px phone', async () => {
    expect(pollUrl).not.toBe('');
    for (const [language, viewport] of [
      ['en', { width: 390, height: 844 }],
      ['ar', { width: 1280, height: 800 }],
      ['ar', { width: 390, height: 844 }],
    ] as const) {
      const page = await openPage(browser, { viewport });
      await signInThroughForm(page, 'admin@example.com', { next: '/admin/polls' });
      await page.getByRole('table').waitFor();
      const suffix = `${language}-${viewport.width}`;
      await page.goto(`${baseUrl()}/admin/polls?lng=${language}`);
      await page.getByRole('table').getByRole('link').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
      // Nothing wider than the screen but the table, which scrolls in its own frame.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(describeViolations(await runAxe(page))).toBe('');
      await viewShot(page, `admin-polls-list-${suffix}`);
      await page.goto(`${pollUrl}?lng=${language}`);
      await page.getByRole('region', { name: language === 'ar' ? 'الأسئلة' : 'Questions' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(describeViolations(await runAxe(page))).toBe('');
      await screenshot(page, `admin-poll-editor-${suffix}`);
      await page.goto(`${pollUrl}?tab=results&lng=${language}`);
      await page.getByRole('region', { name: language === 'ar' ? 'الأصوات حسب المنطقة' : 'Votes by region' }).waitFor();
      await screenshot(page, `admin-poll-results-${suffix}`);
      await page.context().close();
    }
  });
});
