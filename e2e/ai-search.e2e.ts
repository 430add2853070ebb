import type { AiResult } from '@newsreel/contracts';
import type { AxeResults } from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, describeViolations, launchBrowser, openPage, runAxe, screenshot } from './helpers';

/**
 * A question as a reader asks it about a detail only said in a demo report's narration (not in
 * any title), so the answer cites a moment inside the video; and a prompt for a playlist.
 */
const QUESTION = 'What did divers see under the water?';
const PROMPT = 'the ocean and coral reefs';
const clipPlayer = '[data-testid="ai-clip-player"]';

async function askApi(path: string, body: object): Promise<AiResult> {
  const response = await fetch(`${baseUrl()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return (await response.json()) as AiResult;
}

/** Where the clip player's media is, once it has moved past `after` seconds. */
async function playedPast(page: Page, after: number): Promise<number> {
  const handle = await page.waitForFunction(
    ({ selector, after }) => {
      const media = document.querySelector<HTMLMediaElement>(`${selector} :is(video, audio)`);
      return media && media.currentTime > after ? media.currentTime : null;
    },
    { selector: clipPlayer, after },
    { timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

async function seriousViolations(page: Page): Promise<string> {
  await runAxe(page);
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run: (context: unknown) => Promise<AxeResults> } };
    return (await axe.run({ exclude: [['.MuiChip-colorError']] })).violations;
  });
  return describeViolations(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'));
}

describe('the AI search', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('answers a question with citations, plays the answer from the cited seconds, builds a playlist and keeps both in the history', async () => {
    // What the built-in answerer says for this question: deterministic, so the page must show it.
    const expected = await askApi('/v1/ai/ask', { query: QUESTION });
    expect(expected.found).toBe(true);
    const firstCitation = expected.sentences[0]?.citations[0];
    expect(firstCitation && firstCitation.startSecond > 0, 'the answer should cite a moment inside a video').toBe(true);
    if (!firstCitation) return;

    const page = await openPage(browser);
    await page.goto(baseUrl());
    await page.getByRole('link', { name: 'Ask AI' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ask the news' }).waitFor();

    // Moments from the videos appear while the question is typed.
    const box = page.getByRole('textbox', { name: 'Your question' });
    await box.pressSequentially(QUESTION, { delay: 30 });
    await page.getByRole('region', { name: 'From the videos' }).getByRole('link').first().waitFor();

    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await page.waitForURL(/\/ai\/results\/[0-9a-f-]+$/);
    const resultId = page.url().split('/').pop() ?? '';
    const answer = page.getByTestId('ai-answer');
    await answer.waitFor();
    expect(await answer.locator('li > p').allTextContents()).toEqual(expected.sentences.map((sentence) => sentence.text));
    await page.getByTestId('ai-extractive-note').waitFor();

    // Each citation opens its video at the cited second.
    const chip = answer.getByTestId('ai-citation').first();
    expect(await chip.getAttribute('href')).toBe(`/v/${firstCitation.articleId}?t=${Math.floor(firstCitation.startSecond)}`);
    await screenshot(page, 'ai-answer');
    expect(await seriousViolations(page)).toBe('');

    // "Play the answer": the cited clips, each from its first second.
    await page.getByRole('button', { name: 'Play the answer' }).click();
    const player = page.locator(clipPlayer);
    await player.waitFor();
    expect(Number(await player.getAttribute('data-clip-start'))).toBeCloseTo(firstCitation.startSecond, 3);
    expect(await player.getAttribute('data-article-id')).toBe(firstCitation.articleId);
    const position = await playedPast(page, firstCitation.startSecond - 0.5);
    expect(position).toBeGreaterThanOrEqual(firstCitation.startSecond - 0.5);
    expect(position).toBeLessThan(firstCitation.endSecond + 2);
    await screenshot(page, 'ai-answer-playing');

    // The citation chip opens the article's page, playing from that second.
    await chip.click();
    await page.waitForURL(`**/v/${firstCitation.articleId}?t=${Math.floor(firstCitation.startSecond)}`);
    await page.waitForFunction(
      (start) => ((document.querySelector('[data-player-variant="page"] :is(video, audio)') as HTMLMediaElement | null)?.currentTime ?? 0) >= start,
      Math.floor(firstCitation.startSecond),
      { timeout: 30_000 },
    );
    await page.goBack();

    // An AI playlist from a prompt, played the same way.
    const expectedPlaylist = await askApi('/v1/ai/playlist', { prompt: PROMPT });
    expect(expectedPlaylist.clips.length).toBeGreaterThan(1);
    await page.getByRole('button', { name: 'AI playlist' }).click();
    await page.getByRole('textbox', { name: 'What should the playlist cover?' }).fill(PROMPT);
    await page.getByRole('button', { name: 'Make playlist' }).click();
    const playlist = page.getByTestId('ai-playlist');
    await playlist.waitFor();
    await page.waitForURL((url) => url.pathname.startsWith('/ai/results/') && !url.pathname.endsWith(resultId));
    expect(await playlist.locator('li').count()).toBe(expectedPlaylist.clips.length);
    await page.getByRole('button', { name: 'Play the playlist' }).click();
    await page.getByText(`Clip 1 of ${expectedPlaylist.clips.length}`).waitFor();
    expect(await page.locator(clipPlayer).getAttribute('data-article-id')).toBe(expectedPlaylist.clips[0]?.articleId);
    await playedPast(page, expectedPlaylist.clips[0]?.startSecond ?? 0);
    await screenshot(page, 'ai-playlist-playing');

    // The history (in this browser) lists both, newest first, and reopens the answer by its link.
    await page.getByRole('link', { name: 'Ask AI' }).click();
    await page.waitForURL('**/ai');
    const history = page.getByTestId('ai-history');
    const entries = history.getByRole('listitem');
    expect(await entries.count()).toBe(2);
    expect(await entries.nth(0).textContent()).toContain(PROMPT);
    await history.getByRole('link', { name: new RegExp(QUESTION.replace('?', '\\?')) }).click();
    await page.waitForURL(`**/ai/results/${resultId}`);
    await page.getByTestId('ai-answer').waitFor();
    expect(await page.getByTestId('ai-answer').locator('li > p').allTextContents()).toEqual(expected.sentences.map((sentence) => sentence.text));

    // A shared link opens the same answer in another browser, without its history.
    const other = await openPage(browser);
    await other.goto(`${baseUrl()}/ai/results/${resultId}`);
    await other.getByTestId('ai-answer').waitFor();
    expect(await other.getByTestId('ai-history').getByRole('listitem').count()).toBe(0);
    await other.context().close();
    await page.context().close();
  });

  it('says when the news does not hold the answer', async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl()}/ai`);
    await page.getByRole('textbox', { name: 'Your question' }).fill('Who won the chess championship on the Moon in 1850?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await page.getByTestId('ai-not-found').getByText('I could not find that in the news we have.').waitFor();
    expect(await page.getByRole('button', { name: 'Play the answer' }).count()).toBe(0);
    await page.context().close();
  });

  it('fits a phone, right to left in Arabic', async () => {
    const page = await openPage(browser, { viewport: { width: 412, height: 915 }, locale: 'ar' });
    await page.goto(`${baseUrl()}/ai?lng=ar`);
    await page.waitForSelector('html[dir="rtl"][lang="ar"]');
    await page.getByRole('heading', { level: 1, name: 'اسأل الأخبار' }).waitFor();
    await page.getByRole('textbox', { name: 'سؤالك' }).fill(QUESTION);
    await page.getByRole('button', { name: 'اسأل', exact: true }).click();
    await page.getByTestId('ai-answer').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'ai-answer-phone-arabic');
    await page.context().close();
  });
});
