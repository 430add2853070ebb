import { AccountStatus, AdminRole, REFRESH_COOKIE_NAME, type AccountUser, type Session } from '@newsreel/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, refreshCookieOf, signIn, TEST_PASSWORD, adminAuth } from '../../../test/accounts';
import { seedContentFixture, type ContentFixture } from '../../../test/content-fixture';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { keyIn, startMailServer } from '../../../test/mail-server';

type MailServer = Awaited<ReturnType<typeof startMailServer>>;

describe('accounts', () => {
  let t: TestApp;
  let mail: MailServer;
  let f: ContentFixture;

  beforeAll(async () => {
    mail = await startMailServer();
    t = await createTestApp({ SMTP_URL: mail.smtpUrl, PUBLIC_URL: 'https://news.example', RATE_LIMITS: 'off' });
    f = await seedContentFixture(t.database.handle.db);
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload, headers });
  const withCookie = (token: string) => ({ cookie: `${REFRESH_COOKIE_NAME}=${token}` });
  const userRow = (email: string) =>
    t.database.handle.db.selectFrom('users').selectAll().where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();

  describe('register, confirm and sign in', () => {
    it('mails a confirmation link; the account signs in only once it is opened', async () => {
      const before = mail.received.length;
      const res = await inject('POST', '/v1/users/register', { email: 'Nora@Example.com', password: TEST_PASSWORD, name: 'Nora' });
      expect(res.statusCode, res.body).toBe(201);
      expect((await userRow('nora@example.com'))?.status).toBe(AccountStatus.INACTIVE);

      const letter = await mail.next('Nora@Example.com', before);
      expect(letter.body).toContain('https://news.example/account/verify?key=');

      // Before confirming: refused, and a new link is mailed (the first one stops working).
      const early = await inject('POST', '/v1/users/login', { email: 'nora@example.com', password: TEST_PASSWORD });
      expect(early.statusCode).toBe(403);
      expect(early.json()).toMatchObject({ message: expect.stringMatching(/confirm/i), code: 'EMAIL_NOT_CONFIRMED' });
      const second = await mail.next('Nora@Example.com', before + 1);
      expect((await inject('POST', '/v1/users/verify', { key: keyIn(letter) })).statusCode).toBe(400);

      const verified = await inject('POST', '/v1/users/verify', { key: keyIn(second) });
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json().message).toMatch(/Nora@Example.com is confirmed/);
      // Single use.
      expect((await inject('POST', '/v1/users/verify', { key: keyIn(second) })).statusCode).toBe(400);

      const login = await inject('POST', '/v1/users/login', { email: 'NORA@example.com', password: TEST_PASSWORD });
      expect(login.statusCode, login.body).toBe(200);
      const session = login.json() as Session;
      expect(session.user).toMatchObject({ email: 'Nora@Example.com', name: 'Nora', status: AccountStatus.ACTIVE, adminRole: null, publishers: [] });
      expect(session.expiresIn).toBe(900);
      const cookie = login.cookies.find((c) => c.name === REFRESH_COOKIE_NAME)!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/v1/users' });
      expect(cookie.secure).toBeFalsy();
      // The refresh token is stored only as its hash.
      const stored = await t.database.handle.db.selectFrom('refresh_tokens').select('token_hash').execute();
      expect(stored.some((row) => row.token_hash.toString('utf8').includes(cookie.value))).toBe(false);
    });

    it('writes the mail in the reader’s first language the app speaks', async () => {
      const before = mail.received.length;
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/users/register',
        headers: { 'accept-language': 'xx-YY, de-AT;q=0.9, en;q=0.5' },
        payload: { email: 'greta@example.com', password: TEST_PASSWORD, name: 'Greta' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const letter = await mail.next('greta@example.com', before);
      expect(letter.body).toMatch(/lang="de"/);
    });

    it('refuses a taken address, a short password and a common one, changing nothing', async () => {
      await makeAccount(t.database.handle.db, 'taken@example.com');
      const taken = await inject('POST', '/v1/users/register', { email: 'TAKEN@example.com', password: TEST_PASSWORD, name: 'T' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ message: expect.stringMatching(/already exists/), code: 'EMAIL_TAKEN' });
      const short = await inject('POST', '/v1/users/register', { email: 'short@example.com', password: 'abc', name: 'S' });
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toMatch(/password/);
      const common = await inject('POST', '/v1/users/register', { email: 'common@example.com', password: 'qwertyuiop', name: 'C' });
      expect(common.statusCode).toBe(400);
      expect(common.json()).toMatchObject({ message: expect.stringMatching(/commonly used/), code: 'PASSWORD_TOO_COMMON' });
      const badEmail = await inject('POST', '/v1/users/register', { email: 'not-an-email', password: TEST_PASSWORD, name: 'B' });
      expect(badEmail.statusCode).toBe(400);
      expect(badEmail.json().message).toMatch(/email/);
      expect(await userRow('short@example.com')).toBeUndefined();
      expect(await userRow('common@example.com')).toBeUndefined();
    });

    it('answers a wrong password and an unknown address alike', async () => {
      await makeAccount(t.database.handle.db, 'alike@example.com');
      const wrong = await inject('POST', '/v1/users/login', { email: 'alike@example.com', password: 'not-the-password' });
      const unknown = await inject('POST', '/v1/users/login', { email: 'nobody@example.com', password: 'not-the-password' });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json().code).toBe('WRONG_CREDENTIALS');
    });
  });

  describe('refresh tokens', () => {
    it('rotate; a spent one shown again ends the whole family', async () => {
      await makeAccount(t.database.handle.db, 'rotate@example.com');
      const first = await signIn(t.app, 'rotate@example.com');
      const refreshed = await inject('POST', '/v1/users/refresh', undefined, withCookie(first.refreshToken));
      expect(refreshed.statusCode, refreshed.body).toBe(200);
      const second = refreshCookieOf(refreshed)!;
      expect(second).not.toBe(first.refreshToken);
      expect((refreshed.json() as Session).user.email).toBe('rotate@example.com');

      // The spent token again: refused, and the live one of its family stops working too.
      const reuse = await inject('POST', '/v1/users/refresh', undefined, withCookie(first.refreshToken));
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json().message).toMatch(/used twice/);
      expect((await inject('POST', '/v1/users/refresh', undefined, withCookie(second))).statusCode).toBe(401);
    });

    it('end at logout, and need an Origin of ours', async () => {
      await makeAccount(t.database.handle.db, 'logout@example.com');
      const session = await signIn(t.app, 'logout@example.com');
      const foreign = await inject('POST', '/v1/users/refresh', undefined, { ...withCookie(session.refreshToken), origin: 'https://evil.example' });
      expect(foreign.statusCode).toBe(403);
      const ours = await inject('POST', '/v1/users/refresh', undefined, { ...withCookie(session.refreshToken), origin: 'https://news.example' });
      expect(ours.statusCode).toBe(200);
      const current = refreshCookieOf(ours)!;
      const logout = await inject('POST', '/v1/users/logout', undefined, withCookie(current));
      expect(logout.statusCode).toBe(204);
      expect(logout.cookies.find((c) => c.name === REFRESH_COOKIE_NAME)?.value).toBe('');
      expect((await inject('POST', '/v1/users/refresh', undefined, withCookie(current))).statusCode).toBe(401);
      expect((await inject('POST', '/v1/users/refresh')).statusCode).toBe(401);
    });
  });

  describe('access tokens', () => {
    it('stop working at once when the account is suspended', async () => {
      const id = await makeAccount(t.database.handle.db, 'suspend@example.com');
      const session = await signIn(t.app, 'suspend@example.com');
      expect((await inject('GET', '/v1/users/publishers', undefined, session.auth)).statusCode).toBe(200);
      await t.database.handle.db.updateTable('users').set({ status: AccountStatus.SUSPENDED }).where('id', '=', id).execute();
      const refused = await inject('GET', '/v1/users/publishers', undefined, session.auth);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ message: expect.stringMatching(/suspended/), code: 'ACCOUNT_SUSPENDED' });
      expect((await inject('POST', '/v1/users/refresh', undefined, withCookie(session.refreshToken))).statusCode).toBe(401);
      const login = await inject('POST', '/v1/users/login', { email: 'suspend@example.com', password: TEST_PASSWORD });
      expect(login.statusCode).toBe(403);
      expect(login.json().message).toMatch(/suspended/);
    });

    it('refuses tampered, expired, unsigned and re-signed tokens', async () => {
      await makeAccount(t.database.handle.db, 'tokens@example.com');
      const { accessToken } = await signIn(t.app, 'tokens@example.com');
      const [header, payload, signature] = accessToken.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
      const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const forged = {
        tampered: `${header}.${encode({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })}.${signature}`,
        expired: `${header}.${encode({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })}.${signature}`,
        algNone: `${encode({ alg: 'none', typ: 'JWT' })}.${payload}.`,
        algSwap: `${encode({ alg: 'HS512', typ: 'JWT' })}.${payload}.${signature}`,
        garbage: 'not.a.token',
      };
      for (const [name, token] of Object.entries(forged)) {
        const res = await inject('GET', '/v1/users/publishers', undefined, { authorization: `Bearer ${token}` });
        expect(res.statusCode, name).toBe(401);
      }
      expect((await inject('GET', '/v1/users/publishers', undefined, { authorization: `Bearer ${accessToken}` })).statusCode).toBe(200);
      // Public reads ignore a bad token rather than break.
      expect((await inject('GET', '/v1/categories', undefined, { authorization: `Bearer ${forged.algNone}` })).statusCode).toBe(200);
    });
  });

  describe('brute force', () => {
    it('slows an account down after repeated failures, and a success clears it', async () => {
      await makeAccount(t.database.handle.db, 'brute@example.com');
      const attempt = (password: string) => inject('POST', '/v1/users/login', { email: 'brute@example.com', password });
      for (let i = 0; i < 5; i++) expect((await attempt(`wrong-password-${i}`)).statusCode).toBe(401);
      // After the fifth failure the next attempt must wait, even with the right password.
      const throttled = await attempt(TEST_PASSWORD);
      expect(throttled.statusCode).toBe(429);
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
      expect(throttled.json()).toMatchObject({ message: expect.stringMatching(/Try again in \d+ seconds/), code: 'TOO_MANY_ATTEMPTS' });
      // Once the wait has passed, the owner gets in (moved back in time rather than slept).
      await t.database.handle.db
        .updateTable('users')
        .set({ last_failed_login_at: new Date(Date.now() - 61_000) })
        .where(sql`lower(email)`, '=', 'brute@example.com')
        .execute();
      expect((await attempt(TEST_PASSWORD)).statusCode).toBe(200);
      expect((await userRow('brute@example.com'))?.failed_logins).toBe(0);
    });
  });

  describe('password reset', () => {
    it('answers the same for any address, and its key works once, within the hour', async () => {
      await makeAccount(t.database.handle.db, 'reset@example.com');
      const before = mail.received.length;
      const known = await inject('POST', '/v1/users/resetpassword', { email: 'reset@example.com' });
      const unknown = await inject('POST', '/v1/users/resetpassword', { email: 'ghost@example.com' });
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(known.json().message.replace('reset@', 'x@')).toBe(unknown.json().message.replace('ghost@', 'x@'));
      const letter = await mail.next('reset@example.com', before);
      expect(mail.received.slice(before).some((m) => m.to.includes('ghost@example.com'))).toBe(false);
      const key = keyIn(letter);
      const session = await signIn(t.app, 'reset@example.com');

      // A refused password leaves the key usable.
      const weak = await inject('PUT', '/v1/users/resetpassword', { key, password: '1234567890' });
      expect(weak.statusCode).toBe(400);
      const done = await inject('PUT', '/v1/users/resetpassword', { key, password: 'a-brand-new-passphrase' });
      expect(done.statusCode, done.body).toBe(200);
      expect((await inject('PUT', '/v1/users/resetpassword', { key, password: 'another-new-passphrase' })).statusCode).toBe(400);
      // Every session ended; the new password works, the old one does not.
      expect((await inject('POST', '/v1/users/refresh', undefined, withCookie(session.refreshToken))).statusCode).toBe(401);
      expect((await inject('POST', '/v1/users/login', { email: 'reset@example.com', password: TEST_PASSWORD })).statusCode).toBe(401);
      await signIn(t.app, 'reset@example.com', 'a-brand-new-passphrase');
    });

    it('refuses an expired key', async () => {
      await makeAccount(t.database.handle.db, 'expired@example.com');
      const before = mail.received.length;
      await inject('POST', '/v1/users/resetpassword', { email: 'expired@example.com' });
      const key = keyIn(await mail.next('expired@example.com', before));
      await t.database.handle.db.updateTable('user_keys').set({ expires_at: new Date(Date.now() - 1000) }).where('purpose', '=', 'reset').execute();
      const res = await inject('PUT', '/v1/users/resetpassword', { key, password: 'a-brand-new-passphrase' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/expired/);
    });
  });

  describe('one reader across devices', () => {
    it('merges what the visitor did into the user, once, the user’s own choices winning', async () => {
      await makeAccount(t.database.handle.db, 'merge@example.com');
      const visitorId = 'visitor-merge-0001';
      const toggle = (kind: string, articleId: string, who: object) => inject('POST', `/v1/articles/${kind}`, { articleId, action: 'add', ...who });
      const user = await signIn(t.app, 'merge@example.com');
      // The user already liked berlin; as a visitor (another browser) they disliked it and liked and saved others.
      expect((await t.app.inject({ method: 'POST', url: '/v1/articles/like', payload: { articleId: f.articles.berlin, action: 'add' }, headers: user.auth })).statusCode).toBe(200);
      for (const [kind, key] of [['dislike', 'berlin'], ['like', 'hamburg'], ['save', 'hamburg'], ['save', 'lisbon']] as const) {
        expect((await toggle(kind, f.articles[key], { visitorId })).statusCode).toBe(200);
      }
      await inject('PUT', '/v1/users/config', { key: 'localRadius', value: 200_000, visitorId });
      await inject('POST', '/v1/scores/user', { visitorId, userCategoryScores: [{ categoryId: f.categories.sport, score: 40 }] });

      const merged = await signIn(t.app, 'merge@example.com', TEST_PASSWORD, visitorId);
      expect(merged.session.user.settings.localRadius).toBe(200_000);
      // Signing in again with the same visitor changes nothing.
      await signIn(t.app, 'merge@example.com', TEST_PASSWORD, visitorId);

      const saved = await inject('GET', '/v1/articles/saved', undefined, merged.auth);
      expect((saved.json() as { items: { id: string }[] }).items.map((item) => item.id).sort()).toEqual([f.articles.hamburg, f.articles.lisbon].sort());
      const counts = await inject('GET', `/v1/articles/interactions?ids=${f.articles.berlin},${f.articles.hamburg}`, undefined, merged.auth);
      const [berlin, hamburg] = (counts.json() as { items: { liked: boolean; disliked: boolean; likes: number; saves: number }[] }).items;
      expect(berlin).toMatchObject({ liked: true, disliked: false, likes: 1 });
      expect(hamburg).toMatchObject({ liked: true, likes: 1, saves: 1 });
      const scores = await inject('GET', '/v1/scores/user', undefined, merged.auth);
      expect(scores.json().userCategoryScores).toEqual([{ categoryId: f.categories.sport, score: 40 }]);
      // The visitor has nothing left; its id is now the user's.
      expect((await inject('GET', `/v1/articles/saved?visitorId=${visitorId}`)).json().items).toEqual([]);
      // A token decides over a visitorId sent beside it.
      const both = await inject('GET', `/v1/articles/saved?visitorId=visitor-someone-else`, undefined, merged.auth);
      expect(both.json().items).toHaveLength(2);
    });
  });

  describe('settings', () => {
    it('validates each key’s value, and leaves subscription exemption to admins', async () => {
      await makeAccount(t.database.handle.db, 'settings@example.com');
      const { auth } = await signIn(t.app, 'settings@example.com');
      const put = (key: string, value: unknown) => inject('PUT', '/v1/users/config', { key, value }, auth);
      const cases: [string, unknown, number, RegExp?][] = [
        ['localRadius', 123, 400, /localRadius/],
        ['localRadius', 1_000_000, 200],
        ['bulletin', 'yes', 400, /value/],
        ['bulletin', true, 200],
        ['autoScoreAdjust', false, 200],
        ['blockedPublishers', ['00000000-0000-4000-8000-000000000000'], 400, /no publisher/],
        ['blockedPublishers', [f.publishers.spree], 200],
        ['blockedCategories', [f.categories.sport], 200],
        ['subscriptionExempt', true, 403, /admin/],
        ['colour', 'red', 400, /key/],
      ];
      for (const [key, value, status, message] of cases) {
        const res = await put(key, value);
        expect(res.statusCode, `${key}=${JSON.stringify(value)}: ${res.body}`).toBe(status);
        if (message) expect(res.json().message).toMatch(message);
      }
      const settings = (await inject('GET', '/v1/users/config', undefined, auth)).json();
      expect(settings).toEqual({
        bulletin: true,
        blockedPublishers: [f.publishers.spree],
        autoScoreAdjust: false,
        localRadius: 1_000_000,
        blockedCategories: [f.categories.sport],
        subscriptionExempt: false,
      });
      // The personal feed leaves the blocked publisher and category out.
      const feed = (await inject('GET', '/v1/articles/user', undefined, auth)).json() as { items: { publisher: { id: string }; categories: { id: string }[] }[] };
      expect(feed.items.length).toBeGreaterThan(0);
      expect(feed.items.every((item) => item.publisher.id !== f.publishers.spree && item.categories.every((c) => c.id !== f.categories.sport))).toBe(true);
    });

    it('lets a superuser, and nobody else, exempt a user from subscriptions', async () => {
      const db = t.database.handle.db;
      const readerId = await makeAccount(db, 'exempt@example.com');
      await makeAccount(db, 'super@example.com', { adminRole: AdminRole.SUPERUSER });
      await makeAccount(db, 'mod@example.com', { adminRole: AdminRole.MODERATOR });
      const url = `/v1/admin/users/${readerId}/config`;
      const body = { key: 'subscriptionExempt', value: true };
      const superuser = await signIn(t.app, 'super@example.com');
      expect((await inject('PUT', url, body, superuser.auth)).statusCode).toBe(403);
      const moderator = await adminAuth(t.app, await signIn(t.app, 'mod@example.com'));
      expect((await inject('PUT', url, body, moderator)).statusCode).toBe(403);
      const granted = await inject('PUT', url, body, await adminAuth(t.app, superuser));
      expect(granted.statusCode, granted.body).toBe(200);
      expect(granted.json().subscriptionExempt).toBe(true);
      expect((await signIn(t.app, 'exempt@example.com')).session.user.settings.subscriptionExempt).toBe(true);
    });
  });

  describe('changing and deleting the account', () => {
    it('changes the name at once, the email once confirmed, the password with the current one', async () => {
      await makeAccount(t.database.handle.db, 'change@example.com');
      const { auth, refreshToken } = await signIn(t.app, 'change@example.com');
      const other = await signIn(t.app, 'change@example.com');
      const update = (body: object) => inject('PUT', '/v1/users/update', body, { ...auth, ...withCookie(refreshToken) });

      expect((await update({ name: 'Changed Name' })).json().name).toBe('Changed Name');
      expect((await update({ email: 'new@example.com' })).statusCode).toBe(400);
      expect((await update({ email: 'new@example.com', currentPassword: 'wrong-password' })).statusCode).toBe(403);
      const before = mail.received.length;
      const pending = await update({ email: 'new@example.com', currentPassword: TEST_PASSWORD });
      expect(pending.statusCode, pending.body).toBe(200);
      expect(pending.json()).toMatchObject({ email: 'change@example.com', pendingEmail: 'new@example.com' });
      const key = keyIn(await mail.next('new@example.com', before));
      expect((await inject('POST', '/v1/users/verify', { key })).statusCode).toBe(200);
      const account = (await inject('GET', '/v1/users/publishers', undefined, auth)).statusCode;
      expect(account).toBe(200);
      expect(await userRow('new@example.com')).toMatchObject({ pending_email: null });

      const changed = await update({ password: 'my-new-long-passphrase', currentPassword: TEST_PASSWORD });
      expect(changed.statusCode, changed.body).toBe(200);
      // This session stays; the other one ends.
      expect((await inject('POST', '/v1/users/refresh', undefined, withCookie(refreshToken))).statusCode).toBe(200);
      expect((await inject('POST', '/v1/users/refresh', undefined, withCookie(other.refreshToken))).statusCode).toBe(401);
      await signIn(t.app, 'new@example.com', 'my-new-long-passphrase');
    });

    it('deletes the account and its personal data, keeping anonymous totals', async () => {
      const db = t.database.handle.db;
      const userId = await makeAccount(db, 'leaving@example.com');
      const { auth, refreshToken } = await signIn(t.app, 'leaving@example.com');
      await t.app.inject({ method: 'POST', url: '/v1/articles/save', payload: { articleId: f.articles.potsdam, action: 'add' }, headers: auth });
      await inject('PUT', '/v1/users/config', { key: 'bulletin', value: true }, auth);
      const savesBefore = (await inject('GET', `/v1/articles/interactions?ids=${f.articles.potsdam}`)).json().items[0].saves;

      expect((await inject('DELETE', '/v1/users/destroy', { password: 'wrong-password' }, auth)).statusCode).toBe(403);
      const gone = await inject('DELETE', '/v1/users/destroy', { password: TEST_PASSWORD }, auth);
      expect(gone.statusCode).toBe(204);

      expect(await userRow('leaving@example.com')).toBeUndefined();
      expect((await inject('GET', '/v1/users/config', undefined, auth)).statusCode).toBe(401);
      expect((await inject('POST', '/v1/users/refresh', undefined, withCookie(refreshToken))).statusCode).toBe(401);
      expect((await inject('POST', '/v1/users/login', { email: 'leaving@example.com', password: TEST_PASSWORD })).statusCode).toBe(401);
      expect(await db.selectFrom('reader_settings').selectAll().where('actor_id', '=', userId).execute()).toEqual([]);
      expect(await db.selectFrom('article_interactions').selectAll().where('actor_id', '=', userId).execute()).toEqual([]);
      expect((await inject('GET', `/v1/articles/interactions?ids=${f.articles.potsdam}`)).json().items[0].saves).toBe(savesBefore);
    });
  });

  describe('publishers and admin tokens', () => {
    it('lists the user’s publishers and lets them choose only one of theirs', async () => {
      const db = t.database.handle.db;
      await makeAccount(db, 'member@example.com', { publisher: { id: f.publishers.atlantic, role: 1 } });
      const { auth, session } = await signIn(t.app, 'member@example.com');
      expect(session.user.activePublisherId).toBe(f.publishers.atlantic);
      const list = await inject('GET', '/v1/users/publishers', undefined, auth);
      expect(list.json().items).toEqual([{ id: f.publishers.atlantic, name: expect.any(String), role: 1 }]);
      expect((await inject('PUT', '/v1/users/publisher', { publisherId: f.publishers.spree }, auth)).statusCode).toBe(403);
      const chosen = await inject('PUT', '/v1/users/publisher', { publisherId: f.publishers.atlantic }, auth);
      expect((chosen.json() as AccountUser).activePublisherId).toBe(f.publishers.atlantic);
    });

    it('lists a publisher’s users for its admins, admins first', async () => {
      const db = t.database.handle.db;
      await makeAccount(db, 'zed-admin@example.com', { publisher: { id: f.publishers.spree, role: 0 } });
      await makeAccount(db, 'amy-member@example.com', { publisher: { id: f.publishers.spree, role: 1 } });
      const { auth } = await signIn(t.app, 'zed-admin@example.com');
      const res = await inject('GET', `/v1/manage/publishers/${f.publishers.spree}/users`, undefined, auth);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        items: [
          { email: 'zed-admin@example.com', role: 0 },
          { email: 'amy-member@example.com', role: 1 },
        ],
        total: 2,
      });
    });

    it('gives admin tokens only to admins', async () => {
      await makeAccount(t.database.handle.db, 'plain@example.com');
      const plain = await signIn(t.app, 'plain@example.com');
      expect((await inject('POST', '/v1/auth/admin', undefined, plain.auth)).statusCode).toBe(403);
      expect((await inject('POST', '/v1/auth/admin')).statusCode).toBe(401);
      await makeAccount(t.database.handle.db, 'moderator2@example.com', { adminRole: AdminRole.MODERATOR });
      const res = await inject('POST', '/v1/auth/admin', undefined, (await signIn(t.app, 'moderator2@example.com')).auth);
      expect(res.statusCode).toBe(200);
      expect(res.json().adminRole).toBe(AdminRole.MODERATOR);
    });
  });
});

