import type { ArticleList, ArticleSummary, Transcript } from '@newsreel/contracts';
import type { NodeResult, Result } from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, describeViolations, launchBrowser, openPage, runAxe, screenshot } from './helpers';

/** The first demo article of a kind (1 video, 2 audio) that runs longer than `minSeconds`. */
async function demoArticle(mediaType: 1 | 2, minSeconds = 10): Promise<ArticleSummary> {
  const list = (await (await fetch(`${baseUrl()}/v1/articles?limit=60`)).json()) as ArticleList;
  const article = list.items.find((item) => item.mediafile?.type === mediaType && (item.durationSeconds ?? 0) > minSeconds);
  if (!article) throw new Error(`The demo catalogue should hold an article of media type ${mediaType} longer than ${minSeconds} s`);
  return article;
}

async function transcriptOf(articleId: string): Promise<Transcript> {
  return (await (await fetch(`${baseUrl()}/v1/articles/${articleId}/transcript`)).json()) as Transcript;
}

/**
 * Serious and critical axe violations, leaving out nodes inside `excluded` (the related-article
 * cards, which the article-card tests check) so this test speaks of the player and the page.
 */
async function seriousViolationsOutside(page: Page, excluded: string): Promise<Result[]> {
  const kept: Result[] = [];
  for (const violation of await runAxe(page)) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    const nodes: NodeResult[] = [];
    for (const node of violation.nodes) {
      const selector = String(node.target[0]);
      const inside = await page.evaluate(([target, scope]) => Boolean(document.querySelector(target!)?.closest(scope!)), [selector, excluded]);
      if (!inside) nodes.push(node);
    }
    if (nodes.length > 0) kept.push({ ...violation, nodes });
  }
  return kept;
}

const mediaTime = (page: Page) => page.locator('[data-player-variant] video').evaluate((media: HTMLVideoElement) => media.currentTime);
const mediaState = (page: Page) =>
  page.locator('[data-player-variant] video').evaluate((media: HTMLVideoElement) => ({
    time: media.currentTime,
    paused: media.paused,
    muted: media.muted,
    readyState: media.readyState,
  }));

/** Playing, as a person would get it: autoplay (muted when the browser insists), else a click on Play. */
async function ensurePlaying(page: Page, title: string): Promise<void> {
  const player = page.getByRole('region', { name: `Player: ${title}` });
  await player.waitFor();
  await page.waitForFunction(() => ((document.querySelector('[data-player-variant] video') as HTMLVideoElement | null)?.readyState ?? 0) >= 1);
  await page.waitForTimeout(500);
  if ((await mediaState(page)).paused) await player.getByRole('button', { name: 'Play', exact: true }).click();
}

