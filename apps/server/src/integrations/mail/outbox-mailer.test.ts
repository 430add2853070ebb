import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer } from './create-mailer';
import { MailUnavailableError } from './mailer';
import { linksIn } from './outbox-mailer';

describe('outbox mailer (no SMTP_URL)', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsreel-outbox-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes the whole message to DATA_DIR/outbox and logs where it is and its links', async () => {
    const logged: { details: object; message: string }[] = [];
    const mailer = createMailer(
      { smtpUrl: undefined, mailFrom: 'Newsreel <no-reply@newsreel.localhost>', dataDir },
      { info: (details, message) => logged.push({ details, message }) },
    );
    const link = 'http://localhost:3000/account/verify?token=abc123';
    await mailer.send({
      to: 'ana@example.com',
      subject: 'Confirm your email for Newsreel',
      text: `Hi Ana,\n\nConfirm your address (${link}).\n\nThe Newsreel team`,
      html: `<p><a href="${link}">Confirm</a></p>`,
    });

    const files = await readdir(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const [fileName = ''] = files;
    expect(fileName).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f]{8}\.eml$/);
    const file = path.join(dataDir, 'outbox', fileName);
    const eml = await readFile(file, 'utf8');
    expect(eml).toMatch(/^To: ana@example\.com$/m);
    expect(eml).toMatch(/^Subject: Confirm your email for Newsreel$/m);
    expect(eml).toMatch(/^From: Newsreel <no-reply@newsreel\.localhost>$/m);
    expect(eml).toContain(link);
    expect(eml).not.toContain('\r\n');
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    expect(logged).toEqual([
      {
        details: { to: 'ana@example.com', subject: 'Confirm your email for Newsreel', file, links: [link] },
        message: 'mail written to the outbox (no SMTP_URL set)',
      },
    ]);
  });

  it('keeps every mail in a file of its own', async () => {
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: 'no-reply@newsreel.localhost', dataDir }, { info: () => {} });
    await Promise.all(
      ['a', 'b', 'c'].map((who) => mailer.send({ to: `${who}@example.com`, subject: who, text: who })),
    );
    expect(await readdir(path.join(dataDir, 'outbox'))).toHaveLength(3);
  });

  it('rejects with MailUnavailableError when the outbox cannot be written', async () => {
    // A file where the outbox folder should be.
    await writeFile(path.join(dataDir, 'outbox'), 'not a folder');
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: 'no-reply@newsreel.localhost', dataDir }, { info: () => {} });
    await expect(mailer.send({ to: 'ana@example.com', subject: 'Hi', text: 'Hi' })).rejects.toBeInstanceOf(
      MailUnavailableError,
    );
  });
});

describe('linksIn', () => {
  it('finds http and https links and leaves the punctuation of the sentence around them', () => {
    expect(
      linksIn('Open https://a.example/x?y=1&z=2. Or (http://b.example/reset#t), then mailto:x@y.example, ftp://c.example'),
    ).toEqual(['https://a.example/x?y=1&z=2', 'http://b.example/reset#t']);
  });
});
