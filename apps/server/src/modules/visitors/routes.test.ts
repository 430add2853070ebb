import { randomUUID } from 'node:crypto';
import { RATE_LIMITS } from '../../http/rate-limits';
import { apiPaths, VISITOR_EXTRA_MAX_BYTES, type Visitor } from '@newsreel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, signIn, TEST_PASSWORD } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/helpers';

// 8.8.8.8 is in the United States in the shipped geo-IP database; 10.0.0.1 is a private address.
const US_ADDRESS = '8.8.8.8';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1';
const FIREFOX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';
const SCREEN = { screenWidth: 390, screenHeight: 844 };

describe('visitors', () => {
  let t: TestApp;
  let trusting: TestApp;
  beforeAll(async () => {
    [t, trusting] = await Promise.all([createTestApp({ RATE_LIMITS: 'off' }), createTestApp({ RATE_LIMITS: 'off', TRUST_PROXY: 'true' })]);
  });
  afterAll(async () => {
    await Promise.all([t.close(), trusting.close()]);
  });

  const db = () => t.database.handle.db;
  const rows = () => db().selectFrom('visitors').selectAll().orderBy('id').execute();
  const rowOf = (id: string) => db().selectFrom('visitors').selectAll().where('id', '=', id).executeTakeFirst();
  const create = (payload: object, headers: Record<string, string> = {}, remoteAddress = US_ADDRESS) =>
    t.app.inject({ method: 'POST', url: apiPaths.visitors, payload, headers: { 'user-agent': IPHONE, ...headers }, remoteAddress });
  const update = (id: string, payload: object, headers: Record<string, string> = {}, remoteAddress = US_ADDRESS) =>
    t.app.inject({ method: 'PUT', url: apiPaths.visitor(id), payload, headers: { 'user-agent': IPHONE, ...headers }, remoteAddress });
  const made = async (payload: object = {}, headers: Record<string, string> = {}): Promise<Visitor> => {
    const res = await create({ id: randomUUID(), ...SCREEN, ...payload }, headers);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  it('detects the caller’s device, place, region and address without storing anything', async () => {
    const before = await rows();
    const res = await t.app.inject({ url: apiPaths.visitorsDetect, headers: { 'user-agent': IPHONE }, remoteAddress: US_ADDRESS });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({
      device: { cpuArch: null, type: 'mobile', vendor: 'Apple', model: 'iPhone', osName: 'iOS', osVersion: '17.4.1', browserName: 'Mobile Safari', browserVersion: '17.4.1' },
      location: { label: 'United States', countryCode: 'US', countryName: 'United States', city: null, lat: expect.any(Number), lon: expect.any(Number) },
      regionId: 2,
      ipAddress: US_ADDRESS,
    });
    expect(await rows()).toEqual(before);

    const unplaced = await t.app.inject({ url: apiPaths.visitorsDetect, remoteAddress: '10.0.0.1' });
    expect(unplaced.json()).toMatchObject({ location: null, regionId: 0, ipAddress: '10.0.0.1', device: { browserName: null } });
  });

  it('reads the address from X-Forwarded-For only when TRUST_PROXY is set', async () => {
    const headers = { 'x-forwarded-for': US_ADDRESS };
    const untrusted = await t.app.inject({ url: apiPaths.visitorsDetect, headers, remoteAddress: '10.0.0.1' });
    expect(untrusted.json()).toMatchObject({ ipAddress: '10.0.0.1', regionId: 0 });
    const trusted = await trusting.app.inject({ url: apiPaths.visitorsDetect, headers, remoteAddress: '10.0.0.1' });
    expect(trusted.json()).toMatchObject({ ipAddress: US_ADDRESS, regionId: 2 });
  });

  it('creates a visitor with the id the browser made, and answers it again, unchanged, for that id', async () => {
    const id = randomUUID();
    const res = await create({ id, ...SCREEN });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const visitor = res.json() as Visitor;
    expect(visitor).toEqual({
      id,
      regionId: 2,
      ipAddress: US_ADDRESS,
      updatedAt: expect.any(String),
      ...SCREEN,
      device: expect.objectContaining({ type: 'mobile', osName: 'iOS' }),
      location: expect.objectContaining({ countryCode: 'US' }),
      meta: {},
      extra: {},
    });
    expect(Date.now() - Date.parse(visitor.updatedAt)).toBeLessThan(60_000);

    const again = await create({ id, screenWidth: 1920, screenHeight: 1080 }, { 'user-agent': FIREFOX });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(visitor);

    const read = await t.app.inject({ url: apiPaths.visitor(id) });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(visitor);
  });

  it('makes the id when none is sent', async () => {
    const res = await create(SCREEN);
    expect(res.statusCode).toBe(201);
    expect(res.json().id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await rowOf(res.json().id)).toBeDefined();
  });

  it('keeps one visitor when the same id is created many times at once', async () => {
    const id = randomUUID();
    const answers = await Promise.all(Array.from({ length: 8 }, () => create({ id, ...SCREEN })));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((res) => res.json().updatedAt)).size).toBe(1);
    expect((await rows()).filter((row) => row.id === id)).toHaveLength(1);
  });

  it('updates screen size, meta and free fields, leaves the rest, and detects the caller anew', async () => {
    const visitor = await made();
    const res = await update(
      visitor.id,
      { screenWidth: 1280, meta: { email: 'reader@example.com', yob: 1985, ageBracket: '25-39' }, theme: 'dark', visits: 3, prefs: { autoplay: true } },
      { 'user-agent': FIREFOX },
      '10.0.0.1',
    );
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json() as Visitor;
    expect(updated).toMatchObject({
      id: visitor.id,
      screenWidth: 1280,
      screenHeight: SCREEN.screenHeight,
      meta: { email: 'reader@example.com', yob: 1985, ageBracket: '25-39' },
      extra: { theme: 'dark', visits: 3, prefs: { autoplay: true } },
      device: { browserName: 'Firefox', type: 'desktop' },
      location: null,
      regionId: 0,
      ipAddress: '10.0.0.1',
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(visitor.updatedAt));

    // A field given replaces, null removes, one left out stays.
    const next = await update(visitor.id, { meta: { yob: null, sex: 'female' }, theme: null, visits: 4 });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json()).toMatchObject({
      screenWidth: 1280,
      meta: { email: 'reader@example.com', ageBracket: '25-39', sex: 'female' },
      extra: { visits: 4, prefs: { autoplay: true } },
    });
    expect(next.json().meta).not.toHaveProperty('yob');
    expect(next.json().extra).not.toHaveProperty('theme');
    expect(await t.app.inject({ url: apiPaths.visitor(visitor.id) }).then((r) => r.json())).toEqual(next.json());
  });

  it('answers 404 to an unknown visitor, and creates none', async () => {
    const id = randomUUID();
    const put = await update(id, SCREEN);
    expect(put.statusCode).toBe(404);
    expect(put.json().message).toMatch(/POST \/v1\/visitors/);
    expect((await t.app.inject({ url: apiPaths.visitor(id) })).statusCode).toBe(404);
    expect(await rowOf(id)).toBeUndefined();
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const visitor = await made({ meta: undefined });
    await update(visitor.id, { meta: { email: 'kept@example.com' }, kept: true });
    const before = await rows();
    const nextYear = new Date().getUTCFullYear() + 1;
    const creates: [object, RegExp][] = [
      [{ screenHeight: 800 }, /body\.screenWidth is required/],
      [{ ...SCREEN, screenWidth: -1 }, /body\.screenWidth must be >= 0/],
      [{ ...SCREEN, screenWidth: '390' }, /body\.screenWidth must be integer/],
      [{ ...SCREEN, id: 'short' }, /body\.id must NOT have fewer than 8 characters/],
      [{ ...SCREEN, id: 'has spaces in it' }, /body\.id must match pattern/],
      [{ ...SCREEN, userId: 'not-a-uuid' }, /body\.userId must match format "uuid"/],
      [{ ...SCREEN, meta: { email: 'a@b.co' } }, /body\.meta is not a known field/],
    ];
    for (const [payload, message] of creates) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toMatch(message);
    }
    const updates: [object, RegExp][] = [
      [{ meta: { email: 'not an address' } }, /body\.meta\.email must match pattern/],
      [{ meta: { yob: 1899 } }, /body\.meta\.yob must be >= 1900/],
      [{ meta: { yob: nextYear } }, new RegExp(`body\\.meta\\.yob must be <= ${nextYear - 1}`)],
      [{ meta: { yob: '1985' } }, /body\.meta\.yob must be integer/],
      [{ meta: { sex: 'unicorn' } }, /body\.meta\.sex must be one of: female, male, other, prefer-not-to-say/],
      [{ meta: { incomeBracket: '50k' } }, /body\.meta\.incomeBracket must be one of: low, lower-middle, middle, upper-middle, high/],
      [{ meta: { ageBracket: 'young' } }, /body\.meta\.ageBracket must match pattern/],
      [{ meta: { ageBracket: '39-25' } }, /body\.meta\.ageBracket must be a range of ages/],
      [{ meta: { phone: '030 123456' } }, /body\.meta\.phone must match pattern/],
      [{ meta: { postCode: 'sw1a 1aa' } }, /body\.meta\.postCode must match pattern/],
      [{ meta: { shoeSize: 44 } }, /body\.meta\.shoeSize is not a known field/],
      [{ screenHeight: 40_000 }, /body\.screenHeight must be <= 32767/],
      [{ userId: 'someone' }, /body\.userId must match format "uuid"/],
      [{ regionId: 4 }, /body\.regionId is set by the server/],
      [{ device: { model: 'Pixel' } }, /body\.device is set by the server/],
      [{ 'bad name': 1 }, /body\["bad name"\] is not a name a free field can have/],
      [{ notes: 'x'.repeat(VISITOR_EXTRA_MAX_BYTES) }, new RegExp(`more than ${VISITOR_EXTRA_MAX_BYTES} bytes of JSON together; nothing was changed`)],
      [Object.fromEntries(Array.from({ length: 41 }, (_, n) => [`field${n}`, n])), /body must NOT have more than 40 properties/],
    ];
    for (const [payload, message] of updates) {
      const res = await update(visitor.id, payload, { 'user-agent': FIREFOX }, '10.0.0.1');
      expect(res.statusCode, JSON.stringify(payload).slice(0, 100)).toBe(400);
      expect(res.json().message, JSON.stringify(payload).slice(0, 100)).toMatch(message);
    }
    const badId = await t.app.inject({ url: apiPaths.visitor('no') });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toMatch(/params\.id must NOT have fewer than 8 characters/);
    expect(await rows()).toEqual(before);
  });

  it('keeps free fields within their bound across updates', async () => {
    const visitor = await made();
    const half = 'x'.repeat(VISITOR_EXTRA_MAX_BYTES / 2);
    expect((await update(visitor.id, { first: half })).statusCode).toBe(200);
    const before = await rowOf(visitor.id);
    const second = await update(visitor.id, { second: half });
    expect(second.statusCode).toBe(400);
    expect(await rowOf(visitor.id)).toEqual(before);
    // Removing one makes room for the other.
    expect((await update(visitor.id, { first: null, second: half })).json().extra).toEqual({ second: half });
  });

  it('keeps script- and SQL-looking text as plain data', async () => {
    const visitor = await made();
    const text = "'); drop table visitors; -- <script>alert(1)</script>";
    const res = await update(visitor.id, { note: text, note2: { nested: text } });
    expect(res.statusCode).toBe(200);
    expect(res.json().extra).toEqual({ note: text, note2: { nested: text } });
    expect((await rows()).length).toBeGreaterThan(0);
  });

  describe('and the users they belong to', () => {
    let reader: { id: string; auth: { authorization: string } };
    let other: { id: string; auth: { authorization: string } };
    beforeAll(async () => {
      const readerId = await makeAccount(db(), 'visitor-reader@example.com');
      const otherId = await makeAccount(db(), 'visitor-other@example.com');
      reader = { id: readerId, auth: (await signIn(t.app, 'visitor-reader@example.com')).auth };
      other = { id: otherId, auth: (await signIn(t.app, 'visitor-other@example.com')).auth };
    });

    it('links a signed-in caller’s visitor to them, whether or not the body names them', async () => {
      expect((await made({}, reader.auth)).userId).toBe(reader.id);
      expect((await made({ userId: reader.id }, reader.auth)).userId).toBe(reader.id);
      const anonymous = await made();
      expect(anonymous).not.toHaveProperty('userId');
      const linked = await update(anonymous.id, { meta: { email: 'visitor-reader@example.com' } }, reader.auth);
      expect(linked.json()).toMatchObject({ userId: reader.id, meta: { email: 'visitor-reader@example.com' } });
      // Signed out again, the browser's visitor keeps the user it last was.
      const later = await update(anonymous.id, { screenWidth: 400 });
      expect(later.json()).toMatchObject({ userId: reader.id, screenWidth: 400 });
      // Another user signing in on that browser takes the visitor over.
      expect((await update(anonymous.id, {}, other.auth)).json().userId).toBe(other.id);
    });

    it('lets only its user read a visitor linked to an account, and hands no one the meta of the person before', async () => {
      const read = (id: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: apiPaths.visitor(id), headers });
      const anonymous = await made();
      expect((await read(anonymous.id)).statusCode).toBe(200);

      const linked = await made({}, reader.auth);
      expect((await update(linked.id, { meta: { email: 'visitor-reader@example.com', phone: '+15551234567', yob: 1980 } }, reader.auth)).statusCode).toBe(200);
      const own = await read(linked.id, reader.auth);
      expect(own.statusCode).toBe(200);
      expect(own.json().meta).toMatchObject({ phone: '+15551234567', yob: 1980 });
      for (const headers of [{}, other.auth]) {
        const refused = await read(linked.id, headers);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toMatch(/sign in as that account/);
        expect(refused.body).not.toContain('5551234567');
      }

      // Someone else signing in on that browser takes the visitor over, without the reader's meta.
      const takenOver = await update(linked.id, { meta: { ageBracket: '25-39' } }, other.auth);
      expect(takenOver.json()).toMatchObject({ userId: other.id, meta: { ageBracket: '25-39' } });
      expect(takenOver.json().meta).not.toHaveProperty('phone');
      expect(takenOver.json().meta).not.toHaveProperty('email');
      expect((await read(linked.id, reader.auth)).statusCode).toBe(403);
    });

    it('never lets a caller link a visitor to someone else', async () => {
      const before = await rows();
      const id = randomUUID();
      const anonymous = await create({ id, ...SCREEN, userId: reader.id });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().message).toMatch(/Sign in to link this visitor/);
      const someoneElse = await create({ id, ...SCREEN, userId: other.id }, reader.auth);
      expect(someoneElse.statusCode).toBe(403);
      expect(someoneElse.json().message).toMatch(/body\.userId must be your own user id/);
      expect(await rows()).toEqual(before);

      const visitor = await made();
      const unchanged = await rowOf(visitor.id);
      expect((await update(visitor.id, { userId: reader.id })).statusCode).toBe(401);
      expect((await update(visitor.id, { userId: other.id }, reader.auth)).statusCode).toBe(403);
      expect(await rowOf(visitor.id)).toEqual(unchanged);
    });

    it('refuses a token that is not valid instead of treating the caller as anonymous', async () => {
      const res = await create({ id: randomUUID(), ...SCREEN }, { authorization: 'Bearer not.a.token' });
      expect(res.statusCode).toBe(401);
    });

    it('deletes the visitors of an account that is deleted', async () => {
      await makeAccount(db(), 'visitor-leaving@example.com');
      const leaving = await signIn(t.app, 'visitor-leaving@example.com');
      const visitor = await made({}, leaving.auth);
      const destroyed = await t.app.inject({ method: 'DELETE', url: '/v1/users/destroy', headers: leaving.auth, payload: { password: TEST_PASSWORD } });
      expect(destroyed.statusCode, destroyed.body).toBeLessThan(300);
      expect((await t.app.inject({ url: apiPaths.visitor(visitor.id) })).statusCode).toBe(404);
    });
  });
});

