import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, describeViolations, launchBrowser, openPage, runAxe, screenshot, serverDataDir, signInThroughForm } from './helpers';

/** The server's CONTACT_EMAIL default (README, "Settings"). */
const CONTACT_EMAIL = 'contact@newsreel.localhost';
const SUBJECT = `Longer transcripts ${Date.now().toString(36)}`;
/** The server drops a form sent sooner than this after it was shown (CONTACT_MIN_FILL_MS) as a bot's. */
const MIN_FILL_MS = 3000;

/** The mail in the server's outbox (DATA_DIR/outbox/*.eml) whose text holds `subject`, decoded from quoted-printable. */
async function mailInOutbox(dataDir: string, subject: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const files = (await readdir(outbox).catch(() => [] as string[])).filter((file) => file.endsWith('.eml'));
    for (const file of files) {
      const raw = await readFile(path.join(outbox, file), 'utf8');
      const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      if (text.includes(subject)) return text;
    }
    if (Date.now() > deadline) throw new Error(`No mail about "${subject}" in ${outbox}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the contact form', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a reader sends a message from the navigation drawer’s Contact page; it reaches the outbox and the admins’ list', async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl()}/`);
    await page.getByRole('button', { name: /menu/i }).first().click();
    await page.getByRole('link', { name: 'Contact us' }).click();
    await page.waitForURL((url) => url.pathname === '/contact');
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.waitFor();
    const shownAt = Date.now();
    expect(describeViolations(await runAxe(page))).toBe('');

    // Too short a message is caught before anything is sent.
    await form.getByRole('textbox', { name: 'Your name' }).fill('Ada Lovelace');
    await form.getByRole('textbox', { name: 'Your email' }).fill('ada@example.com');
    await form.getByRole('textbox', { name: 'Subject' }).fill(SUBJECT);
    await form.getByRole('textbox', { name: 'Message' }).fill('Too short');
    await form.getByRole('button', { name: 'Send message' }).click();
    await form.getByText('Write at least 10 characters.').waitFor();

    await form.getByRole('textbox', { name: 'Message' }).fill('Could the app show longer transcripts under each video? Thank you for the news.');
    // A person takes a few seconds to write; a form sent sooner is taken for a bot's (and silently dropped).
    await page.waitForTimeout(Math.max(0, MIN_FILL_MS + 500 - (Date.now() - shownAt)));
    await screenshot(page, 'contact-form');
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('heading', { level: 1, name: 'Thank you!' }).waitFor();
    await page.getByText('Your message was sent. We will answer by email at ada@example.com.').waitFor();
    await screenshot(page, 'contact-sent');

    const mail = await mailInOutbox(serverDataDir(), SUBJECT);
    expect(mail).toMatch(new RegExp(`^To: ${CONTACT_EMAIL}$`, 'm'));
    expect(mail).toMatch(/^Reply-To: Ada Lovelace <ada@example.com>$/m);
    expect(mail).toContain('Could the app show longer transcripts under each video?');
    await page.context().close();

    const admin = await openPage(browser);
    await signInThroughForm(admin, 'moderator@example.com', { next: '/admin/contact-messages' });
    await admin.getByRole('heading', { level: 1, name: 'Contact messages' }).waitFor();
    const table = admin.getByRole('table', { name: 'Contact messages' });
    const row = table.getByRole('row').filter({ hasText: SUBJECT });
    await row.waitFor();
    expect(await row.textContent()).toContain('ada@example.com');
    // The demo's messages are there too.
    await table.getByText('Subtitles in Portuguese?').waitFor();
    expect(describeViolations(await runAxe(admin))).toBe('');

    const toggle = table.getByRole('switch', { name: `Handled: ${SUBJECT}` });
    await toggle.click();
    await admin.getByText('Marked as handled.').waitFor();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await screenshot(admin, 'admin-contact-messages');
    await admin.context().close();
  });

  it('reads right to left in Arabic, with its checks in Arabic', async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl()}/contact?lng=ar`);
    await page.waitForSelector('html[dir="rtl"][lang="ar"]');
    const form = page.getByRole('form', { name: 'اتصل بنا' });
    await form.waitFor();
    await form.getByRole('button', { name: 'إرسال الرسالة' }).click();
    await form.getByText('املأ هذا الحقل.').first().waitFor();
    // The send button starts the line: at the right edge of the form in a right-to-left page.
    const [formBox, buttonBox] = await Promise.all([form.boundingBox(), form.getByRole('button', { name: 'إرسال الرسالة' }).boundingBox()]);
    expect(formBox!.x + formBox!.width - (buttonBox!.x + buttonBox!.width)).toBeLessThan(2);
    expect(describeViolations(await runAxe(page))).toBe('');
    await screenshot(page, 'contact-arabic');
    await page.context().close();
  });
});
