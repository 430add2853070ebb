import { STORAGE_KEYS, type Article, type EventCounts } from '@newsreel/contracts';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openPage, superuserAuth } from './helpers';

/** SPEC §4: the queue goes once a second; the events must be stored within two seconds of the action. */
const WITHIN_MS = 2_000;
/** Timers fire a few milliseconds early or late; a second between calls is a second within this. */
const TIMER_SLACK_MS = 50;

interface IngestCall {
  request: Request;
  events: { partitionKey: string; data: Record<string, unknown> }[];
}

/** An admin token, as the admin console gets one: sign in, then ask for the admin scope. */
describe('analytics of a reader’s visit', () => {
  let browser: Browser;
  let admin: { authorization: string };
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await superuserAuth();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Exact counts by action in the store since `from` (GET /v1/admin/statistics/events). */
  async function countsSince(from: Date): Promise<Map<string, number>> {
    const to = new Date(Date.now() + 3_600_000);
    const response = await fetch(`${baseUrl()}/v1/admin/statistics/events?from=${from.toISOString()}&to=${to.toISOString()}`, { headers: admin });
    if (!response.ok) throw new Error(`GET /v1/admin/statistics/events answered ${response.status}: ${await response.text()}`);
    return new Map(((await response.json()) as EventCounts).items.map(({ action, count }) => [action, count]));
  }

  /**
   * Waits at most WITHIN_MS from `since` (the action) until the store holds `expected` more events
   * of each action than `before`; returns how long it took.
   */
  async function storedWithin(since: number, from: Date, before: Map<string, number>, expected: Record<string, number>): Promise<number> {
    let counts = new Map<string, number>();
    const missing = () => Object.entries(expected).filter(([action, more]) => (counts.get(action) ?? 0) - (before.get(action) ?? 0) < more);
    do {
      counts = await countsSince(from);
      if (missing().length === 0) return Date.now() - since;
      await new Promise((resolve) => setTimeout(resolve, 100));
    } while (Date.now() - since <= WITHIN_MS);
    const seen = Object.keys(expected).map((action) => `${action}: ${(counts.get(action) ?? 0) - (before.get(action) ?? 0)}`);
    throw new Error(`Not stored within ${WITHIN_MS} ms: ${missing().map(([action, more]) => `${more} × ${action}`).join(', ')} (new in the store: ${seen.join(', ')})`);
  }

  /** The first article linked from the page whose media is a video. */
  async function videoArticleLinked(page: Page): Promise<Article> {
    const hrefs = await page.locator('main a[href^="/v/"]').evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute('href')!))]);
    for (const href of hrefs) {
      const article = (await (await fetch(`${baseUrl()}/v1/articles/${href.slice('/v/'.length)}`)).json()) as Article;
      if (article.mediafile?.type === 1 && (article.durationSeconds ?? article.mediafile.durationSeconds ?? 0) > 12) return article;
    }
    throw new Error(`None of the ${hrefs.length} articles linked from the home page is a video longer than 12 s`);
  }

  it('stores the visitor, the page views and the media events within two seconds, sent at most once a second', async () => {
    const from = new Date(Date.now() - 1_000);
    const page = await openPage(browser);
    const calls: IngestCall[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/v1/proxy/kinesis') return;
      calls.push({ request, events: (JSON.parse(request.postData() ?? '{}') as { events?: IngestCall['events'] }).events ?? [] });
    });

    // A first visit: the visitor is new, and the home page is a page view.
    let before = await countsSince(from);
    await page.goto(`${baseUrl()}/`);
    await page.locator('main h1, main h2').first().waitFor();
    // The page view is of the page shown: from then on the clock runs.
    let action = Date.now();
    await storedWithin(action, from, before, { 'New Visitor': 1, 'Page View': 1 });

    // The visitor is on the server too, under the id the app made (POST /v1/visitors).
    const visitorId = await page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? 'null') as { id: string } | null)?.id, STORAGE_KEYS.visitor);
    expect(visitorId).toBeTruthy();
    await expect
      .poll(async () => (await fetch(`${baseUrl()}/v1/visitors/${visitorId}`)).status, { timeout: 5_000 })
      .toBe(200);

    // An article, opened from the home page: a page view after the route change, and its video plays.
    const article = await videoArticleLinked(page);
    before = await countsSince(from);
    await page.locator(`main a[href="/v/${article.id}"]`).first().click();
    await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
    action = Date.now();
    await storedWithin(action, from, before, { 'Page View': 1 });

    const player = page.getByRole('region', { name: `Player: ${article.title}` });
    await player.locator('video').waitFor({ state: 'attached' });
    // Autoplay starts it (muted if the browser insists); a reader presses Play when it does not.
    const autoplayed = await page
      .waitForFunction(() => !(document.querySelector('[data-player-variant="page"] video') as HTMLVideoElement | null)?.paused, undefined, { timeout: 3_000 })
      .then(() => true)
      .catch(() => false);
    if (!autoplayed) await player.getByRole('button', { name: 'Play', exact: true }).click();
    action = Date.now();
    await page.waitForFunction(() => ((document.querySelector('[data-player-variant="page"] video') as HTMLVideoElement | null)?.currentTime ?? 0) > 0.2);
    await storedWithin(action, from, before, { Play: 1 });

    // A few seconds of the video, then the reader pauses it: a Pause and the seconds watched.
    await page.waitForTimeout(3_500);
    before = await countsSince(from);
    await player.hover();
    action = Date.now();
    await player.getByRole('button', { name: 'Pause', exact: true }).click();
    await storedWithin(action, from, before, { Pause: 1, 'Watch Time': 1 });

    // And likes it.
    before = await countsSince(from);
    action = Date.now();
    await page.getByRole('button', { name: /^Like\b/ }).click();
    await expect.poll(() => page.getByRole('button', { name: /^Like\b/ }).getAttribute('aria-pressed')).toBe('true');
    await storedWithin(action, from, before, { Like: 1 });

    // What went over the wire: one call at a time, at most one a second, every one stored.
    expect(calls.length).toBeGreaterThan(1);
    for (const call of calls) expect((await call.request.response())?.status()).toBe(200);
    // When the browser began each call (its own clock, known once the answer is in): the test
    // process hears of requests late when the machine is busy (942 ms apart for two sent a second
    // apart), so the times it heard them say nothing of how they were sent.
    const began = calls.map((call) => call.request.timing().startTime);
    for (let index = 1; index < began.length; index += 1) expect(began[index]! - began[index - 1]!).toBeGreaterThanOrEqual(1_000 - TIMER_SLACK_MS);
    const sent = calls.flatMap((call) => call.events);
    const partitionOf = (action: string) => new Set(sent.filter((event) => event.data.action === action).map((event) => event.partitionKey));
    expect(partitionOf('Page View')).toEqual(new Set(['app_events']));
    for (const action of ['Play', 'Pause', 'Watch Time', 'Like']) expect(partitionOf(action)).toEqual(new Set(['article_events']));
    for (const { data } of sent) {
      expect(data).toMatchObject({ eventId: expect.stringMatching(/^[0-9a-f-]{36}$/), visitorId, timestamp: expect.any(String), epochSeconds: expect.any(Number) });
    }
    // The home page's player may have played another article first; these are the article's own.
    const ofArticle = sent.filter((event) => event.data.articleId === article.id);
    expect(ofArticle.map((event) => event.data.action)).toEqual(expect.arrayContaining(['Play', 'Pause', 'Watch Time', 'Like']));
    for (const { data } of ofArticle) expect(data).toMatchObject({ articleTitle: article.title, publisherId: article.publisher.id, publisherName: article.publisher.name });
    const watched = ofArticle.filter((event) => event.data.action === 'Watch Time').reduce((sum, event) => sum + Number(event.data.watchSeconds), 0);
    expect(watched).toBeGreaterThanOrEqual(2);
    expect(watched).toBeLessThanOrEqual(6);
    // Each event once: a retried batch would repeat ids, and the store counts each id once.
    expect(new Set(sent.map((event) => event.data.eventId)).size).toBe(sent.length);
    await page.context().close();
  });
});
