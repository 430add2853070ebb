import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ArticleList } from '@newsreel/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openPage, screenshot, serverDataDir, startOwnServer } from './helpers';
import { type RunningServer } from './server-process';

/** The link in the newest mail to `to` in a server's outbox (DATA_DIR/outbox/*.eml), as its reader would click it. */
async function linkInOutbox(dataDir: string, to: string, kind: 'verify' | 'reset', after = 0): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const files = (await readdir(outbox).catch(() => [] as string[])).filter((file) => file.endsWith('.eml')).sort();
    for (const file of files.reverse()) {
      const raw = await readFile(path.join(outbox, file), 'utf8');
      if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'im').test(raw)) continue;
      const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      const links = [...text.matchAll(/https?:\/\/[^\s"<>]+\/account\/(verify|reset)\?key=[A-Za-z0-9_-]+/g)].filter((match) => match[1] === kind);
      if (links.length > after) return links[links.length - 1]![0];
    }
    if (Date.now() > deadline) throw new Error(`No ${kind} mail to ${to} in ${outbox}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const uniqueEmail = (name: string) => `${name}-${Date.now().toString(36)}@example.com`;

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl()}/account/signin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function register(page: Page, name: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl()}/account/register`);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
}

/** The account button of the app bar: the reader's initial once signed in. */
const accountButton = (page: Page, name: string) => page.getByRole('button', { name: `Account menu for ${name}` });

describe('accounts in the browser', () => {
  let browser: Browser;
  const dataDir = serverDataDir;
  const PASSWORD = 'a-long-passphrase-for-tests';

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('register → the mail in the outbox → confirm → sign in → change settings → sign out', async () => {
    const page = await openPage(browser);
    const email = uniqueEmail('nadia');
    await register(page, 'Nadia', email, PASSWORD);
    await screenshot(page, 'account-registered');

    await page.goto(await linkInOutbox(dataDir(), email, 'verify'));
    await page.getByRole('heading', { name: 'Email confirmed' }).waitFor();

    await signIn(page, email, PASSWORD);
    await accountButton(page, 'Nadia').waitFor();

    await page.goto(`${baseUrl()}/account`);
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    await page.getByText(`Signed in as ${email}`).waitFor();
    const bulletin = page.getByRole('switch', { name: 'Email me the news bulletin' }).or(page.getByRole('checkbox', { name: 'Email me the news bulletin' }));
    expect(await bulletin.isChecked()).toBe(false);
    await bulletin.click();
    await page.getByText('Your preferences were saved.').waitFor();
    await screenshot(page, 'account-settings');

    // What was saved is what the account holds after a reload (the session restored from its cookie).
    await page.reload();
    await page.getByText(`Signed in as ${email}`).waitFor();
    expect(await bulletin.isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Sign out' }).last().click();
    await page.getByRole('link', { name: 'Sign in' }).or(page.getByRole('button', { name: 'Sign in' })).first().waitFor();
    await page.reload();
    await page.getByRole('link', { name: 'Sign in' }).or(page.getByRole('button', { name: 'Sign in' })).first().waitFor();
    expect(await accountButton(page, 'Nadia').count()).toBe(0);
  });

  it('resets a forgotten password with the mailed link', async () => {
    const page = await openPage(browser);
    const email = uniqueEmail('omar');
    await register(page, 'Omar', email, PASSWORD);
    await page.goto(await linkInOutbox(dataDir(), email, 'verify'));
    await page.getByRole('heading', { name: 'Email confirmed' }).waitFor();

    await page.goto(`${baseUrl()}/account/forgot`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();

    await page.goto(await linkInOutbox(dataDir(), email, 'reset'));
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('my-brand-new-passphrase');
    await page.getByLabel('Repeat the new password').fill('my-brand-new-passphrase');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();

    await signIn(page, email, PASSWORD);
    await page.getByRole('alert').filter({ hasText: /do not match/ }).waitFor();
    await signIn(page, email, 'my-brand-new-passphrase');
    await accountButton(page, 'Omar').waitFor();
  });

  it('deletes the account after asking for the password', async () => {
    const page = await openPage(browser);
    const email = uniqueEmail('lena');
    await register(page, 'Lena', email, PASSWORD);
    await page.goto(await linkInOutbox(dataDir(), email, 'verify'));
    await page.getByRole('heading', { name: 'Email confirmed' }).waitFor();
    await signIn(page, email, PASSWORD);
    await accountButton(page, 'Lena').waitFor();

    await page.goto(`${baseUrl()}/account`);
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password', { exact: true }).fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete for good' }).click();
    await dialog.getByRole('alert').waitFor();
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete for good' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await accountButton(page, 'Lena').count()).toBe(0);

    await signIn(page, email, PASSWORD);
    await page.getByRole('alert').filter({ hasText: /do not match/ }).waitFor();
  });

  it('signs in as a demo publisher, in Arabic, on a phone', async () => {
    const page = await openPage(browser, { viewport: { width: 390, height: 844 }, locale: 'ar' });
    await page.goto(`${baseUrl()}/account/signin?lng=ar`);
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.locator('input[type=email]').fill('publisher@example.com');
    await page.locator('input[autocomplete=current-password]').fill('newsreel-demo');
    await page.locator('form button[type=submit]').click();
    await page.waitForURL((url) => !url.pathname.includes('/signin'));
    await page.goto(`${baseUrl()}/account?lng=ar`);
    await page.getByText('publisher@example.com').first().waitFor();
    await screenshot(page, 'account-arabic-phone');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'the page should not scroll sideways').toBeLessThanOrEqual(0);
  });
});

