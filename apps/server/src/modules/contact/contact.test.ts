import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AdminRole, adminApiPaths, apiPaths, type AdminContactMessage, type AdminContactMessageList, type AuditList } from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, makeAccount, signIn } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { Database } from '../../db/schema';

type Headers = { authorization: string } | undefined;
const CONTACT_EMAIL = 'desk@news.example';

describe('contact messages', () => {
  let t: TestApp;
  let db: Kysely<Database>;
  let dataDir: string;
  let moderator: Headers;
  let reader: { id: string; auth: Headers };
  let address = 0;
  /** Each test writes from its own address, so the rate limit counts only what the test sends. */
  const nextAddress = () => `192.0.2.${++address}`;

  const valid = (extra: object = {}) => ({
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    subject: 'A question about the app',
    message: 'Hello, could the app show longer transcripts? Thank you.',
    website: '',
    startedAt: Date.now() - 10_000,
    ...extra,
  });
  const send = (payload: object, remoteAddress = nextAddress(), headers?: Headers) =>
    t.app.inject({ method: 'POST', url: apiPaths.contact, payload, remoteAddress, headers });
  const stored = () => db.selectFrom('contact_messages').selectAll().orderBy('created_at').execute();
  const outbox = async () => {
    const files = await readdir(path.join(dataDir, 'outbox')).catch(() => [] as string[]);
    return Promise.all(files.sort().map((file) => readFile(path.join(dataDir, 'outbox', file), 'utf8')));
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsreel-contact-'));
    t = await createTestApp({ DATA_DIR: dataDir, CONTACT_EMAIL, PUBLIC_URL: 'https://news.example' });
    db = t.database.handle.db;
    await makeAccount(db, 'contact-moderator@example.com', { adminRole: AdminRole.MODERATOR });
    const readerId = await makeAccount(db, 'contact-reader@example.com');
    moderator = await adminAuth(t.app, await signIn(t.app, 'contact-moderator@example.com'));
    reader = { id: readerId, auth: (await signIn(t.app, 'contact-reader@example.com')).auth };
  });
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('stores a message and mails it to CONTACT_EMAIL with Reply-To the sender', async () => {
    const before = (await outbox()).length;
    const res = await send(valid({ name: '  Ada   Lovelace ', message: '  Hello, could the app show longer transcripts? Thank you.  ' }), '192.0.2.200');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ message: expect.stringMatching(/sent/) });

    const rows = await stored();
    const row = rows.at(-1)!;
    expect(row).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'A question about the app',
      message: 'Hello, could the app show longer transcripts? Thank you.',
      user_id: null,
      ip: '192.0.2.200',
      handled_at: null,
    });
    expect(row.mailed_at).not.toBeNull();

    const mails = await outbox();
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail).toMatch(new RegExp(`^To: ${CONTACT_EMAIL}$`, 'm'));
    expect(mail).toMatch(/^Reply-To: Ada Lovelace <ada@example.com>$/m);
    expect(mail).toMatch(/^Subject: \[Newsreel contact\] A question about the app$/m);
    expect(mail).toContain('Hello, could the app show longer transcripts?');
    expect(mail).toContain('https://news.example/admin/contact-messages');
  });

  it('records the account of a signed-in reader', async () => {
    const res = await send(valid({ subject: 'From a signed-in reader' }), nextAddress(), reader.auth);
    expect(res.statusCode, res.body).toBe(202);
    const row = (await stored()).find((message) => message.subject === 'From a signed-in reader');
    expect(row?.user_id).toBe(reader.id);
  });

  it.each([
    ['a missing name', { name: undefined }, /body\.name is required/],
    ['a blank name', { name: '   ' }, /body\.name must not be blank/],
    ['a name too long', { name: 'x'.repeat(101) }, /body\.name must NOT have more than 100 characters/],
    ['a subject too short', { subject: 'Hi' }, /body\.subject must NOT have fewer than 3 characters/],
    ['a subject short once trimmed', { subject: ' Hi   ' }, /body\.subject must be at least 3 characters/],
    ['a message too short', { message: 'Too short' }, /body\.message must NOT have fewer than 10 characters/],
    ['a message too long', { message: 'x'.repeat(5001) }, /body\.message must NOT have more than 5000 characters/],
    ['an email that is no address', { email: 'ada at example' }, /body\.email must match pattern/],
    ['no startedAt', { startedAt: undefined }, /body\.startedAt is required/],
    ['an unknown field', { phone: '123' }, /body\.phone is not a known field/],
  ])('refuses %s with a 400 naming the field, storing and mailing nothing', async (_case, change, message) => {
    const [rowsBefore, mailsBefore] = [(await stored()).length, (await outbox()).length];
    const res = await send(valid(change));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await stored()).toHaveLength(rowsBefore);
    expect(await outbox()).toHaveLength(mailsBefore);
  });

  it.each([
    // When the form was shown, from the moment it is sent.
    ['the honeypot filled in', () => ({ website: 'https://spam.example' })],
    ['a form sent in under 3 seconds', () => ({ startedAt: Date.now() - 2_500 })],
    ['a form shown in the future', () => ({ startedAt: Date.now() + 60_000 })],
  ])('answers spam (%s) like a real message but neither stores nor mails it', async (_case, change) => {
    const [rowsBefore, mailsBefore] = [(await stored()).length, (await outbox()).length];
    const real = await send(valid());
    const spam = await send(valid(change()));
    expect(spam.statusCode).toBe(real.statusCode);
    expect(spam.json()).toEqual(real.json());
    expect(await stored()).toHaveLength(rowsBefore + 1);
    expect(await outbox()).toHaveLength(mailsBefore + 1);
  });

  it('allows 5 messages an hour from one address, then answers 429 with Retry-After and stores nothing more', async () => {
    const from = nextAddress();
    for (let i = 0; i < 5; i++) expect((await send(valid({ subject: `Rate ${i}` }), from)).statusCode).toBe(202);
    const rowsBefore = (await stored()).length;
    const refused = await send(valid({ subject: 'Rate 6' }), from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', message: expect.stringMatching(/^Too many messages from this network\. Try again in \d+ minutes\.$/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(await stored()).toHaveLength(rowsBefore);
    // Another address still gets through.
    expect((await send(valid({ subject: 'Rate other' }))).statusCode).toBe(202);
  });

  it('keeps the message when the mail cannot be sent, and still answers 202', async () => {
    const outboxDir = path.join(dataDir, 'outbox');
    const kept = await outbox();
    await rm(outboxDir, { recursive: true, force: true });
    await writeFile(outboxDir, 'not a folder');
    try {
      const res = await send(valid({ subject: 'While mail is down' }));
      expect(res.statusCode, res.body).toBe(202);
    } finally {
      await rm(outboxDir, { force: true });
    }
    const row = (await stored()).find((message) => message.subject === 'While mail is down');
    expect(row).toBeDefined();
    expect(row?.mailed_at).toBeNull();
    expect(kept.length).toBeGreaterThan(0);

    const list = (await t.app.inject({ method: 'GET', url: adminApiPaths.contactMessages, headers: moderator })).json() as AdminContactMessageList;
    expect(list.items.find((message) => message.id === row!.id)?.mailedAt).toBeNull();
  });

  it('lists messages for admins newest first, filters handled ones, and marks one handled with an audit entry', async () => {
    await send(valid({ subject: 'Newest of all' }));
    const all = await t.app.inject({ method: 'GET', url: `${adminApiPaths.contactMessages}?limit=100`, headers: moderator });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['cache-control']).toBe('private, no-store');
    const list = all.json() as AdminContactMessageList;
    expect(list.total).toBe((await stored()).length);
    expect(list.items[0]?.subject).toBe('Newest of all');
    const times = list.items.map((message) => message.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    const target = list.items[0]!;
    const handled = await t.app.inject({ method: 'PUT', url: adminApiPaths.contactMessage(target.id), headers: moderator, payload: { handled: true } });
    expect(handled.statusCode, handled.body).toBe(200);
    const after = handled.json() as AdminContactMessage;
    expect(after.handledAt).not.toBeNull();

    // Marking it as it already is changes nothing (the same time, no second audit entry).
    const again = (await t.app.inject({ method: 'PUT', url: adminApiPaths.contactMessage(target.id), headers: moderator, payload: { handled: true } })).json() as AdminContactMessage;
    expect(again.handledAt).toBe(after.handledAt);

    const onlyHandled = (await t.app.inject({ method: 'GET', url: `${adminApiPaths.contactMessages}?handled=true`, headers: moderator })).json() as AdminContactMessageList;
    expect(onlyHandled.items.map((message) => message.id)).toEqual([target.id]);
    const waiting = (await t.app.inject({ method: 'GET', url: `${adminApiPaths.contactMessages}?handled=false&limit=100`, headers: moderator })).json() as AdminContactMessageList;
    expect(waiting.total).toBe(list.total - 1);
    expect(waiting.items.some((message) => message.id === target.id)).toBe(false);

    const undone = (await t.app.inject({ method: 'PUT', url: adminApiPaths.contactMessage(target.id), headers: moderator, payload: { handled: false } })).json() as AdminContactMessage;
    expect(undone.handledAt).toBeNull();

    const superuserId = await makeAccount(db, 'contact-super@example.com', { adminRole: AdminRole.SUPERUSER });
    expect(superuserId).toBeTruthy();
    const superuser = await adminAuth(t.app, await signIn(t.app, 'contact-super@example.com'));
    const audit = (await t.app.inject({ method: 'GET', url: `${adminApiPaths.audit}?resource=contact-message&resourceId=${target.id}`, headers: superuser })).json() as AuditList;
    expect(audit.items).toHaveLength(2);
    expect(audit.items.map((entry) => (entry.after as AdminContactMessage).handledAt === null)).toEqual([true, false]);
    expect(audit.items[0]?.actor.email).toBe('contact-moderator@example.com');
  });

  it('answers 404 for a message that does not exist and 400 for a bad body, changing nothing', async () => {
    const missing = await t.app.inject({ method: 'PUT', url: adminApiPaths.contactMessage('00000000-0000-4000-8000-000000000000'), headers: moderator, payload: { handled: true } });
    expect(missing.statusCode).toBe(404);
    const [first] = await stored();
    const bad = await t.app.inject({ method: 'PUT', url: adminApiPaths.contactMessage(first!.id), headers: moderator, payload: { handled: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/body\.handled must be boolean/);
    expect((await stored())[0]?.handled_at).toBeNull();
  });

  it('refuses the admin routes to a reader without an admin role (403) and to no one signed in (401)', async () => {
    expect((await t.app.inject({ method: 'GET', url: adminApiPaths.contactMessages, headers: reader.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: adminApiPaths.contactMessages })).statusCode).toBe(401);
    const [first] = await stored();
    const res = await t.app.inject({ method: 'PUT', url: adminApiPaths.contactMessage(first!.id), headers: reader.auth, payload: { handled: true } });
    expect(res.statusCode).toBe(403);
    expect((await stored())[0]?.handled_at).toBeNull();
  });
});
