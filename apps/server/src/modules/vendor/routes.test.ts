import { AccountRole, apiPaths, type Vendor, type VendorApiKeyCreated, type VendorApiKeyList, type VendorArticle, type VendorArticleList, type VendorArticleSearch, vendorApiPaths } from '@newsreel/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, signIn } from '../../../test/accounts';
import { seedContentFixture, type ContentFixture } from '../../../test/content-fixture';
import { createTestApp, type TestApp } from '../../../test/helpers';

type Headers = Record<string, string>;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const RATE_LIMIT = 40;

describe('the vendor API (/v1/vendor)', () => {
  let t: TestApp;
  let f: ContentFixture;
  let northwind: string;
  let acme: string;
  /** Olga, a signed-in user of Northwind (her own account's rate budget). */
  let olga: Headers;
  const db = () => t.database.handle.db;

  beforeAll(async () => {
    t = await createTestApp({ VENDOR_RATE_LIMIT: String(RATE_LIMIT) });
    f = await seedContentFixture(db());
    northwind = (await db().insertInto('vendors').values({ name: 'Northwind Feeds' }).returning('id').executeTakeFirstOrThrow()).id;
    acme = (await db().insertInto('vendors').values({ name: 'Acme Wire' }).returning('id').executeTakeFirstOrThrow()).id;
    await makeAccount(db(), 'olga@northwind.example', { vendor: { id: northwind, role: AccountRole.ADMIN } });
    await makeAccount(db(), 'reader@northwind.example');
    olga = (await signIn(t.app, 'olga@northwind.example')).auth;
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, payload });
  async function ok<T>(method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: object): Promise<T> {
    const res = await call(method, url, headers, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return (res.body ? res.json() : undefined) as T;
  }
  async function tokenOf(key: string): Promise<Headers> {
    const res = await t.app.inject({ method: 'POST', url: apiPaths.authVendor, payload: { key } });
    expect(res.statusCode, res.body).toBe(200);
    return { authorization: `Bearer ${res.json().accessToken as string}` };
  }
  const exchange = (key: string) => t.app.inject({ method: 'POST', url: apiPaths.authVendor, payload: { key } });

  it('makes a key that is shown once and stored hashed, which a client exchanges and reads articles with', async () => {
    const made = await ok<VendorApiKeyCreated>('POST', vendorApiPaths.apiKeys, olga, { name: '  Newsroom sync ' });
    expect(made).toMatchObject({ name: 'Newsroom sync', revokedAt: null, lastUsedAt: null });
    expect(made.key).toMatch(/^nr_[A-Za-z0-9_-]{43}$/);
    expect(made.key.startsWith(made.prefix)).toBe(true);
    // Stored as its hash: the key itself is nowhere in the table.
    const stored = await db().selectFrom('api_keys').selectAll().where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(made.key.slice(9));
    expect(stored.vendor_id).toBe(northwind);
    // The default name, with an empty body or none at all.
    expect(await ok<VendorApiKeyCreated>('POST', vendorApiPaths.apiKeys, olga, {})).toMatchObject({ name: 'Access Key' });
    expect(await ok<VendorApiKeyCreated>('POST', vendorApiPaths.apiKeys, olga)).toMatchObject({ name: 'Access Key' });

    const vendor = await tokenOf(made.key);
    const list = await ok<VendorApiKeyList>('GET', vendorApiPaths.apiKeys, vendor);
    expect(list.items.map((key) => key.name)).toEqual(['Access Key', 'Access Key', 'Newsroom sync']);
    expect(JSON.stringify(list)).not.toContain(made.key);
    expect(list.items.find((key) => key.id === made.id)!.lastUsedAt).not.toBeNull();
    // `key`: which of the vendor's keys a prefix (or the start of a key) is.
    expect((await ok<VendorApiKeyList>('GET', `${vendorApiPaths.apiKeys}?key=${made.prefix}`, vendor)).items.map((key) => key.id)).toEqual([made.id]);
    expect((await ok<VendorApiKeyList>('GET', `${vendorApiPaths.apiKeys}?key=${made.key.slice(0, 20)}`, olga)).items.map((key) => key.id)).toEqual([made.id]);
    expect((await ok<VendorApiKeyList>('GET', `${vendorApiPaths.apiKeys}?key=nr_zzzzzzzz`, olga)).items).toEqual([]);
    expect(await ok<Vendor>('GET', vendorApiPaths.vendor(northwind), vendor)).toMatchObject({ id: northwind, name: 'Northwind Feeds' });

    // List: published articles only, newest change first, each with updatedAt.
    const page = await ok<VendorArticleList>('GET', vendorApiPaths.articles, vendor);
    expect(page.items.map((article) => article.id).sort()).toEqual([...f.publicIds].sort());
    expect(page.nextCursor).toBeNull();
    expect(page.items[0]).toMatchObject({ publisher: { name: expect.any(String) }, updatedAt: expect.any(String) });
    // Search and show.
    const found = await ok<VendorArticleSearch>('GET', `${vendorApiPaths.articleSearch}?q=budget`, vendor);
    expect(found.items.map((hit) => hit.id)).toEqual([f.articles.berlin]);
    expect(found.items[0]!.snippet).toContain('<mark>');
    const article = await ok<VendorArticle>('GET', vendorApiPaths.article(f.articles.berlin), vendor);
    expect(article).toMatchObject({ id: f.articles.berlin, title: 'Berlin city hall votes on the new budget', transcript: { language: 'en' } });
    expect(article.media.map((media) => media.fileType)).toEqual(expect.arrayContaining(['video/webm', 'audio/mpeg', 'image/jpeg']));
    expect((await ok<VendorArticle>('GET', `${vendorApiPaths.article(f.articles.hamburg)}?language=de`, vendor)).transcript).toMatchObject({ language: 'de' });
    for (const hidden of [f.articles.pending, f.articles.scheduled, UNKNOWN]) {
      const res = await call('GET', vendorApiPaths.article(hidden), vendor);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toMatch(/no published article/);
    }
  });

  it('pages articles by a stable cursor, with filters', async () => {
    const { key } = await ok<VendorApiKeyCreated>('POST', vendorApiPaths.apiKeys, olga, { name: 'Paging' });
    const vendor = await tokenOf(key);
    // Distinct change times, oldest first in publicIds' reverse order.
    const ids = [...f.publicIds].reverse();
    for (const [index, id] of ids.entries()) {
      await sql`UPDATE articles SET updated_at = ${new Date(Date.UTC(2030, 0, 1, 0, index))} WHERE id = ${id}`.execute(db());
    }
    async function walk(query: string): Promise<string[]> {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: VendorArticleList = await ok<VendorArticleList>('GET', `${vendorApiPaths.articles}?limit=2&${query}${cursor ? `&cursor=${cursor}` : ''}`, vendor);
        expect(page.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.items.map((article) => article.id));
        cursor = page.nextCursor;
      } while (cursor);
      return seen;
    }
    expect(await walk('order=asc')).toEqual(ids);
    expect(await walk('')).toEqual([...ids].reverse());
    expect(await walk(`order=asc&updatedSince=${encodeURIComponent(new Date(Date.UTC(2030, 0, 1, 0, 3)).toISOString())}`)).toEqual(ids.slice(3));

    // An article changed while a client pages moves to the end of an ascending walk; nothing repeats or is skipped.
    const first = await ok<VendorArticleList>('GET', `${vendorApiPaths.articles}?limit=2&order=asc`, vendor);
    await sql`UPDATE articles SET updated_at = ${new Date(Date.UTC(2030, 0, 2))} WHERE id = ${ids[0]}`.execute(db());
    const rest = await ok<VendorArticleList>('GET', `${vendorApiPaths.articles}?limit=100&order=asc&cursor=${first.nextCursor}`, vendor);
    expect([...first.items, ...rest.items].map((article) => article.id)).toEqual([...ids, ids[0]]);

    const only = async (query: string) => (await ok<VendorArticleList>('GET', `${vendorApiPaths.articles}?${query}`, vendor)).items.map((article) => article.id).sort();
    expect(await only('language=de')).toEqual([f.articles.potsdam, f.articles.berlinMitte].sort());
    expect(await only(`publisherId=${f.publishers.atlantic}&categoryIds=${f.categories.sport}&language=en`)).toEqual([f.articles.hamburg]);
    expect((await only('regionIds=11')).length).toBeGreaterThan(1);
  });

  it('refuses bad input with a message that says what to change, and changes nothing', async () => {
    const before = await db().selectFrom('api_keys').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow();
    const refused = async (method: 'GET' | 'POST', url: string, payload: object | undefined, message: RegExp) => {
      const res = await call(method, url, olga, payload);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().message).toMatch(message);
    };
    await refused('POST', vendorApiPaths.apiKeys, { name: '' }, /body\.name/);
    await refused('POST', vendorApiPaths.apiKeys, { name: '   ' }, /body\.name must hold more than spaces/);
    await refused('POST', vendorApiPaths.apiKeys, { name: 'x'.repeat(81) }, /body\.name/);
    await refused('POST', vendorApiPaths.apiKeys, { name: 'Ok', vendorId: acme }, /vendorId/);
    await refused('GET', `${vendorApiPaths.apiKeys}?key=nr_`, undefined, /querystring\.key/);
    await refused('GET', `${vendorApiPaths.articles}?cursor=not-a-cursor`, undefined, /querystring\.cursor is not a cursor this API gave out/);
    await refused('GET', `${vendorApiPaths.articles}?updatedSince=yesterday`, undefined, /querystring\.updatedSince/);
    await refused('GET', `${vendorApiPaths.articles}?regionIds=999`, undefined, /querystring\.regionIds/);
    await refused('GET', `${vendorApiPaths.articles}?limit=0`, undefined, /querystring\.limit/);
    await refused('GET', `${vendorApiPaths.articleSearch}`, undefined, /querystring\.q/);
    await refused('GET', vendorApiPaths.article('not-an-id'), undefined, /params\.id/);
    const after = await db().selectFrom('api_keys').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('revokes a key: its tokens stop at once; rotating gives a new secret and stops the old one', async () => {
    const made = await ok<VendorApiKeyCreated>('POST', vendorApiPaths.apiKeys, olga, { name: 'Short-lived' });
    const vendor = await tokenOf(made.key);
    await ok('GET', vendorApiPaths.articles, vendor);
    expect((await call('DELETE', vendorApiPaths.apiKey(made.id), olga)).statusCode).toBe(204);
    const after = await call('GET', vendorApiPaths.articles, vendor);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toMatch(/revoked/);
    expect((await exchange(made.key)).statusCode).toBe(401);
    // Revoking again changes nothing; the key stays listed, marked revoked.
    expect((await call('DELETE', vendorApiPaths.apiKey(made.id), olga)).statusCode).toBe(204);
    expect((await ok<VendorApiKeyList>('GET', `${vendorApiPaths.apiKeys}?key=${made.prefix}`, olga)).items[0]!.revokedAt).not.toBeNull();

    const live = await ok<VendorApiKeyCreated>('POST', vendorApiPaths.apiKeys, olga, { name: 'Rotating' });
    const oldToken = await tokenOf(live.key);
    const rotated = await ok<VendorApiKeyCreated>('POST', vendorApiPaths.apiKeyRotate(live.id), oldToken);
    expect(rotated).toMatchObject({ name: 'Rotating', revokedAt: null });
    expect(rotated.id).not.toBe(live.id);
    expect(rotated.key).not.toBe(live.key);
    expect((await call('GET', vendorApiPaths.articles, oldToken)).statusCode).toBe(401);
    expect((await exchange(live.key)).statusCode).toBe(401);
    await ok('GET', vendorApiPaths.articles, await tokenOf(rotated.key));
    const rotateAgain = await call('POST', vendorApiPaths.apiKeyRotate(live.id), olga);
    expect(rotateAgain.statusCode).toBe(409);
    expect(rotateAgain.json().message).toMatch(/revoked, so it cannot be rotated/);
  });

  it('keeps each vendor to its own keys', async () => {
    const acmeKey = (await t.app.inject({ method: 'POST', url: vendorApiPaths.apiKeys, headers: olga, payload: {} })).json() as VendorApiKeyCreated;
    // Acme's own key, made as an admin would.
    const { createApiKeyRepository } = await import('../auth/api-keys');
    const theirs = await createApiKeyRepository(db()).create({ vendorId: acme }, 'Acme main');
    const acmeToken = await tokenOf(theirs.key);
    expect((await ok<VendorApiKeyList>('GET', vendorApiPaths.apiKeys, acmeToken)).items.map((key) => key.id)).toEqual([theirs.id]);
    for (const [method, url] of [['DELETE', vendorApiPaths.apiKey(acmeKey.id)], ['POST', vendorApiPaths.apiKeyRotate(acmeKey.id)]] as const) {
      const res = await call(method, url, acmeToken);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toMatch(/no API key with that id/);
    }
    expect((await call('DELETE', vendorApiPaths.apiKey(theirs.id), olga)).statusCode).toBe(404);
    expect((await ok<VendorApiKeyList>('GET', `${vendorApiPaths.apiKeys}?key=${theirs.key.slice(0, 9)}`, olga)).items).toEqual([]);
    // Northwind's key still works; another vendor's record is closed to it.
    await ok('GET', vendorApiPaths.articles, await tokenOf(acmeKey.key));
    expect((await call('GET', vendorApiPaths.vendor(acme), olga)).statusCode).toBe(403);
    // A signed-in user of no vendor, and nobody.
    const reader = (await signIn(t.app, 'reader@northwind.example')).auth;
    const refused = await call('GET', vendorApiPaths.apiKeys, reader);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/This needs a vendor/);
    expect((await call('GET', vendorApiPaths.articles, {})).statusCode).toBe(401);
  });

  it('limits each key to its budget a minute, with Retry-After', async () => {
    const { key } = await ok<VendorApiKeyCreated>('POST', vendorApiPaths.apiKeys, olga, { name: 'Busy' });
    const busy = await tokenOf(key);
    const other = await tokenOf((await ok<VendorApiKeyCreated>('POST', vendorApiPaths.apiKeys, olga, { name: 'Quiet' })).key);
    for (let i = 0; i < RATE_LIMIT; i++) {
      const res = await call('GET', i % 2 ? vendorApiPaths.apiKeys : `${vendorApiPaths.articles}?limit=1`, busy);
      expect(res.statusCode, res.body).toBe(200);
    }
    const limited = await call('GET', vendorApiPaths.article(f.articles.berlin), busy);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/Too many calls to the vendor API: 40 a minute per key\. Try again in/);
    // Another key has its own budget.
    expect((await call('GET', vendorApiPaths.article(f.articles.berlin), other)).statusCode).toBe(200);
  });
});
