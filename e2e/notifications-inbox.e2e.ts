import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, signInThroughForm, startOwnServer } from './helpers';
import { type RunningServer } from './server-process';

const TITLE = `Flood warning for the river towns ${Date.now().toString(36)}`;

/** A server of its own: the notification scheduled here reaches every account's inbox. */
let server: RunningServer;

describe('scheduled notifications', () => {
  let browser: Browser;

  beforeAll(async () => {
    // Delivery runs on the job queue, as in `npm start` (the suite's NODE_ENV=test would turn jobs off).
    [server, browser] = await Promise.all([startOwnServer({ env: { JOBS: 'in-process' } }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the demo superuser schedules one for now, and the signed-in reader sees it in the inbox with the unread count', async () => {
    const admin = await openPage(browser);
    await signInThroughForm(admin, 'admin@example.com', { next: '/admin/notifications', origin: server.baseUrl });
    await admin.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    const table = admin.getByRole('table', { name: 'Notifications' });
    // The demo's three: delivered, queued for later, pending review.
    await table.getByText('Welcome to Newsreel').waitFor();
    await table.getByText('Pending review').waitFor();

    await admin.getByRole('button', { name: 'New notification' }).click();
    const dialog = admin.getByRole('dialog', { name: 'New notification' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill(TITLE);
    await dialog.getByRole('textbox', { name: 'Text' }).fill('Roads along the river may close tonight; check before you travel.');
    await dialog.getByRole('textbox', { name: 'Link' }).fill('/');
    // The send time is now (the form's default): it goes out at once.
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await admin.getByText(new RegExp(`${TITLE}.? is scheduled\\.`)).waitFor();
    const row = table.getByRole('row').filter({ hasText: TITLE });
    await row.waitFor();
    // Delivered by the job queue within seconds (the list shows it once read again).
    await expect
      .poll(
        async () => {
          await admin.reload();
          await row.waitFor();
          return (await row.textContent()) ?? '';
        },
        { timeout: 90_000, interval: 3_000 },
      )
      .toContain('Delivered');
    await admin.context().close();

    const reader = await openPage(browser);
    await signInThroughForm(reader, 'reader@example.com', { next: '/', origin: server.baseUrl });
    // The demo's welcome and the new one, both unread.
    const bell = reader.getByRole('button', { name: 'Notifications, 2 unread' });
    await bell.waitFor({ timeout: 30_000 });
    expect(await bell.textContent()).toBe('2');
    await bell.click();
    const menu = reader.getByRole('menu', { name: 'Notifications' });
    const item = menu.getByRole('menuitem').filter({ hasText: TITLE });
    await item.waitFor();
    expect(await menu.getByRole('menuitem').first().textContent()).toContain(TITLE);
    await item.click();
    await reader.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    await reader.context().close();
  }, 240_000);
});
