import { randomUUID } from 'node:crypto';
import { AccountRole, AdminRole } from '@newsreel/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, makeAccount, signIn } from '../../test/accounts';
import { seedContentFixture, type ContentFixture } from '../../test/content-fixture';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createApiKeyRepository } from '../modules/auth/api-keys';
import { createPrincipalRepository } from '../modules/auth/principal-repository';
import { createTokenService } from '../modules/auth/tokens';
import { ACCESS_REFUSALS, registerAccess } from './access';
import { ACCESS_TABLE, type AccessRule } from './access-table';

/**
 * The authorization matrix: every row of the access table, called as every kind of caller. The
 * expected outcome is written out again below (`expected`), in plain terms, rather than taken
 * from the code that enforces it, so a mistake in either shows up as a difference.
 */
const IDENTITIES = [
  'anonymous',
  'visitor',
  'reader',
  'memberOfOtherPublisher',
  'member',
  'publisherAdmin',
  'otherVendor',
  'ownVendor',
  'vendorUser',
  'moderator',
  'superuser',
] as const;
type Identity = (typeof IDENTITIES)[number];
type Outcome = 401 | 403 | 'allowed';

const USERS: Identity[] = ['reader', 'memberOfOtherPublisher', 'member', 'publisherAdmin', 'vendorUser', 'moderator', 'superuser'];
const VENDORS: Identity[] = ['otherVendor', 'ownVendor'];

function expected(rule: AccessRule, who: Identity): Outcome {
  const isUser = USERS.includes(who);
  const isVendor = VENDORS.includes(who);
  switch (rule.who) {
    case 'anyone':
      return rule.personal && isVendor ? 403 : 'allowed';
    case 'reader':
      if (who === 'anonymous') return 401;
      return isVendor ? 403 : 'allowed';
    case 'user':
      if (who === 'anonymous' || who === 'visitor') return 401;
      return isVendor ? 403 : 'allowed';
    case 'admin':
      if (who === 'anonymous' || who === 'visitor') return 401;
      if (rule.role === 'superuser') return who === 'superuser' ? 'allowed' : 403;
      return who === 'moderator' || who === 'superuser' ? 'allowed' : 403;
    case 'publisher':
      if (who === 'anonymous' || who === 'visitor') return 401;
      if (rule.role === 'admin') return who === 'publisherAdmin' ? 'allowed' : 403;
      // The active publisher: every publisher user acts for their own (another's article is a 404).
      if (rule.publisher === 'active') return who === 'member' || who === 'publisherAdmin' || who === 'memberOfOtherPublisher' ? 'allowed' : 403;
      return who === 'member' || who === 'publisherAdmin' ? 'allowed' : 403;
    case 'vendor':
      if (who === 'anonymous' || who === 'visitor') return 401;
      // The caller's own vendor: any vendor token, or a user who belongs to a vendor.
      if (rule.vendor === 'own') return isVendor || who === 'vendorUser' ? 'allowed' : 403;
      return who === 'ownVendor' || who === 'vendorUser' ? 'allowed' : 403;
  }
  return isUser ? 'allowed' : 403;
}

interface Call {
  url: string;
  payload?: object | Buffer;
  headers?: Record<string, string>;
}

/** The first bytes of a PNG file: enough for the upload route to take it for one. */
const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
/** The first bytes of an MP4 file (a box of type "ftyp"). */
const MP4_BYTES = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom')]);

/** Refusals a handler itself may answer a caller the table lets in (its rules on the data, not on roles). */
const HANDLER_REFUSALS: Record<string, number[]> = {
  // Only a publisher the user belongs to can become their active one.
  'PUT /v1/users/publisher': [403],
  // The last active superuser cannot delete their account.
  'DELETE /v1/users/destroy': [409],
  // No translation provider is configured here, and the matrix's article is not waiting for the AI's summary.
  'POST /v1/admin/articles/:id/translate': [409],
  'POST /v1/admin/articles/:id/process': [409],
  // The feed's address is inside a private network, which the server never reads from.
  'GET /v1/manage/mrss/load': [400],
  // An upload's Upload-Length and Upload-Metadata are headers the matrix does not send.
  'POST /v1/manage/player/media': [400],
};

