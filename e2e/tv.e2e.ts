import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, launchBrowser, openPage, runAxe, screenshot, signInThroughForm, startOwnServer } from './helpers';
import { type RunningServer } from './server-process';

/** A server of its own: pairing and renaming change what later files would see for the demo subscriber. */
let server: RunningServer;

/** The pairing code the TV shows, as it shows it ("ABCD-2345"). */
async function codeOn(tv: Page): Promise<string> {
  return (await tv.getByTestId('tv-pairing-code').textContent({ timeout: 30_000 }))?.trim() ?? '';
}

/** The seconds the TV's video has played, once it is past `after`. */
async function playedPast(tv: Page, after: number): Promise<number> {
  const handle = await tv.waitForFunction(
    (seconds) => {
      const video = document.querySelector('video');
      return video && !video.paused && video.currentTime > seconds ? video.currentTime : false;
    },
    after,
    { timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

describe('the television app', () => {
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startOwnServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a second window at /tv pairs with the code typed at /pair, plays, and goes back to a new code once unpaired', async () => {
    // The screen: a window of its own, at TV size.
    const tv = await openPage(browser, { viewport: { width: 1280, height: 720 } });
    await tv.goto(`${server.baseUrl}/tv`);
    await tv.getByRole('heading', { level: 1, name: 'Pair this screen' }).waitFor();
    const code = await codeOn(tv);
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    await tv.getByRole('img', { name: 'QR code to pair this screen' }).waitFor();
    const tvViolations = await runAxe(tv);
    expect(tvViolations, describeViolations(tvViolations)).toEqual([]);
    await screenshot(tv, 'tv-pairing-1280');

    // The reader's phone: signs in as the demo subscriber, and types the code as it comes.
    const phone = await openPage(browser, { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    await signInThroughForm(phone, 'subscriber@example.com', { next: '/pair', origin: server.baseUrl });
    await phone.getByRole('heading', { level: 1, name: 'Pair a screen' }).waitFor();
    await phone.getByRole('textbox', { name: 'Code on the screen' }).fill(code.replace('-', ' ').toLowerCase());
    const screenCard = phone.getByRole('region', { name: 'The screen' });
    await screenCard.getByText(/^Ready to pair\./).waitFor();
    // What the screen told about itself: headless Chromium on Linux.
    expect(await screenCard.getByRole('heading', { level: 2 }).textContent()).toBe('Chrome on Linux');
    await screenCard.getByText(/^Computer · Linux · Chrome \d+$/).waitFor();
    const pairViolations = await runAxe(phone);
    expect(pairViolations, describeViolations(pairViolations)).toEqual([]);
    await screenshot(phone, 'pair-412');
    await phone.setViewportSize({ width: 1920, height: 1080 });
    await screenshot(phone, 'pair-1920');
    await phone.setViewportSize({ width: 412, height: 823 });

    await screenCard.getByRole('button', { name: 'Pair this screen' }).click();
    await screenCard.getByRole('status').filter({ hasText: 'Paired. Chrome on Linux is now playing your feed.' }).waitFor();

    // The TV learns it is paired at its next poll (every 5 s) and plays its owner's feed.
    const title = tv.getByRole('heading', { level: 1 });
    await tv.locator('video').waitFor({ timeout: 30_000 });
    const first = (await title.textContent())?.trim();
    const playedAt = await playedPast(tv, 0.5);
    await playedPast(tv, playedAt + 0.5);
    const playingViolations = await runAxe(tv);
    expect(playingViolations, describeViolations(playingViolations)).toEqual([]);
    await screenshot(tv, 'tv-playing-1280');
    await tv.setViewportSize({ width: 3840, height: 2160 });
    await screenshot(tv, 'tv-playing-3840');
    await tv.setViewportSize({ width: 1280, height: 720 });

    // ArrowRight: the next article.
    await tv.keyboard.press('ArrowRight');
    await tv.waitForFunction((before) => document.querySelector('h1')?.textContent?.trim() !== before, first);
    expect((await title.textContent())?.trim()).not.toBe(first);
    // Down: the rail of articles; Back closes it.
    await tv.keyboard.press('ArrowDown');
    await tv.getByRole('navigation', { name: 'Articles' }).waitFor();
    await screenshot(tv, 'tv-rail-1280');
    await tv.keyboard.press('Escape');
    await tv.getByRole('navigation', { name: 'Articles' }).waitFor({ state: 'detached' });

    // The reader's devices page lists it as playing, and renames it.
    await phone.goto(`${server.baseUrl}/account/devices`);
    const item = phone.getByRole('listitem', { name: 'Chrome on Linux' });
    await item.getByText('Playing now').waitFor();
    await item.getByRole('button', { name: 'Rename Chrome on Linux' }).click();
    const rename = phone.getByRole('dialog', { name: 'Rename screen' });
    await rename.getByRole('textbox', { name: 'Name' }).fill('Living room TV');
    await rename.getByRole('button', { name: 'Save' }).click();
    const renamed = phone.getByRole('listitem', { name: 'Living room TV' });
    await renamed.getByText('Playing now').waitFor();
    await screenshot(phone, 'devices-412');

    // Unpairing it sends the TV back to a new code (at its next lease renewal, within 30 s).
    await renamed.getByRole('button', { name: 'Unpair Living room TV' }).click();
    await phone.getByRole('dialog', { name: 'Unpair Living room TV?' }).getByRole('button', { name: 'Unpair' }).click();
    await phone.getByRole('heading', { name: 'No screens yet' }).waitFor();
    await tv.getByRole('heading', { level: 1, name: 'Pair this screen' }).waitFor({ timeout: 45_000 });
    const next = await codeOn(tv);
    expect(next).not.toBe(code);

    // In Arabic: the pages mirror, the code and the address stay left-to-right.
    await phone.goto(`${server.baseUrl}/pair?code=${encodeURIComponent(next)}&lng=ar`);
    await phone.getByRole('heading', { level: 1, name: 'ربط شاشة' }).waitFor();
    await phone.getByRole('region', { name: 'الشاشة' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await screenshot(phone, 'pair-412-ar');
    await tv.goto(`${server.baseUrl}/tv?lng=ar`);
    await tv.getByRole('heading', { level: 1, name: 'ربط هذه الشاشة' }).waitFor();
    expect(await tv.getByTestId('tv-pairing-code').getAttribute('dir')).toBe('ltr');
    await screenshot(tv, 'tv-pairing-1280-ar');
  });
});