describe('accounts when mail cannot be sent', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Port 9 (discard) on loopback: nothing answers SMTP there.
    t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9', RATE_LIMITS: 'off' });
  });
  afterAll(() => t.close());

  it('answers 503 to a registration and keeps no half-made account', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/users/register', payload: { email: 'later@example.com', password: TEST_PASSWORD, name: 'Later' } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.json().message).toMatch(/could not send/);
    const row = await t.database.handle.db.selectFrom('users').select('id').where('email', '=', 'later@example.com').executeTakeFirst();
    expect(row).toBeUndefined();
  });
});

describe('accounts behind their rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After once an address has tried to sign in too often, and only to that address', async () => {
    const attempt = (remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/v1/users/login', remoteAddress, payload: { email: 'someone@example.com', password: 'a-wrong-password' } });
    for (let i = 0; i < 20; i++) expect((await attempt('203.0.113.7')).statusCode).toBe(401);
    const limited = await attempt('203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ message: expect.stringMatching(/Too many sign-in attempts/), code: 'TOO_MANY_ATTEMPTS' });
    expect((await attempt('198.51.100.9')).statusCode).toBe(401);
  });

  it('limits anonymous writes per visitor address', async () => {
    const like = () =>
      t.app.inject({ method: 'POST', url: '/v1/articles/like', remoteAddress: '203.0.113.8', payload: { articleId: '00000000-0000-4000-8000-000000000000', action: 'add', visitorId: 'visitor-limit-0001' } });
    let status = 0;
    for (let i = 0; i < 121 && status !== 429; i++) status = (await like()).statusCode;
    expect(status).toBe(429);
  });
});
