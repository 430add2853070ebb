import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

export interface ScriptFile {
  url: string;
  bytes: number;
  gzipBytes: number;
}

export interface PageWeight {
  path: string;
  scripts: ScriptFile[];
  totalGzipBytes: number;
}

/**
 * The JavaScript a page needs before a person can use it: every script the page loads from
 * navigation until it is idle and `readySelector` shows, with no input at all. Scripts fetched
 * later (a language, the map, a dialog) are lazy chunks and are not counted. Sizes are gzip
 * level 9 of each file, as a CDN would send them.
 */
export async function measurePageWeight(
  browser: Browser,
  baseUrl: string,
  path: string,
  { readySelector, viewport = { width: 412, height: 823 } }: { readySelector: string; viewport?: { width: number; height: number } },
): Promise<PageWeight> {
  const context = await browser.newContext({ viewport, locale: 'en-US' });
  const page = await context.newPage();
  const scripts = new Map<string, ScriptFile>();
  // Each body is read while the page is open and awaited before it closes: a script whose body
  // cannot be read (its request redirected or cut off) fails the measurement by its address,
  // instead of going uncounted or ending the process as an unhandled rejection.
  const bodiesRead: Promise<void>[] = [];
  // Scripts that arrive once the page is measured (a lazy chunk fetched later) are not counted,
  // and their bodies are not read from a page about to close.
  let measured = false;
  page.on('response', (response) => {
    if (measured || response.request().resourceType() !== 'script') return;
    bodiesRead.push(
      response.body().then(
        (body) => void scripts.set(response.url(), { url: response.url(), bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length }),
        (error: unknown) => {
          throw new Error(`could not read the script ${response.url()} (${response.status()}): ${error instanceof Error ? error.message : String(error)}`);
        },
      ),
    );
  });
  try {
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    await page.locator(readySelector).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    measured = true;
    await Promise.all(bodiesRead);
  } finally {
    measured = true;
    await Promise.allSettled(bodiesRead);
    await context.close();
  }
  const list = [...scripts.values()].sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { path, scripts: list, totalGzipBytes: list.reduce((sum, file) => sum + file.gzipBytes, 0) };
}