describe('the player', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('plays a video article: the time advances and the controls say so', async () => {
    const article = await demoArticle(1);
    const page = await openPage(browser);
    await page.goto(`${baseUrl()}/v/${article.id}`);
    await ensurePlaying(page, article.title);
    const start = await mediaTime(page);
    await page.waitForTimeout(1500);
    const later = await mediaState(page);
    expect(later.paused).toBe(false);
    expect(later.time).toBeGreaterThan(start + 0.5);
    const player = page.getByRole('region', { name: `Player: ${article.title}` });
    await player.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    await screenshot(page, 'player-video-playing');
  });

  it('plays an audio article over its poster, with a waveform', async () => {
    const article = await demoArticle(2);
    const page = await openPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto(`${baseUrl()}/v/${article.id}`);
    await ensurePlaying(page, article.title);
    const start = await mediaTime(page);
    await page.waitForTimeout(1500);
    expect(await mediaTime(page)).toBeGreaterThan(start + 0.5);
    await page.getByText('Audio report').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'player-audio-phone');
  });

  it('seeks the media to a transcript line when it is clicked, and highlights it', async () => {
    const article = await demoArticle(1);
    const { cues } = await transcriptOf(article.id);
    const target = cues[2];
    expect(target, 'the demo transcript should have at least three lines').toBeDefined();
    if (!target) return;
    const page = await openPage(browser);
    await page.goto(`${baseUrl()}/v/${article.id}`);
    await ensurePlaying(page, article.title);
    const transcript = page.getByRole('region', { name: 'Transcript' });
    await transcript.getByRole('button').filter({ hasText: target.text }).click();
    await page.waitForTimeout(300);
    const time = await mediaTime(page);
    expect(time).toBeGreaterThanOrEqual(target.start - 0.25);
    expect(time).toBeLessThan(target.start + 2);
    await transcript.locator('li[aria-current="true"]', { hasText: target.text }).waitFor();
    await screenshot(page, 'player-transcript-seek');
  });

  it('starts at the second a ?t= deep link names', async () => {
    const article = await demoArticle(1);
    const page = await openPage(browser);
    await page.goto(`${baseUrl()}/v/${article.id}?t=5`);
    await page.getByRole('region', { name: `Player: ${article.title}` }).waitFor();
    await page.waitForFunction(() => ((document.querySelector('[data-player-variant] video') as HTMLVideoElement | null)?.currentTime ?? 0) >= 5);
    const time = await mediaTime(page);
    expect(time).toBeGreaterThanOrEqual(5);
    expect(time).toBeLessThan(8);
    await screenshot(page, 'player-deep-link');
  });

  it('answers the keyboard: K pauses and plays, the arrow keys seek, M mutes', async () => {
    const article = await demoArticle(1, 15);
    const page = await openPage(browser);
    await page.goto(`${baseUrl()}/v/${article.id}?t=3`);
    await ensurePlaying(page, article.title);
    const player = page.getByRole('region', { name: `Player: ${article.title}` });
    await player.focus();
    await page.keyboard.press('k');
    await page.waitForTimeout(200);
    expect((await mediaState(page)).paused).toBe(true);
    const before = await mediaTime(page);
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(300);
    expect(await mediaTime(page)).toBeCloseTo(before + 5, 0);
    const muted = (await mediaState(page)).muted;
    await page.keyboard.press('m');
    await page.waitForTimeout(200);
    expect((await mediaState(page)).muted).toBe(!muted);
    await page.keyboard.press('k');
    await page.waitForTimeout(200);
    expect((await mediaState(page)).paused).toBe(false);
  });

  it('mirrors its controls in Arabic, where the left arrow moves forward along the bar', async () => {
    const article = await demoArticle(1, 15);
    const page = await openPage(browser);
    await page.goto(`${baseUrl()}/v/${article.id}?t=3&lng=ar`);
    await page.locator('[data-player-variant]').waitFor();
    await page.waitForFunction(() => ((document.querySelector('[data-player-variant] video') as HTMLVideoElement | null)?.readyState ?? 0) >= 1);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const player = page.locator('[data-player-variant]');
    // The play button sits at the right-hand (start) end of the control bar.
    const playBox = await player.locator('[data-player-controls] button').first().boundingBox();
    const playerBox = await player.boundingBox();
    expect(playBox && playerBox && playBox.x > playerBox.x + playerBox.width / 2).toBe(true);
    await player.focus();
    if (!(await mediaState(page)).paused) await page.keyboard.press('k');
    const before = await mediaTime(page);
    await page.keyboard.press('ArrowLeft');
    await page.waitForTimeout(300);
    expect(await mediaTime(page)).toBeCloseTo(before + 5, 0);
    await screenshot(page, 'player-arabic');
  });

  it('has no serious or critical accessibility problems while it plays', async () => {
    const article = await demoArticle(1);
    const page = await openPage(browser);
    // The control bar fades out after a moment without input; read mid-fade its text is a blend of
    // white and the picture. Without motion it is either shown or gone, as a reader who asks for
    // less motion sees it.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const language of ['en', 'ar']) {
      await page.goto(`${baseUrl()}/v/${article.id}?lng=${language}`);
      await page.locator('[data-player-variant] [data-player-controls]').waitFor();
      await page.locator('[data-cue-index]').first().waitFor();
      const violations = await seriousViolationsOutside(page, '[data-related-articles]');
      expect(violations, `${language}:\n${describeViolations(violations)}`).toEqual([]);
    }
  });
});