describe('visitor creation and updates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are limited like other anonymous writes', async () => {
    const { max } = RATE_LIMITS.anonymousWrite;
    const create = () => t.app.inject({ method: 'POST', url: apiPaths.visitors, payload: SCREEN });
    for (let n = 0; n < max; n++) expect((await create()).statusCode).toBe(201);
    const refused = await create();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await t.database.handle.db.selectFrom('visitors').select('id').execute()).toHaveLength(max);
  });
});

describe('visitors while the database is down', () => {
  let t: TestApp;
  let visitor: Visitor;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'off' });
    visitor = (await t.app.inject({ method: 'POST', url: apiPaths.visitors, payload: SCREEN })).json();
    await t.database.takeDown();
  });
  afterAll(() => t.close());

  it('answers 503 with Retry-After to create, read and update, and still detects', async () => {
    const calls = [
      t.app.inject({ method: 'POST', url: apiPaths.visitors, payload: { id: randomUUID(), ...SCREEN } }),
      t.app.inject({ method: 'POST', url: apiPaths.visitors, payload: { id: visitor.id, ...SCREEN } }),
      t.app.inject({ url: apiPaths.visitor(visitor.id) }),
      t.app.inject({ method: 'PUT', url: apiPaths.visitor(visitor.id), payload: { screenWidth: 1 } }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.json().message).toMatch(/nothing was changed/);
    }
    const detected = await t.app.inject({ url: apiPaths.visitorsDetect, remoteAddress: US_ADDRESS });
    expect(detected.statusCode).toBe(200);
    expect(detected.json()).toMatchObject({ regionId: 2 });
  });
});