describe('the authorization matrix', () => {
  let t: TestApp;
  let f: ContentFixture;
  const auth = {} as Record<Identity, Record<string, string>>;
  const ids = {} as { reader: string; vendorA: string; vendorB: string };
  const VISITOR = 'visitor-matrix-0001';

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'off' });
    const db = t.database.handle.db;
    f = await seedContentFixture(db);
    const own = f.publishers.spree;
    const vendorA = (await db.insertInto('vendors').values({ name: 'Own Vendor' }).returning('id').executeTakeFirstOrThrow()).id;
    const vendorB = (await db.insertInto('vendors').values({ name: 'Other Vendor' }).returning('id').executeTakeFirstOrThrow()).id;
    Object.assign(ids, { vendorA, vendorB });
    ids.reader = await makeAccount(db, 'reader@matrix.example');
    await makeAccount(db, 'other-member@matrix.example', { publisher: { id: f.publishers.atlantic, role: AccountRole.MEMBER } });
    await makeAccount(db, 'member@matrix.example', { publisher: { id: own, role: AccountRole.MEMBER } });
    await makeAccount(db, 'admin@matrix.example', { publisher: { id: own, role: AccountRole.ADMIN } });
    await makeAccount(db, 'moderator@matrix.example', { adminRole: AdminRole.MODERATOR });
    await makeAccount(db, 'superuser@matrix.example', { adminRole: AdminRole.SUPERUSER });
    await makeAccount(db, 'vendor-user@matrix.example', { vendor: { id: vendorA, role: AccountRole.MEMBER } });
    auth.anonymous = {};
    auth.visitor = {};
    auth.reader = (await signIn(t.app, 'reader@matrix.example')).auth;
    auth.memberOfOtherPublisher = (await signIn(t.app, 'other-member@matrix.example')).auth;
    auth.member = (await signIn(t.app, 'member@matrix.example')).auth;
    auth.publisherAdmin = (await signIn(t.app, 'admin@matrix.example')).auth;
    auth.moderator = await adminAuth(t.app, await signIn(t.app, 'moderator@matrix.example'));
    auth.superuser = await adminAuth(t.app, await signIn(t.app, 'superuser@matrix.example'));
    auth.vendorUser = (await signIn(t.app, 'vendor-user@matrix.example')).auth;
    const keys = createApiKeyRepository(db);
    for (const [who, vendorId] of [['ownVendor', vendorA], ['otherVendor', vendorB]] as const) {
      const { key } = await keys.create({ vendorId });
      const res = await t.app.inject({ method: 'POST', url: '/v1/auth/vendor', payload: { key } });
      expect(res.statusCode, res.body).toBe(200);
      auth[who] = { authorization: `Bearer ${res.json().accessToken as string}` };
    }
  });
  afterAll(() => t?.close());

  /** A device waiting to be paired, made anew for each call that pairs one. */
  async function pendingDevice(): Promise<string> {
    return (await t.app.inject({ method: 'POST', url: '/v1/devices', payload: { name: 'Matrix TV' } })).json().id as string;
  }

  /** A request each row can be called with; `:id` names the resource the row is about. */
  async function callFor(route: string): Promise<Call> {
    const [, path] = route.split(' ') as [string, string];
    const idFor: Record<string, string> = {
      '/v1/manage/publishers/:id/users': f.publishers.spree,
      '/v1/manage/publishers/:id/settings': f.publishers.spree,
      '/v1/manage/publishers/:id/settings/branding': f.publishers.spree,
      '/v1/manage/publishers/:id/settings/branding/:image': f.publishers.spree,
      '/v1/vendor/:id': ids.vendorA,
      '/v1/vendor/articles/:id': f.articles.berlin,
      '/v1/admin/users/:id/config': ids.reader,
      '/v1/articles/:id': f.articles.berlin,
      '/v1/articles/:id/transcript': f.articles.berlin,
      '/v1/categories/:id': f.categories.politics,
      '/v1/articles/category/:id': f.categories.politics,
      '/v1/publishers/:id': f.publishers.spree,
      '/v1/publishers/:id/articles': f.publishers.spree,
      '/v1/playlists/:id': f.playlist,
      '/v1/articles/playlist/:id': f.playlist,
      '/v1/stories/:id': f.story,
      '/v1/stories/:id/articles': f.story,
    };
    const id = path.includes('/devices/:id') ? await pendingDevice() : (idFor[path] ?? randomUUID());
    // Further parameters (a poll's target, question or answer) name nothing: the handler answers 404.
    const url = path
      .replace(':id', id)
      .replace(':image', 'logo')
      .replace(':sessionId', 'cs_test_matrix000000000000')
      .replace(/:[A-Za-z]+/g, () => randomUUID());
    const bodies: Record<string, object> = {
      'POST /v1/users/register': { email: `new-${randomUUID()}@matrix.example`, password: 'a-long-enough-passphrase', name: 'New' },
      'POST /v1/users/verify': { key: 'a'.repeat(43) },
      'POST /v1/users/login': { email: 'nobody@matrix.example', password: 'whatever-password' },
      'POST /v1/users/resetpassword': { email: 'nobody@matrix.example' },
      'PUT /v1/users/resetpassword': { key: 'a'.repeat(43), password: 'a-long-enough-passphrase' },
      'PUT /v1/users/config': { key: 'bulletin', value: true },
      'PUT /v1/users/update': { name: 'Renamed' },
      'DELETE /v1/users/destroy': { password: 'correct-horse-battery-staple' },
      'PUT /v1/users/publisher': { publisherId: f.publishers.spree },
      'POST /v1/auth/vendor': { key: 'nr_not-a-real-key-0123456789' },
      'POST /v1/locations': { label: 'Berlin', countryName: 'Germany', city: 'Berlin', lat: 52.52, lon: 13.4 },
      'POST /v1/articles/like': { articleId: f.articles.berlin, action: 'add' },
      'POST /v1/articles/dislike': { articleId: f.articles.berlin, action: 'add' },
      'POST /v1/articles/save': { articleId: f.articles.berlin, action: 'add' },
      'POST /v1/articles/view': { articleIds: [f.articles.berlin], action: 'add' },
      'POST /v1/scores/user': { userCategoryScores: [{ categoryId: f.categories.sport, score: 10 }] },
      'POST /v1/devices': { name: 'Matrix TV' },
      'PUT /v1/devices/:id': { name: 'Matrix TV' },
      'POST /v1/visitors': { screenWidth: 1280, screenHeight: 800 },
      'PUT /v1/visitors/:id': { screenWidth: 1280, screenHeight: 800 },
      'PUT /v1/admin/users/:id/config': { key: 'subscriptionExempt', value: true },
      'PUT /v1/admin/users/:id': { status: 1 },
      'POST /v1/admin/admin-roles': { email: 'nobody@matrix.example', role: 1 },
      'PUT /v1/admin/admin-roles/:userId': { role: 1 },
      'POST /v1/admin/vendors': { name: `Matrix vendor ${randomUUID()}` },
      'PUT /v1/admin/vendors/:id': { name: 'Renamed vendor' },
      'POST /v1/admin/vendors/:id/users': { email: 'nobody@matrix.example', role: 1 },
      'PUT /v1/admin/vendors/:id/users/:userId': { role: 1 },
      'POST /v1/admin/api-keys': { vendorId: randomUUID() },
      'POST /v1/vendor/api-keys': { name: 'Matrix key' },
      'POST /v1/polls/find': {},
      'POST /v1/proxy/kinesis': { events: [] },
      'POST /v1/client-errors': { reports: [{ message: 'Matrix failure', context: { source: 'matrix' }, url: 'https://news.example/', reportedAt: '2026-11-26T10:00:00.000Z' }] },
      'POST /v1/polls/:id/vote': { visitorId: VISITOR, pollQuestionId: randomUUID(), pollAnswerId: randomUUID() },
      'POST /v1/admin/polls': { name: 'Matrix poll' },
      'POST /v1/admin/categories': { slug: `matrix-${randomUUID()}`, name: 'Matrix category' },
      'PUT /v1/admin/categories/:id': { name: 'Renamed category' },
      'POST /v1/admin/publishers': { slug: `matrix-${randomUUID()}`, name: 'Matrix publisher' },
      'PUT /v1/admin/publishers/:id': { name: 'Renamed publisher' },
      'POST /v1/admin/publishers/:id/users': { email: 'nobody@matrix.example', role: 1 },
      'PUT /v1/admin/publishers/:id/users/:userId': { role: 1 },
      'POST /v1/admin/playlists': { externalId: `matrix-${randomUUID()}`, name: 'Matrix playlist' },
      'PUT /v1/admin/playlists/:id': { name: 'Renamed playlist' },
      'POST /v1/admin/playlists/:id/articles': { articleId: randomUUID() },
      'POST /v1/admin/playlists/:id/articles/batch': { articleIds: [randomUUID()] },
      'DELETE /v1/admin/playlists/:id/articles': { articleId: randomUUID() },
      'PUT /v1/admin/playlists/:id/articles/order': { articleIds: [randomUUID()] },
      'POST /v1/admin/stories': { slug: `matrix-${randomUUID()}`, title: 'Matrix story' },
      'PUT /v1/admin/stories/:id': { title: 'Renamed story' },
      'POST /v1/admin/stories/:id/articles': { articleId: randomUUID() },
      'POST /v1/admin/stories/:id/articles/batch': { articleIds: [randomUUID()] },
      'DELETE /v1/admin/stories/:id/articles': { articleId: randomUUID() },
      'PUT /v1/admin/stories/:id/articles/order': { articleIds: [randomUUID()] },
      'PUT /v1/admin/polls/:id': { name: 'Renamed poll' },
      'PUT /v1/admin/polls/:id/asset': { fileType: 'image/png', fileName: 'matrix.png' },
      'DELETE /v1/admin/polls/:id/asset': { fileName: 'matrix.png' },
      'PUT /v1/admin/polls/:id/asset/file': PNG_BYTES,
      'PUT /v1/admin/ads/:id/media': MP4_BYTES,
      'POST /v1/admin/polls/:id/targets': { regionIds: [1] },
      'PUT /v1/admin/polls/:id/targets/:targetId': { regionIds: [1] },
      'POST /v1/admin/polls/:id/questions': { label: 'Matrix question?' },
      'PUT /v1/admin/polls/:id/questions/:questionId': { label: 'Matrix question?' },
      'POST /v1/admin/polls/:id/questions/:questionId/answers': { label: 'Matrix answer' },
      'PUT /v1/admin/polls/:id/questions/:questionId/answers/:answerId': { label: 'Matrix answer' },
      'PUT /v1/admin/articles/:id': { breaking: true },
      'POST /v1/admin/articles/:id/needs-work': { reason: 'Matrix reason' },
      'POST /v1/admin/articles/:id/translate': { language: 'fr' },
      'POST /v1/admin/articles/:id/process': { type: 'summary' },
      'POST /v1/admin/articles/:id/media-assets': { type: 2, fileType: 'audio/mpeg', url: '/media/demo/matrix/audio.mp3' },
      'POST /v1/admin/stories/:id/assets': { fileType: 'image/png' },
      'PUT /v1/admin/stories/:id/assets/:assetId/file': PNG_BYTES,
      'POST /v1/admin/notifications': { title: 'Matrix notification', body: 'Matrix body', audience: 'everyone', sendAt: '2030-01-01T00:00:00.000Z' },
      'PUT /v1/admin/notifications/:id': { title: 'Renamed notification' },
      'POST /v1/contact': { name: 'Matrix', email: 'matrix@example.com', subject: 'Matrix subject', message: 'A message from the matrix.', startedAt: 0 },
      'PUT /v1/admin/contact-messages/:id': { handled: true },
      'POST /v1/admin/ads': { title: 'Matrix ad' },
      'PUT /v1/admin/ads/:id': { title: 'Renamed ad' },
      'PUT /v1/manage/publishers/:id/settings': { description: 'Matrix description' },
      'PUT /v1/manage/publishers/:id/settings/branding': { primaryColour: '#123456' },
      'PUT /v1/manage/publishers/:id/settings/branding/:image': PNG_BYTES,
      'POST /v1/manage/articles/bundle': {
        title: 'Matrix article title',
        slug: `matrix-${randomUUID()}`,
        description: 'A matrix article description that is long enough for the minimum.',
        submit: false,
      },
      'PUT /v1/manage/articles/bundle/:id': { breaking: true },
      'POST /v1/stripe/checkout': { currency: 'usd', interval: 'month', urlBase: 'http://localhost' },
      'POST /v1/stripe/test-checkout/:sessionId': { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
      'PUT /v1/admin/subscription-prices': { items: [{ countryCode: 'default', currency: 'usd', month: 499, year: 4990 }] },
      'POST /v1/subscriptions/meter': { articleId: f.articles.berlin },
      'PUT /v1/admin/subscription-meter': { freeArticles: 5, periodDays: 30 },
      'PUT /v1/manage/player/media/:id/keyframe': { articleId: randomUUID(), position: 1 },
      'PUT /v1/manage/player/media/:id/thumbnail/import': { url: 'https://images.example.com/poster.jpg' },
    };
    const headers: Record<string, Record<string, string>> = {
      'PUT /v1/admin/polls/:id/asset/file': { 'content-type': 'image/png' },
      'PUT /v1/admin/ads/:id/media': { 'content-type': 'video/mp4' },
      'PUT /v1/admin/stories/:id/assets/:assetId/file': { 'content-type': 'image/png' },
      'PUT /v1/manage/publishers/:id/settings/branding/:image': { 'content-type': 'image/png' },
    };
    const queries: Record<string, string> = {
      'GET /v1/articles/radar': 'lat=52.52&lon=13.4&radius=50000',
      'GET /v1/articles/load': `ids=${f.articles.berlin}`,
      'GET /v1/articles/interactions': `ids=${f.articles.berlin}`,
      'GET /v1/search': 'q=berlin',
      'GET /v1/vendor/articles/search': 'q=berlin',
      'GET /v1/config/app': 'type=web',
      'GET /v1/ads/next': `articleId=${f.articles.berlin}`,
      'PUT /v1/admin/polls/:id/asset/file': 'fileName=matrix.png',
      'GET /v1/manage/articles/search': 'q=berlin',
      'GET /v1/manage/mrss/load': 'url=http%3A%2F%2F10.0.0.1%2Ffeed.xml',
    };
    return { url: queries[route] ? `${url}?${queries[route]}` : url, payload: bodies[route], headers: headers[route] };
  }

  /** The call as `who`: their token, or for the visitor their visitorId (query, and body when there is one). */
  function as(who: Identity, method: string, call: Call) {
    let { url, payload } = call;
    if (who === 'visitor') {
      url += `${url.includes('?') ? '&' : '?'}visitorId=${VISITOR}`;
      if (payload && !Buffer.isBuffer(payload) && method !== 'GET') payload = { ...payload, visitorId: VISITOR };
    }
    return t.app.inject({ method: method as 'GET', url, payload, headers: { ...call.headers, ...auth[who] } });
  }

  it('holds a row for every /v1 route the server has, and a route for every row', () => {
    for (const route of Object.keys(ACCESS_TABLE)) {
      const [method, url] = route.split(' ') as [string, string];
      expect(t.app.hasRoute({ method: method as 'GET', url }), `${route} is in the access table but no such route exists`).toBe(true);
    }
  });

  it('refuses to start with a route that has no row', async () => {
    const app = Fastify();
    await app.register(registerAccess, { tokens: createTokenService(new Uint8Array(32)), principals: createPrincipalRepository(t.database.handle.db) });
    void app.register(async (scope) => {
      scope.get('/v1/admin/forgotten', async () => ({ ok: true }));
    });
    await expect(app.ready()).rejects.toThrow(/GET \/v1\/admin\/forgotten has no row in the access table/);
  });

  // The account-deleting row goes last, since it deletes the callers it lets in.
  const rows = Object.entries(ACCESS_TABLE).sort(([a], [b]) => Number(a === 'DELETE /v1/users/destroy') - Number(b === 'DELETE /v1/users/destroy'));
  it.each(rows)('%s', async (route, rule) => {
    const [method] = route.split(' ') as [string];
    const refusals = new Set<string>(Object.values(ACCESS_REFUSALS));
    for (const who of IDENTITIES) {
      const outcome = expected(rule, who);
      const res = await as(who, method, await callFor(route));
      const message = res.body ? ((res.json() as { message?: string }).message ?? '') : '';
      const label = `${route} as ${who}: ${res.statusCode} ${res.body.slice(0, 200)}`;
      if (outcome === 'allowed') {
        // Let through: whatever the handler answers, it is not the access layer refusing.
        expect(res.statusCode === 401 || res.statusCode === 403 ? refusals.has(message) : false, label).toBe(false);
        expect(res.statusCode, label).toBeLessThan(500);
        if (rule.who !== 'anyone') expect([200, 201, 202, 204, 404, ...(HANDLER_REFUSALS[route] ?? [])].includes(res.statusCode), label).toBe(true);
      } else {
        expect(res.statusCode, label).toBe(outcome);
        // A HEAD answer has no body to say why.
        if (method !== 'HEAD') expect(refusals.has(message), label).toBe(true);
      }
    }
  });
});