describe('an access token that expired while the network was down', () => {
  let server: RunningServer;
  let browser: Browser;
  const TTL_SECONDS = 20;
  beforeAll(async () => {
    // Tokens that live twenty seconds, so one can expire within a test.
    server = await startOwnServer({ env: { ACCESS_TOKEN_TTL_SECONDS: String(TTL_SECONDS) } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('is renewed without the reader noticing: their save goes through', async () => {
    const page = await openPage(browser);
    const refreshes: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/v1/users/refresh')) refreshes.push(response.status());
    });
    await page.goto(`${server.baseUrl}/account/signin`);
    await page.getByLabel('Email').fill('reader@example.com');
    await page.getByLabel('Password', { exact: true }).fill('newsreel-demo');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await accountButton(page, 'Riley Reader').waitFor();

    const articles = (await (await fetch(`${server.baseUrl}/v1/articles?limit=1`)).json()) as ArticleList;
    const article = articles.items[0]!;
    // Opening the article's address starts the app again, which restores the session with a new token.
    const restored = page.waitForResponse((response) => response.url().endsWith('/v1/users/refresh') && response.status() === 200);
    await page.goto(`${server.baseUrl}/v/${article.id}`);
    await restored;
    const signedInAt = Date.now();
    await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
    await accountButton(page, 'Riley Reader').waitFor();
    // The connection drops before the app's early renewal is due, and comes back once the token
    // has expired: the next thing the reader does meets a 401 first.
    await page.context().setOffline(true);
    await new Promise((resolve) => setTimeout(resolve, signedInAt + (TTL_SECONDS + 1) * 1000 - Date.now()));
    await page.context().setOffline(false);
    const before = refreshes.length;

    // The button's name carries the count: "Save 0", then "Save 1". It shows pressed at once; the
    // save itself is sent again after the renewal, and only its answer says it went through (leaving
    // the page before then would cancel it).
    const saved = page.waitForResponse((response) => response.url().endsWith('/v1/articles/save') && response.request().method() === 'POST' && response.status() === 200);
    await page.getByRole('button', { name: /^Save \d+$/, pressed: false }).click();
    await page.getByRole('button', { name: /^Save \d+$/, pressed: true }).waitFor();
    await saved;
    await expect.poll(() => refreshes.slice(before)).toContain(200);
    expect(page.url()).toContain(`/v/${article.id}`);
    await page.goto(`${server.baseUrl}/library/saved`);
    await page.getByRole('heading', { level: 3, name: article.title }).waitFor();
  }, 90_000);
});
