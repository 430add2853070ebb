import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STORAGE_KEYS, type Session } from '@newsreel/contracts';
import type { AxeResults, Result } from 'axe-core';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { inject, onTestFinished, TestRunner } from 'vitest';
import type { ProvidedServer } from './global-setup';
import { startServer, type RunningServer, type ServerOptions } from './server-process';

const CHROMIUM_PATH = '/usr/bin/chromium';
const outputDir = fileURLToPath(new URL('./output/', import.meta.url));

/** This worker's server (global-setup.ts): files running at the same time each have their own. */
function server(): ProvidedServer {
  const servers = inject('servers');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return servers[(worker - 1) % servers.length]!;
}

export const baseUrl = (): string => server().baseUrl;
export const serverPort = (): number => server().port;
/** The server's data folder: its mail outbox is in outbox/. */
export const serverDataDir = (): string => server().dataDir;

/**
 * A server of the file's own (for changes later files must not see), started from a copy of the
 * run's first data folder (global-setup.ts): the demo as a fresh start has it.
 */
export function startOwnServer(options: Omit<ServerOptions, 'dataTemplate'> = {}): Promise<RunningServer> {
  return startServer({ dataTemplate: inject('dataTemplate'), ...options });
}

/** The demo accounts' password (README, "Demo accounts"). */
export const DEMO_PASSWORD = 'newsreel-demo';

/**
 * Signs `email` in through the sign-in form, as a person does, and waits until the app has moved
 * on (to `next`, when given). `origin`: a server the test started itself; this worker's by default.
 */
export async function signInThroughForm(
  page: Page,
  email: string,
  { next, origin, password = DEMO_PASSWORD }: { next?: string; origin?: string; password?: string } = {},
): Promise<void> {
  await page.goto(`${origin ?? baseUrl()}/account/signin${next ? `?next=${encodeURIComponent(next)}` : ''}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const landing = next?.split('?')[0];
  await page.waitForURL((url) => !url.pathname.startsWith('/account/signin') && (!landing || url.pathname.startsWith(landing)));
}

/** Pays on the built-in test provider's checkout page with `cardNumber` (4242… succeeds, 4000 0000 0000 0002 is declined). */
export async function payWithTestCard(page: Page, cardNumber: string): Promise<void> {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry date').fill('12/40');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

/** Debian's Chromium, headless, with the background chatter that slows or flakes tests turned off. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error('Chromium is missing: apt-get install -y chromium');
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A page in a fresh context (empty storage), English by default, at a laptop-sized viewport.
 * Opened in a test, it is closed when the test ends: a page left open keeps playing its videos and
 * running its timers until the file's browser closes, taking CPU from every test after it.
 */
export async function openPage(browser: Browser, { ads = false, ...options }: BrowserContextOptions & { ads?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 }, ...options });
  if (TestRunner.getCurrentTest()) onTestFinished(() => context.close());
  // The demo plays an ad before the first article of a visit (issue 17). Pages of other tests start
  // as if one had just played, so none comes in their way (timeBetweenAds); ads.e2e.ts asks for ads.
  if (!ads) {
    await context.addInitScript((key) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, JSON.stringify({ adId: 'e2e', playedAt: new Date().toISOString() }));
    }, STORAGE_KEYS.lastAd);
  }
  return context.newPage();
}

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(outputDir, { recursive: true });
  const file = path.join(outputDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core on the page as it is now. The script is evaluated through the DevTools protocol,
 * which the page's Content-Security-Policy (script-src 'self') does not govern.
 */
export async function runAxe(page: Page): Promise<Result[]> {
  // Colours are judged as they are drawn: a button still fading in (a transition, a ripple) is
  // measured half-transparent and fails contrast it has once settled. Wait (up to 3 s) for the
  // page's running animations and transitions to end; infinite ones (spinners) do not count.
  await page
    .waitForFunction(
      () => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
  await page.evaluate(axeSource);
  const results = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } };
    return axe.run(document);
  });
  return results.violations;
}

/** One line per violation, for a failure message a person can act on. */
export function describeViolations(violations: Result[]): string {
  return violations
    .map((violation) => `${violation.impact}: ${violation.id} (${violation.help}) at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
    .join('\n');
}

/** The demo superuser's admin-scoped token, from the API (for reading what the browser caused). */
export async function superuserAuth(): Promise<{ authorization: string }> {
  const account = { email: 'admin@example.com', password: 'newsreel-demo' };
  const login = await fetch(`${baseUrl()}/v1/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
  if (!login.ok) throw new Error(`Sign-in of ${account.email} answered ${login.status}: ${await login.text()}`);
  const { accessToken } = (await login.json()) as Session;
  const admin = await fetch(`${baseUrl()}/v1/auth/admin`, { method: 'POST', headers: { authorization: `Bearer ${accessToken}` } });
  if (!admin.ok) throw new Error(`The admin token answered ${admin.status}: ${await admin.text()}`);
  return { authorization: `Bearer ${((await admin.json()) as { accessToken: string }).accessToken}` };
}
