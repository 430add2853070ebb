import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, launchBrowser, openPage, runAxe, screenshot, startOwnServer } from './helpers';
import { type RunningServer } from './server-process';

const PASSWORD = 'newsreel-demo';
const UPLOADS = '/v1/manage/player/media';

/**
 * A server of its own: the journey adds media and changes a poster of a demo article, which the
 * shared server's tests do not expect.
 */
let server: RunningServer;
let folder: string;
/** A real three-second H.264 video, 160×90, made with the ffmpeg the server uses. */
let video: string;

async function signInToArticle(page: Page): Promise<string> {
  await page.goto(`${server.baseUrl}/account/signin?next=${encodeURIComponent('/manage/articles')}`);
  await page.getByLabel('Email').fill('editor@example.com');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/manage/articles');
  const table = page.getByRole('table', { name: 'Your articles' });
  await table.waitFor();
  await table.locator('tbody tr').first().getByRole('link').first().click();
  await page.waitForURL((url) => /^\/manage\/articles\/[0-9a-f-]{36}$/.test(url.pathname));
  await page.getByRole('region', { name: 'Upload media' }).waitFor();
  return new URL(page.url()).pathname.split('/').pop()!;
}

async function expectAxeClean(page: Page, name: string) {
  const violations = await runAxe(page);
  if (violations.length > 0) await screenshot(page, name);
  expect(violations, describeViolations(violations)).toEqual([]);
}

describe('the publisher studio’s media', () => {
  let browser: Browser;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'newsreel-media-e2e-'));
    video = path.join(folder, 'harbour-clip.mp4');
    await promisify(execFile)(ffmpeg.path, [
      '-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=3:size=160x90:rate=25',
      '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-y', video,
    ]);
    // Media processing runs on the job queue, as in `npm start` (the suite's NODE_ENV=test would turn jobs off).
    [server, browser] = await Promise.all([startOwnServer({ env: { JOBS: 'in-process' } }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('the demo editor uploads a video with progress, sees it in the media list, and makes one of its frames the poster', async () => {
    const page = await openPage(browser);
    const articleId = await signInToArticle(page);
    const upload = page.getByRole('region', { name: 'Upload media' });

    // The upload's creation is held back until the progress bar has been seen (the file is one
    // chunk, so the bar then goes from 0 to done at once).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${UPLOADS}`, async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });

    await upload.locator('input[type="file"]').setInputFiles(video);
    await upload.getByText(/^harbour-clip\.mp4 \([\d.]+ kB\)$/).waitFor();
    expect(await upload.getByRole('combobox', { name: 'Media type' }).textContent()).toBe('Video');
    const finished = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().includes(UPLOADS));
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    const progress = upload.getByRole('progressbar', { name: 'Uploading harbour-clip.mp4' });
    await progress.waitFor();
    expect(await progress.getAttribute('aria-valuenow')).toBe('0');
    expect(await upload.getByText(/^0% · 0 byte of [\d.]+ kB$/).count()).toBe(1);
    await upload.getByRole('button', { name: 'Cancel upload' }).waitFor();
    await expectAxeClean(page, 'manage-media-uploading');
    release();

    const answer = await finished;
    expect(answer.status()).toBe(204);
    const assetId = (await answer.headerValue('media-asset-id'))!;
    expect(assetId).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByText('harbour-clip.mp4 was uploaded.', { exact: false }).waitFor();
    expect(await progress.count()).toBe(0);
    await page.unroute(`**${UPLOADS}`);

    // The new file is in the article's media list; its length shows once it is processed.
    const row = upload.getByRole('listitem').filter({ hasText: `${assetId}.mp4` });
    await row.waitFor();
    await row.getByText(/0:03/).waitFor({ timeout: 60_000 });

    // The key frame: the slider moves the video, and the frame at 1.5 s becomes the poster.
    const picker = page.getByRole('region', { name: 'Poster from a frame' });
    const slider = picker.getByRole('slider', { name: 'Frame position' });
    await page.waitForFunction(() => ((document.querySelector('video[aria-label="The article\'s video"]') as HTMLVideoElement | null)?.readyState ?? 0) >= 1);
    expect(await slider.isEnabled()).toBe(true);
    await slider.focus();
    for (let step = 0; step < 15; step += 1) await page.keyboard.press('ArrowRight');
    await picker.getByText('Frame at 1.5 sec').waitFor();
    const seconds = await picker.locator('video').evaluate((element) => (element as HTMLVideoElement).currentTime);
    expect(seconds).toBeCloseTo(1.5, 1);
    const keyframeAnswer = page.waitForResponse((response) => response.url().endsWith('/keyframe'));
    await picker.getByRole('button', { name: 'Use this frame' }).click();
    expect((await keyframeAnswer).status()).toBe(200);
    expect(JSON.parse((await keyframeAnswer).request().postData() ?? '{}')).toEqual({ articleId, position: 1.5 });
    await page.getByText("The frame at 1.5 sec is now the article's poster.").waitFor();
    const poster = picker.getByRole('img', { name: "The article's new poster" });
    await poster.waitFor();
    expect(await poster.getAttribute('src')).toMatch(new RegExp(`/media/posters/${assetId}/[0-9a-f-]{36}\\.jpg$`));
    await expect.poll(() => poster.evaluate((image) => (image as HTMLImageElement).naturalWidth), { timeout: 10_000, interval: 200 }).toBe(160);
    await picker.getByText('Readers see the new poster from now on.').waitFor();

    // The article's poster is the new one, as the API tells it.
    const login = await fetch(`${server.baseUrl}/v1/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'editor@example.com', password: PASSWORD }) });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const article = (await fetch(`${server.baseUrl}/v1/manage/articles/${articleId}`, { headers: { authorization: `Bearer ${accessToken}` } }).then((res) => res.json())) as { poster: string | null };
    expect(article.poster).toBe(await poster.getAttribute('src'));

    // A poster imported from an address inside a private network is refused, the reason under the field.
    const thumbnail = page.getByRole('region', { name: 'Import a poster' });
    await thumbnail.getByRole('textbox', { name: 'Image address' }).fill('http://169.254.169.254/latest/poster.jpg');
    await thumbnail.getByRole('button', { name: 'Import poster' }).click();
    await thumbnail.getByText(/^The image was not imported: .+/).waitFor();
    expect(await thumbnail.getByRole('textbox', { name: 'Image address' }).getAttribute('aria-invalid')).toBe('true');

    await expectAxeClean(page, 'manage-media');
    await page.context().close();
  });

  it('a “video” that is a text file is refused with the server’s reason, and nothing is added', async () => {
    const page = await openPage(browser);
    await signInToArticle(page);
    const upload = page.getByRole('region', { name: 'Upload media' });
    const before = await upload.getByRole('listitem').count();
    await upload.locator('input[type="file"]').setInputFiles({ name: 'not-a-video.mp4', mimeType: 'video/mp4', buffer: Buffer.from('These are the notes for the harbour story, not a video.\n'.repeat(20)) });
    expect(await upload.getByRole('combobox', { name: 'Media type' }).textContent()).toBe('Video');
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    const alert = upload.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/^The file is not that type of media\. The file is not a video this server takes \(video\/mp4, video\/webm, video\/quicktime\), judged by its bytes; nothing was stored\.$/);
    expect(await upload.getByRole('listitem').count()).toBe(before);
    await page.context().close();
  });
});
