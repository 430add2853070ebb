import { createHash, randomUUID } from 'node:crypto';
import { apiPaths, defaultAppConfig, DEVICE_LEASE_TTL_SECONDS, DEVICE_SECRET_HEADER, SubscriptionStatus, type Device, type DeviceInvite } from '@newsreel/contracts';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedContentFixture, type ArticleKey, type ContentFixture } from '../../../test/content-fixture';
import { makeAccount, signIn } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { saveAppConfig } from '../config/app-config-repository';

const ALICE = 'visitor-alice-0001';
const BOB = 'visitor-bob-000002';
const MINUTE_MS = 60_000;

type Request = InjectOptions | string;

const TV = { name: 'Living room TV', type: 'smarttv', vendor: 'Samsung', model: 'QN90B', osName: 'Tizen', osVersion: '7.0' };

describe('paired devices', () => {
  let t: TestApp;
  let f: ContentFixture;

  const inject = (request: Request) => t.app.inject(request);
  const register = async (payload: object = TV) => {
    const res = await inject({ method: 'POST', url: apiPaths.devices, payload });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return res.json() as DeviceInvite;
  };
  const lease = (id: string, secret?: string) =>
    inject({ method: 'POST', url: apiPaths.deviceLease(id), headers: secret === undefined ? {} : { [DEVICE_SECRET_HEADER]: secret } });
  const precheck = (ref: string, visitorId?: string) =>
    inject(`${apiPaths.devicePrecheck(ref)}${visitorId ? `?visitorId=${visitorId}` : ''}`);
  const verify = (ref: string, visitorId: string) => inject(`${apiPaths.deviceVerify(ref)}?visitorId=${visitorId}`);
  const unpair = (id: string, visitorId: string) => inject({ method: 'DELETE', url: `${apiPaths.device(id)}?visitorId=${visitorId}` });
  const listOf = async (visitorId: string) => {
    const res = await inject(`${apiPaths.devices}?visitorId=${visitorId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return res.json() as { items: Device[]; total: number; page: number; limit: number };
  };
  const feed = (id: string, { secret, query = '' }: { secret?: string; query?: string } = {}) =>
    inject({ url: `${apiPaths.articlesForDevice(id)}?${query}`, headers: secret ? { [DEVICE_SECRET_HEADER]: secret } : {} });
  const ids = (res: { json(): unknown }) => (res.json() as { items: { id: string }[] }).items.map((item) => item.id);
  /** A device registered and paired to `owner`, holding its lease. */
  const pairedDevice = async (owner = ALICE) => {
    const invite = await register();
    expect((await verify(invite.id, owner)).statusCode).toBe(200);
    expect((await lease(invite.id, invite.secret)).statusCode).toBe(200);
    return invite;
  };
  const expire = (id: string) => sql`UPDATE devices SET expires_at = now() - interval '1 second' WHERE id = ${id}`.execute(t.database.handle.db);
  const deviceRows = () => t.database.handle.db.selectFrom('devices').selectAll().orderBy('created_at').execute();

  beforeAll(async () => {
    t = await createTestApp();
    f = await seedContentFixture(t.database.handle.db);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.handle.db.deleteFrom('devices').execute();
    await t.database.handle.db.deleteFrom('user_category_scores').execute();
  });

  it('pairs a screen to a reader: register, precheck, verify, lease, list', async () => {
    const before = Date.now();
    const invite = await register({ ...TV, browserName: '  ', cpuArch: ' arm64 ' });
    expect(invite.pairingCode).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(invite.secret.length).toBeGreaterThanOrEqual(43);
    expect(invite.pollIntervalSeconds).toBe(5);
    // Ten minutes from when the server made the code, which is somewhere within the request.
    const expiresAt = Date.parse(invite.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 10 * MINUTE_MS - 1_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 10 * MINUTE_MS + 1_000);

    // The device polls: not paired yet.
    const pending = await lease(invite.id, invite.secret);
    expect(pending.statusCode, pending.body).toBe(202);
    expect(pending.headers['cache-control']).toBe('private, no-store');
    expect(pending.json()).toEqual({ status: 'pending', pairingCode: invite.pairingCode, expiresAt: invite.expiresAt, pollIntervalSeconds: 5 });

    // The reader's phone types the code (any case, with a dash) and sees what it is about to pair.
    const typed = `${invite.pairingCode.slice(0, 4).toLowerCase()}-${invite.pairingCode.slice(4)}`;
    const check = await precheck(typed, ALICE);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.headers['cache-control']).toBe('private, no-store');
    expect(check.json()).toEqual({
      id: invite.id,
      ...TV,
      browserName: null,
      browserVersion: null,
      cpuArch: 'arm64',
      status: 'pending',
      expiresAt: invite.expiresAt,
      canPair: true,
    });
    expect((await precheck(invite.id)).json()).toMatchObject({ id: invite.id, status: 'pending', canPair: true });

    const paired = await verify(typed, ALICE);
    expect(paired.statusCode, paired.body).toBe(200);
    expect(paired.headers['cache-control']).toBe('private, no-store');
    const device = paired.json() as Device;
    expect(device).toMatchObject({ id: invite.id, name: TV.name, lastSeenAt: null });
    // Pairing grants no lease: the device asks for one when it next polls.
    expect(device).toMatchObject({ leaseExpiresAt: null, streaming: false });

    // Idempotent for the same reader, by code or by id.
    for (const ref of [invite.id, invite.pairingCode]) {
      const again = await verify(ref, ALICE);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual(device);
    }
    expect((await precheck(invite.pairingCode, ALICE)).json()).toMatchObject({ status: 'paired', canPair: true });
    expect((await precheck(invite.pairingCode, BOB)).json()).toMatchObject({ status: 'paired', canPair: false });
    expect((await precheck(invite.pairingCode)).json()).toMatchObject({ status: 'paired', canPair: false });

    // The device learns it is paired and is granted its lease, from now.
    const leased = await lease(invite.id, invite.secret);
    expect(leased.statusCode, leased.body).toBe(200);
    expect(leased.headers['cache-control']).toBe('private, no-store');
    const body = leased.json() as { status: string; device: Device };
    expect(body.status).toBe('paired');
    expect(body.device).toMatchObject({ id: invite.id, pairedAt: device.pairedAt, streaming: true });
    expect(body.device.lastSeenAt).not.toBeNull();
    expect(Date.parse(body.device.leaseExpiresAt!) - Date.parse(body.device.lastSeenAt!)).toBe(DEVICE_LEASE_TTL_SECONDS * 1000);

    expect(await listOf(ALICE)).toEqual({ items: [body.device], total: 1, page: 1, limit: 30 });
    expect(await listOf(BOB)).toEqual({ items: [], total: 0, page: 1, limit: 30 });
  });

  it('keeps secrets hashed and gives every pending invite its own code', async () => {
    const invites = await Promise.all(Array.from({ length: 12 }, () => register({})));
    expect(new Set(invites.map((invite) => invite.pairingCode)).size).toBe(invites.length);
    const rows = await deviceRows();
    for (const invite of invites) {
      const row = rows.find((r) => r.id === invite.id)!;
      expect(Buffer.from(row.secret_hash).toString('hex')).toBe(createHash('sha256').update(invite.secret).digest('hex'));
      expect(JSON.stringify(row)).not.toContain(invite.secret);
    }
    // The database itself refuses a second pending invite with a code already pending.
    const taken = invites[0]!.pairingCode;
    await expect(
      sql`INSERT INTO devices (secret_hash, pairing_code, expires_at) VALUES (${Buffer.alloc(32)}, ${taken}, now())`.execute(t.database.handle.db),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('refuses to pair a device that is someone else’s (409) or whose code expired (410)', async () => {
    const bobs = await pairedDevice(BOB);
    const taken = await verify(bobs.pairingCode, ALICE);
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json().message).toMatch(/already paired with someone else/);
    expect((await listOf(ALICE)).total).toBe(0);

    const late = await register();
    await expire(late.id);
    expect((await precheck(late.pairingCode, ALICE)).json()).toMatchObject({ id: late.id, status: 'expired', canPair: false });
    const verified = await verify(late.pairingCode, ALICE);
    expect(verified.statusCode, verified.body).toBe(410);
    expect(verified.json().message).toMatch(/expired/);
    const leased = await lease(late.id, late.secret);
    expect(leased.statusCode, leased.body).toBe(410);
    expect(leased.json().message).toMatch(/register the device again/i);
    expect((await listOf(ALICE)).total).toBe(0);

    for (const ref of [randomUUID(), 'ABCD2345']) {
      for (const res of [await precheck(ref, ALICE), await verify(ref, ALICE)]) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json().message).toMatch(/no device with that id or code/);
      }
    }
  });

  it('lets only the device itself take its lease', async () => {
    const invite = await register();
    const cases: [string, string | undefined, number, RegExp][] = [
      [invite.id, undefined, 401, /x-device-secret/],
      [invite.id, '', 401, /x-device-secret/],
      [invite.id, 'not-the-secret', 403, /not this device/],
      [invite.id, (await register()).secret, 403, /not this device/],
      [randomUUID(), invite.secret, 404, /no device with that id/],
    ];
    for (const [id, secret, status, message] of cases) {
      const res = await lease(id, secret);
      expect(res.statusCode, `${secret}: ${res.body}`).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    expect((await lease(invite.id, invite.secret)).statusCode).toBe(202);
  });

  it("plays the owner's own feed, for the device or its owner only", async () => {
    await inject({
      method: 'POST',
      url: apiPaths.userScores,
      payload: { visitorId: ALICE, userCategoryScores: [{ categoryId: f.categories.science, score: 50 }, { categoryId: f.categories.politics, score: -20 }] },
    });
    const tv = await pairedDevice(ALICE);
    for (const query of ['', 'limit=2&page=2', 'regionIds=11,18']) {
      const own = await inject(`${apiPaths.articlesForUser}?visitorId=${ALICE}&${query}`);
      expect(own.statusCode, own.body).toBe(200);
      for (const res of [await feed(tv.id, { secret: tv.secret, query }), await feed(tv.id, { query: `visitorId=${ALICE}&${query}` })]) {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.json()).toEqual(own.json());
      }
    }
    // Ordered by Alice's scores: science 50 first, politics -20 last.
    const byInterest: ArticleKey[] = ['potsdam', 'global', 'lisbon', 'hamburg', 'berlinMitte', 'berlin'];
    expect(ids(await feed(tv.id, { secret: tv.secret }))).toEqual(byInterest.map((key) => f.articles[key]));
    expect((await feed(tv.id, { secret: tv.secret, query: 'limit=2&page=2' })).json()).toMatchObject({ total: 6, page: 2, limit: 2 });

    const refused: [{ secret?: string; query?: string }, number, RegExp][] = [
      [{}, 401, /x-device-secret/],
      [{ secret: 'wrong' }, 403, /not this device/],
      // The secret decides when both are sent.
      [{ secret: 'wrong', query: `visitorId=${ALICE}` }, 403, /not this device/],
      [{ query: `visitorId=${BOB}` }, 404, /no device with that id/],
    ];
    for (const [credentials, status, message] of refused) {
      const res = await feed(tv.id, credentials);
      expect(res.statusCode, `${JSON.stringify(credentials)}: ${res.body}`).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    expect((await feed(randomUUID(), { secret: tv.secret })).statusCode).toBe(404);

    // A device not paired yet has no feed, even with its own secret.
    const waiting = await register();
    const early = await feed(waiting.id, { secret: waiting.secret });
    expect(early.statusCode, early.body).toBe(403);
    expect(early.json().message).toMatch(/not paired yet/);
  });

  it('stops playing the feed when the lease runs out, until the device renews it', async () => {
    const tv = await pairedDevice(ALICE);
    await sql`UPDATE devices SET lease_expires_at = now() - interval '1 second' WHERE id = ${tv.id}`.execute(t.database.handle.db);
    const lapsed = await feed(tv.id, { secret: tv.secret });
    expect(lapsed.statusCode, lapsed.body).toBe(403);
    expect(lapsed.json().message).toMatch(/lease has run out/);
    // The owner still sees what it would play.
    expect((await feed(tv.id, { query: `visitorId=${ALICE}` })).statusCode).toBe(200);
    expect((await lease(tv.id, tv.secret)).statusCode).toBe(200);
    expect((await feed(tv.id, { secret: tv.secret })).statusCode).toBe(200);
  });

  it('unpairs only for the owner; then the lease and the feed answer 404', async () => {
    const tv = await pairedDevice(ALICE);
    const kitchen = await pairedDevice(ALICE);
    expect((await listOf(ALICE)).items.map((device) => device.id)).toEqual([kitchen.id, tv.id]);

    for (const res of [await unpair(tv.id, BOB), await unpair(randomUUID(), ALICE)]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toMatch(/no device with that id/);
    }
    expect((await lease(tv.id, tv.secret)).statusCode).toBe(200);

    const removed = await unpair(tv.id, ALICE);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(removed.body).toBe('');
    expect((await unpair(tv.id, ALICE)).statusCode).toBe(404);

    const leased = await lease(tv.id, tv.secret);
    expect(leased.statusCode, leased.body).toBe(404);
    expect(leased.json().message).toMatch(/unpaired/);
    expect((await feed(tv.id, { secret: tv.secret })).statusCode).toBe(404);
    expect((await feed(tv.id, { query: `visitorId=${ALICE}` })).statusCode).toBe(404);
    expect((await precheck(tv.id, ALICE)).statusCode).toBe(404);
    expect((await verify(tv.id, BOB)).statusCode).toBe(404);
    expect((await listOf(ALICE)).items.map((device) => device.id)).toEqual([kitchen.id]);
    expect((await feed(kitchen.id, { secret: kitchen.secret })).statusCode).toBe(200);
    // The invite is still counted (SPEC §7's device-invites count), though gone for everyone else.
    expect((await deviceRows()).map((row) => [row.id, row.removed_at !== null])).toEqual([
      [tv.id, true],
      [kitchen.id, false],
    ]);
  });

  it('answers 400 naming the field for bad input (401 naming no reader), and changes nothing', async () => {
    const invite = await register();
    const before = await deviceRows();

    const bodies: [unknown, RegExp][] = [
      [{ name: 'x'.repeat(81) }, /body\.name must NOT have more than 80 characters/],
      [{ cpuArch: 'x'.repeat(17) }, /body\.cpuArch/],
      [{ type: { name: 'tv' } }, /body\.type must be string/],
      [{ colour: 'red' }, /body\.colour is not a known field/],
      [['smarttv'], /body must be object/],
    ];
    for (const [payload, message] of bodies) {
      const res = await inject({ method: 'POST', url: apiPaths.devices, payload: payload as object });
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(400);
      expect(res.json().message).toMatch(message);
    }

    const requests: [Request, RegExp][] = [
      [apiPaths.devicePrecheck('not-a-code'), /params\.id must be a device id or the 8-character pairing code/],
      [apiPaths.devicePrecheck('ABCD0000'), /params\.id must be a device id or the 8-character pairing code/],
      [`${apiPaths.deviceVerify('ABCD-23')}?visitorId=${ALICE}`, /params\.id/],
      [apiPaths.deviceVerify(invite.pairingCode), /visitorId is required/],
      [`${apiPaths.deviceVerify(invite.id)}?visitorId=<script>`, /visitorId/],
      [{ method: 'POST', url: apiPaths.deviceLease('42'), headers: { [DEVICE_SECRET_HEADER]: invite.secret } }, /params\.id must match format "uuid"/],
      [{ method: 'POST', url: apiPaths.deviceLease(invite.id), headers: { [DEVICE_SECRET_HEADER]: 'x'.repeat(200) } }, /headers\.x-device-secret/],
      [{ method: 'DELETE', url: `${apiPaths.device('42')}?visitorId=${ALICE}` }, /params\.id/],
      [{ method: 'PUT', url: `${apiPaths.device(invite.id)}?visitorId=${ALICE}`, payload: { name: '' } }, /body\.name must NOT have fewer than 1 characters/],
      [{ method: 'PUT', url: `${apiPaths.device(invite.id)}?visitorId=${ALICE}`, payload: { name: 'TV', colour: 'red' } }, /body\.colour is not a known field/],
      [{ method: 'PUT', url: apiPaths.device(invite.id), payload: { name: 'TV' } }, /visitorId is required/],
      [apiPaths.devices, /visitorId is required/],
      [`${apiPaths.devices}?visitorId=${ALICE}&limit=0`, /querystring\.limit/],
      [`${apiPaths.articlesForDevice('42')}?visitorId=${ALICE}`, /params\.id/],
      [`${apiPaths.articlesForDevice(invite.id)}?visitorId=${ALICE}&regionIds=99`, /regionIds/],
    ];
    for (const [request, message] of requests) {
      const res = await inject(request);
      // Naming no reader at all is a missing identity (401), not bad input.
      expect(res.statusCode, `${JSON.stringify(request)}: ${res.body}`).toBe(message.source.includes('visitorId is required') ? 401 : 400);
      expect(res.json().message).toMatch(message);
    }
    expect(await deviceRows()).toEqual(before);
    expect((await precheck(invite.pairingCode)).json()).toMatchObject({ status: 'pending' });
  });

  it('does not clash with the article routes', async () => {
    const article = await inject(apiPaths.article(f.articles.berlin));
    expect(article.statusCode, article.body).toBe(200);
    expect((await inject('/v1/articles/device')).statusCode).toBe(400);
  });
});

describe('the lease rule: one stream at a time per subscription', () => {
  let t: TestApp;
  let subscriber: { authorization: string };
  let reader: { authorization: string };
  let exempt: { authorization: string };
  const db = () => t.database.handle.db;

  const register = async () => (await t.app.inject({ method: 'POST', url: apiPaths.devices, payload: TV })).json() as DeviceInvite;
  const lease = (invite: DeviceInvite) => t.app.inject({ method: 'POST', url: apiPaths.deviceLease(invite.id), headers: { [DEVICE_SECRET_HEADER]: invite.secret } });
  const release = (invite: DeviceInvite, secret = invite.secret) =>
    t.app.inject({ method: 'DELETE', url: apiPaths.deviceLease(invite.id), headers: { [DEVICE_SECRET_HEADER]: secret } });
  const feed = (invite: DeviceInvite) => t.app.inject({ url: apiPaths.articlesForDevice(invite.id), headers: { [DEVICE_SECRET_HEADER]: invite.secret } });
  /** A screen paired by the signed-in reader `auth` (or the visitor named by `visitorId`). */
  const pairedBy = async (auth: { authorization: string } | string) => {
    const invite = await register();
    const res =
      typeof auth === 'string'
        ? await t.app.inject(`${apiPaths.deviceVerify(invite.pairingCode)}?visitorId=${auth}`)
        : await t.app.inject({ url: apiPaths.deviceVerify(invite.pairingCode), headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return invite;
  };
  const enableSubscriptions = (enabled: boolean) =>
    saveAppConfig(db(), { ...defaultAppConfig('web'), subscription: { ...defaultAppConfig('web').subscription, enabled } });

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'off' });
    const subscriberId = await makeAccount(db(), 'subscriber@devices.example');
    await makeAccount(db(), 'reader@devices.example');
    const exemptId = await makeAccount(db(), 'exempt@devices.example');
    await db()
      .insertInto('subscriptions')
      .values({
        user_id: subscriberId,
        provider: 'test',
        provider_subscription_id: 'sub_devices_test',
        status: SubscriptionStatus.ACTIVE,
        interval: 'month',
        currency: 'usd',
        amount: 499,
        current_period_end: new Date(Date.now() + 86_400_000),
        last_event_at: new Date(),
      })
      .execute();
    await db().insertInto('reader_settings').values({ actor_type: 1, actor_id: exemptId, key: 'subscriptionExempt', value: JSON.stringify(true) }).execute();
    subscriber = (await signIn(t.app, 'subscriber@devices.example')).auth;
    reader = (await signIn(t.app, 'reader@devices.example')).auth;
    exempt = (await signIn(t.app, 'exempt@devices.example')).auth;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await db().deleteFrom('devices').execute();
    await enableSubscriptions(true);
  });

  it('plays on one of the subscriber’s screens at a time; releasing hands the stream over at once', async () => {
    const livingRoom = await pairedBy(subscriber);
    const kitchen = await pairedBy(subscriber);
    expect((await lease(livingRoom)).statusCode).toBe(200);

    const held = await lease(kitchen);
    expect(held.statusCode, held.body).toBe(409);
    expect(held.json()).toMatchObject({ code: 'STREAM_IN_USE', message: expect.stringMatching(/playing on another screen \(Living room TV\)/) });
    expect((await feed(kitchen)).statusCode).toBe(403);
    // The owner's list shows which screen plays, and that the other one asked.
    const listed = (await t.app.inject({ url: apiPaths.devices, headers: subscriber })).json() as { items: Device[] };
    expect(Object.fromEntries(listed.items.map((device) => [device.id, [device.streaming, device.lastSeenAt !== null]]))).toEqual({
      [livingRoom.id]: [true, true],
      [kitchen.id]: [false, true],
    });

    // Renewing keeps it; releasing gives it up, idempotently; then the other screen plays.
    expect((await lease(livingRoom)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await release(livingRoom)).statusCode).toBe(204);
    expect((await feed(livingRoom)).statusCode).toBe(403);
    expect((await lease(kitchen)).statusCode).toBe(200);
    expect((await feed(kitchen)).statusCode).toBe(200);
    expect((await lease(livingRoom)).json()).toMatchObject({ code: 'STREAM_IN_USE' });

    // A screen switched off stops renewing: once its lease has run out, another may play.
    await sql`UPDATE devices SET lease_expires_at = now() - interval '1 second' WHERE id = ${kitchen.id}`.execute(db());
    expect((await lease(livingRoom)).statusCode).toBe(200);

    // Only the device releases its own lease.
    expect((await release(livingRoom, 'not-the-secret')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: apiPaths.deviceLease(livingRoom.id) })).statusCode).toBe(401);
    expect((await lease(kitchen)).statusCode).toBe(409);
  });

  it('gives exactly one of two screens racing for the stream', async () => {
    for (let round = 0; round < 5; round++) {
      await db().deleteFrom('devices').execute();
      const screens = await Promise.all([pairedBy(subscriber), pairedBy(subscriber), pairedBy(subscriber)]);
      const answers = await Promise.all(screens.map((screen) => lease(screen)));
      expect(answers.map((res) => res.statusCode).sort(), `round ${round}`).toEqual([200, 409, 409]);
    }
  });

  it('needs a subscription (402) unless subscriptions are off or the account is exempt', async () => {
    const readers = [await pairedBy(reader), await pairedBy('visitor-no-account-1')];
    for (const screen of readers) {
      const res = await lease(screen);
      expect(res.statusCode, res.body).toBe(402);
      expect(res.json()).toMatchObject({ code: 'SUBSCRIPTION_REQUIRED', message: expect.stringMatching(/needs a subscription/) });
      expect((await feed(screen)).statusCode).toBe(403);
    }
    // Pending screens still learn they wait to be paired.
    expect((await lease(await register())).statusCode).toBe(202);

    expect((await lease(await pairedBy(exempt))).statusCode).toBe(200);
    expect((await lease(await pairedBy(exempt))).statusCode).toBe(409);

    // Subscriptions off: nothing to share, every screen plays.
    await enableSubscriptions(false);
    const [first, second] = [await pairedBy(reader), await pairedBy(reader)];
    for (const screen of [...readers, first, second]) expect((await lease(screen)).statusCode).toBe(200);
  });

  it('lets the owner rename a screen, and a screen unpair itself', async () => {
    const screen = await pairedBy(subscriber);
    const renamed = await t.app.inject({ method: 'PUT', url: apiPaths.device(screen.id), headers: subscriber, payload: { name: '  Kitchen TV ' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: screen.id, name: 'Kitchen TV' });
    expect((await t.app.inject({ method: 'PUT', url: apiPaths.device(screen.id), headers: reader, payload: { name: 'Mine now' } })).statusCode).toBe(404);
    const blank = await t.app.inject({ method: 'PUT', url: apiPaths.device(screen.id), headers: subscriber, payload: { name: '   ' } });
    expect(blank.statusCode, blank.body).toBe(400);
    expect(blank.json().message).toMatch(/body\.name must not be blank/);
    expect((await lease(screen)).json()).toMatchObject({ device: { name: 'Kitchen TV' } });

    const unpair = (secret: string) => t.app.inject({ method: 'DELETE', url: apiPaths.device(screen.id), headers: { [DEVICE_SECRET_HEADER]: secret } });
    expect((await unpair('not-the-secret')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: apiPaths.device(screen.id) })).json().message).toMatch(/x-device-secret header, or the owner/);
    expect((await unpair(screen.secret)).statusCode).toBe(204);
    expect((await lease(screen)).statusCode).toBe(404);
    expect(((await t.app.inject({ url: apiPaths.devices, headers: subscriber })).json() as { total: number }).total).toBe(0);
    // The stream it held is free for another screen at once.
    expect((await lease(await pairedBy(subscriber))).statusCode).toBe(200);
  });
});

describe('paired devices while the database is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.database.takeDown();
  });
  afterAll(() => t.close());

  it('answers 503 with Retry-After to every call', async () => {
    const id = randomUUID();
    const requests: Request[] = [
      { method: 'POST', url: apiPaths.devices, payload: TV },
      `${apiPaths.devicePrecheck('ABCD2345')}?visitorId=${ALICE}`,
      `${apiPaths.deviceVerify(id)}?visitorId=${ALICE}`,
      { method: 'POST', url: apiPaths.deviceLease(id), headers: { [DEVICE_SECRET_HEADER]: 'secret' } },
      `${apiPaths.devices}?visitorId=${ALICE}`,
      { method: 'DELETE', url: `${apiPaths.device(id)}?visitorId=${ALICE}` },
      { method: 'PUT', url: `${apiPaths.device(id)}?visitorId=${ALICE}`, payload: { name: 'TV' } },
      { method: 'DELETE', url: apiPaths.deviceLease(id), headers: { [DEVICE_SECRET_HEADER]: 'secret' } },
      `${apiPaths.articlesForDevice(id)}?visitorId=${ALICE}`,
      { url: apiPaths.articlesForDevice(id), headers: { [DEVICE_SECRET_HEADER]: 'secret' } },
    ];
    for (const request of requests) {
      const res = await t.app.inject(request);
      expect(res.statusCode, `${JSON.stringify(request)}: ${res.body}`).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
    }
  });
});
