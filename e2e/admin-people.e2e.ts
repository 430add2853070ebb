import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AdminApiKeyList, ArticleList, Session } from '@newsreel/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, launchBrowser, openPage, runAxe, screenshot, signInThroughForm } from './helpers';
import { startServer, webDistDirOf, type RunningServer } from './server-process';

const PASSWORD = 'newsreel-demo';
const SUPERUSER = 'admin@example.com';
/** The demo reader, who is made a moderator here. */
const READER = 'reader@example.com';
const VENDOR_NAME = `Wire Desk ${Date.now().toString(36)}`;

/**
 * A server of its own: this suite gives the demo reader an admin role, which the other suites'
 * server must not see.
 */
let server: RunningServer;
const baseUrl = () => server.baseUrl;

/** Nothing wider than the screen: no sideways scroll. */
const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** What a phone shows: the screen, not the whole page. */
const viewShot = (page: Page, name: string) => page.screenshot({ path: fileURLToPath(new URL(`./output/${name}.png`, import.meta.url)) });

/** The files of the people pages' own code, from the build's manifest. */
function peopleChunks(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(webDistDirOf(), '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const chunks = Object.entries(manifest)
    .filter(([source]) => /features\/admin\/pages\/(user-list|user|admin-role|vendor-list|vendor|api-key|job-list|audit)-page\.tsx$/.test(source))
    .map(([, entry]) => entry.file);
  expect(chunks).toHaveLength(8);
  return chunks;
}

/** An admin token for `email`, as the console asks for one. */
async function adminTokenOf(email: string): Promise<Response> {
  const login = await fetch(`${baseUrl()}/v1/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  expect(login.status).toBe(200);
  const { accessToken } = (await login.json()) as Session;
  return fetch(`${baseUrl()}/v1/auth/admin`, { method: 'POST', headers: { Authorization: `Bearer ${accessToken}` } });
}

describe('the superusers’ people pages', () => {
  let browser: Browser;
  let vendorUrl = '';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('are not part of what a reader downloads on / or an article', async () => {
    const chunks = peopleChunks();
    const [article] = ((await (await fetch(`${baseUrl()}/v1/articles?limit=1`)).json()) as ArticleList).items;
    for (const url of [`${baseUrl()}/`, `${baseUrl()}/v/${article!.id}`]) {
      const page = await openPage(browser);
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await page.goto(url, { waitUntil: 'load' });
      await page.getByRole('main').getByRole('link').first().waitFor();
      await page.waitForTimeout(2_000);
      expect(requested.filter((pathname) => chunks.some((chunk) => pathname.endsWith(chunk))), url).toEqual([]);
      const html = await (await fetch(url)).text();
      expect(chunks.filter((chunk) => html.includes(chunk)), url).toEqual([]);
      await page.context().close();
    }
  });

  it('the demo superuser creates a vendor and its API key, sees the key once, and the key works', async () => {
    const page = await openPage(browser, { permissions: ['clipboard-read', 'clipboard-write'] });
    await signInThroughForm(page, SUPERUSER, { next: '/admin/vendors', origin: baseUrl() });
    await page.getByRole('heading', { level: 1, name: 'Vendors' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    for (const name of ['Users', 'Admin roles', 'Vendors', 'API keys', 'Jobs', 'Audit log']) await nav.getByRole('link', { name }).waitFor();
    // The demo vendor is listed.
    await page.getByRole('table', { name: 'All vendors' }).getByRole('link', { name: 'Meridian Data Co.' }).waitFor();

    const form = page.getByRole('form', { name: 'New vendor' });
    await form.getByRole('textbox', { name: 'Vendor name' }).fill(VENDOR_NAME);
    await form.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { level: 1, name: VENDOR_NAME }).waitFor();
    vendorUrl = page.url();
    expect(new URL(vendorUrl).pathname).toMatch(/^\/admin\/vendors\/[0-9a-f-]{36}$/);

    // A key, named "Access Key" unless renamed.
    await page.getByRole('button', { name: 'New API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'New API key' });
    expect(await dialog.getByRole('textbox', { name: 'Key name' }).inputValue()).toBe('Access Key');
    await dialog.getByRole('button', { name: 'Create key' }).click();

    // Shown once: with a warning that says so, and a button that copies it.
    const shown = page.getByRole('dialog', { name: 'Copy the new key now' });
    await shown.waitFor();
    await shown.getByText(/This is the only time this key is shown/).waitFor();
    const key = await shown.getByRole('textbox', { name: 'API key' }).inputValue();
    expect(key.length).toBeGreaterThanOrEqual(20);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await shown.getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    expect(describeViolations(await runAxe(page))).toBe('');
    await screenshot(page, 'admin-people-key-shown');
    await shown.getByRole('button', { name: 'I have stored the key' }).click();
    await shown.waitFor({ state: 'detached' });

    // Listed by its name and first characters; the key itself is nowhere on the page, nor in the API's list.
    const keys = page.getByRole('table', { name: 'API keys' });
    await keys.getByText('Access Key', { exact: true }).waitFor();
    await keys.getByText(`${key.slice(0, 9)}…`).waitFor();
    expect(await page.content()).not.toContain(key);
    const superuserToken = ((await (await adminTokenOf(SUPERUSER)).json()) as { accessToken: string }).accessToken;
    const listed = await fetch(`${baseUrl()}/v1/admin/api-keys?q=Access`, { headers: { Authorization: `Bearer ${superuserToken}` } });
    expect(JSON.stringify((await listed.json()) as AdminApiKeyList)).not.toContain(key);

    // The key is a real one: the vendor API takes it.
    const vendorToken = await fetch(`${baseUrl()}/v1/auth/vendor`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key }) });
    expect(vendorToken.status).toBe(200);

    // Once the notification has gone (axe reads a fading one's colours half-way).
    await page.getByText(/was created\./).waitFor({ state: 'hidden' });
    expect(describeViolations(await runAxe(page))).toBe('');
    await screenshot(page, 'admin-people-vendor');
    await page.context().close();
  });

  it('the superuser makes the demo reader a moderator, who then sees no Users in the console and is refused its page', async () => {
    const page = await openPage(browser);
    await signInThroughForm(page, SUPERUSER, { next: '/admin/admin-roles', origin: baseUrl() });
    await page.getByRole('heading', { level: 1, name: 'Admin roles' }).waitFor();
    const grant = page.getByRole('form', { name: 'Grant an admin role' });
    await grant.getByRole('textbox', { name: 'Email address' }).fill(READER);
    expect(await grant.getByRole('combobox', { name: 'Role' }).innerText()).toBe('Moderator');
    await grant.getByRole('button', { name: 'Grant' }).click();
    const holders = page.getByRole('table', { name: 'People with an admin role' });
    const row = holders.getByRole('row').filter({ has: page.getByRole('link', { name: READER }) });
    await row.waitFor();
    expect(await row.getByRole('combobox').innerText()).toBe('Moderator');
    // The audit log has it.
    await page.goto(`${baseUrl()}/admin/audit?resource=admin-role`);
    const audit = page.getByRole('table', { name: 'Audit log' });
    await audit.getByRole('button', { name: 'Show the change: create admin-role' }).first().click();
    await page.getByRole('table', { name: 'Changes' }).getByText(READER).first().waitFor();
    expect(describeViolations(await runAxe(page))).toBe('');
    await screenshot(page, 'admin-people-audit');
    await page.context().close();

    // The new moderator: the console opens, without the superusers' sections.
    const moderator = await openPage(browser);
    await signInThroughForm(moderator, READER, { next: '/admin', origin: baseUrl() });
    await moderator.waitForURL((url) => url.pathname === '/admin/statistics');
    const nav = moderator.getByRole('navigation', { name: 'Admin sections' });
    await nav.getByRole('link', { name: 'Polls' }).waitFor();
    for (const name of ['Users', 'Admin roles', 'Vendors', 'API keys', 'Jobs', 'Audit log']) expect(await nav.getByRole('link', { name }).count(), name).toBe(0);

    // Its address tells them it is for superusers; the API refuses them too.
    await moderator.goto(`${baseUrl()}/admin/users`);
    await moderator.getByRole('heading', { level: 1, name: 'Superusers only' }).waitFor();
    expect(describeViolations(await runAxe(moderator))).toBe('');
    await screenshot(moderator, 'admin-people-moderator-refused');
    await moderator.context().close();
    const token = await adminTokenOf(READER);
    const { accessToken, adminRole } = (await token.json()) as { accessToken: string; adminRole: number };
    expect(adminRole).toBe(1);
    const users = await fetch(`${baseUrl()}/v1/admin/users`, { headers: { Authorization: `Bearer ${accessToken}` } });
    expect(users.status).toBe(403);
  });

  it('reads right to left in Arabic, and fits a 390 px phone without sideways scroll', async () => {
    for (const [language, viewport] of [
      ['en', { width: 390, height: 844 }],
      ['ar', { width: 1280, height: 800 }],
      ['ar', { width: 390, height: 844 }],
    ] as const) {
      const page = await openPage(browser, { viewport });
      await signInThroughForm(page, SUPERUSER, { next: '/admin/users', origin: baseUrl() });
      for (const [address, title] of [
        ['/admin/users', { en: 'Users', ar: 'المستخدمون' }],
        [new URL(vendorUrl).pathname, { en: VENDOR_NAME, ar: VENDOR_NAME }],
        ['/admin/api-keys', { en: 'API keys', ar: 'مفاتيح API' }],
        ['/admin/jobs', { en: 'Background jobs', ar: 'المهام الخلفية' }],
      ] as const) {
        await page.goto(`${baseUrl()}${address}?lng=${language}`);
        await page.getByRole('heading', { level: 1, name: title[language] }).waitFor();
        await page.getByRole('table').first().waitFor();
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
        expect(await fitsTheScreen(page), `${address} ${language} ${viewport.width}`).toBe(true);
        expect(describeViolations(await runAxe(page)), `${address} ${language} ${viewport.width}`).toBe('');
        const name = `admin-people-${address.split('/')[2]}-${language}-${viewport.width}`;
        await viewShot(page, name);
      }
      await page.context().close();
    }
  });
});
