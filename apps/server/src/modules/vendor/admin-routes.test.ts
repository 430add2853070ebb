import { createHash } from 'node:crypto';
import {
  AccountRole,
  AdminRole,
  apiPaths,
  type AdminApiKey,
  type AdminApiKeyCreated,
  type AdminApiKeyList,
  type AdminVendor,
  type AdminVendorList,
  type AuditList,
  type MemberUser,
  adminApiPaths,
  vendorApiPaths,
} from '@newsreel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, makeAccount, signIn } from '../../../test/accounts';
import { apiCaller, type Headers } from '../../../test/api-caller';
import { createTestApp, type TestApp } from '../../../test/helpers';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('the admin console’s vendors, vendor users and API keys', () => {
  let t: TestApp;
  let superuser: Headers;
  const db = () => t.database.handle.db;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'off' });
    await makeAccount(db(), 'root@vendors.example', { adminRole: AdminRole.SUPERUSER });
    superuser = await adminAuth(t.app, await signIn(t.app, 'root@vendors.example'));
  });
  afterAll(() => t?.close());

  const { call, ok, refused } = apiCaller(() => t.app, () => superuser);
  const auditOf = async (query: string) => (await ok<AuditList>('GET', `${adminApiPaths.audit}?${query}`)).items;
  const exchange = (key: string) => t.app.inject({ method: 'POST', url: apiPaths.authVendor, payload: { key } });

  it('creates, lists, shows, renames and deletes vendors', async () => {
    const created = await call('POST', adminApiPaths.vendors, { name: '  Northwind Feeds ' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['cache-control']).toBe('private, no-store');
    const northwind = created.json() as AdminVendor;
    expect(northwind).toMatchObject({ name: 'Northwind Feeds', userCount: 0, liveApiKeys: 0 });
    await ok('POST', adminApiPaths.vendors, { name: 'Acme Wire' });
    await ok('POST', adminApiPaths.vendors, { name: 'Zenith Data' });

    const names = async (query: string) => (await ok<AdminVendorList>('GET', `${adminApiPaths.vendors}?${query}`)).items.map((vendor) => vendor.name);
    expect(await names('')).toEqual(['Acme Wire', 'Northwind Feeds', 'Zenith Data']);
    expect(await names('order=desc')).toEqual(['Zenith Data', 'Northwind Feeds', 'Acme Wire']);
    expect(await names('sort=createdAt')).toEqual(['Zenith Data', 'Acme Wire', 'Northwind Feeds']);
    expect(await names('q=WIND')).toEqual(['Northwind Feeds']);
    expect(await ok<AdminVendorList>('GET', `${adminApiPaths.vendors}?limit=1&page=3`)).toMatchObject({ total: 3, page: 3, limit: 1, items: [{ name: 'Zenith Data' }] });

    expect(await ok<AdminVendor>('GET', adminApiPaths.vendor(northwind.id))).toMatchObject({ id: northwind.id, name: 'Northwind Feeds' });
    expect(await ok<AdminVendor>('PUT', adminApiPaths.vendor(northwind.id), { name: 'Northwind Media' })).toMatchObject({ name: 'Northwind Media' });

    await refused('POST', adminApiPaths.vendors, { name: 'ACME WIRE' }, 409, /A vendor named “ACME WIRE” exists already/);
    await refused('PUT', adminApiPaths.vendor(northwind.id), { name: 'zenith data' }, 409, /exists already/);
    await refused('POST', adminApiPaths.vendors, { name: '' }, 400, /body\.name/);
    await refused('POST', adminApiPaths.vendors, { name: '   ' }, 400, /body\.name must hold more than spaces/);
    await refused('POST', adminApiPaths.vendors, { name: 'x'.repeat(121) }, 400, /body\.name/);
    await refused('POST', adminApiPaths.vendors, {}, 400, /body\.name is required/);
    await refused('GET', adminApiPaths.vendor(UNKNOWN), undefined, 404, /no vendor with that id/);
    await refused('PUT', adminApiPaths.vendor(UNKNOWN), { name: 'Ghost' }, 404, /no vendor with that id/);
    await refused('DELETE', adminApiPaths.vendor(UNKNOWN), undefined, 404, /no vendor with that id/);
    expect(await names('')).toEqual(['Acme Wire', 'Northwind Media', 'Zenith Data']);

    expect((await call('DELETE', adminApiPaths.vendor(northwind.id))).statusCode).toBe(204);
    await refused('GET', adminApiPaths.vendor(northwind.id), undefined, 404, /no vendor/);
    expect((await auditOf(`resource=vendor&resourceId=${northwind.id}`)).map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['delete', expect.objectContaining({ name: 'Northwind Media' }), null],
      ['update', expect.objectContaining({ name: 'Northwind Feeds' }), expect.objectContaining({ name: 'Northwind Media' })],
      ['create', null, expect.objectContaining({ name: 'Northwind Feeds' })],
    ]);
  });

  it('adds vendor users by email, lists, changes and removes them', async () => {
    const vendor = await ok<AdminVendor>('POST', adminApiPaths.vendors, { name: 'Globex Syndication' });
    await makeAccount(db(), 'Olga@globex.example');
    await makeAccount(db(), 'bert@globex.example');
    const olga = await call('POST', adminApiPaths.vendorUsers(vendor.id), { email: 'olga@GLOBEX.example', role: AccountRole.ADMIN });
    expect(olga.statusCode, olga.body).toBe(201);
    const olgaId = (olga.json() as MemberUser).userId;
    expect(olga.json()).toMatchObject({ email: 'Olga@globex.example', role: AccountRole.ADMIN });
    const bert = await ok<MemberUser>('POST', adminApiPaths.vendorUsers(vendor.id), { email: 'bert@globex.example', role: AccountRole.MEMBER });

    const emails = async (query = '') =>
      (await ok<{ items: MemberUser[]; total: number }>('GET', `${adminApiPaths.vendorUsers(vendor.id)}?${query}`)).items.map((member) => member.email);
    expect(await emails()).toEqual(['Olga@globex.example', 'bert@globex.example']);
    expect(await emails('sort=email')).toEqual(['bert@globex.example', 'Olga@globex.example']);
    expect(await emails(`role=${AccountRole.MEMBER}`)).toEqual(['bert@globex.example']);
    expect(await emails('q=olg')).toEqual(['Olga@globex.example']);
    expect(await ok<AdminVendor>('GET', adminApiPaths.vendor(vendor.id))).toMatchObject({ userCount: 2 });

    await refused('POST', adminApiPaths.vendorUsers(vendor.id), { email: 'bert@globex.example', role: AccountRole.ADMIN }, 409, /bert@globex\.example is already one of Globex Syndication’s users \(member\)/);
    await refused('POST', adminApiPaths.vendorUsers(vendor.id), { email: 'nobody@globex.example', role: AccountRole.MEMBER }, 404, /no account with the email nobody@globex\.example/);
    await refused('POST', adminApiPaths.vendorUsers(vendor.id), { email: 'bert@globex.example', role: 5 }, 400, /body\.role must be one of: 0, 1/);
    await refused('POST', adminApiPaths.vendorUsers(UNKNOWN), { email: 'bert@globex.example', role: AccountRole.MEMBER }, 404, /no vendor with that id/);
    await refused('GET', adminApiPaths.vendorUsers(UNKNOWN), undefined, 404, /no vendor with that id/);

    expect(await ok<MemberUser>('PUT', adminApiPaths.vendorUser(vendor.id, bert.userId), { role: AccountRole.ADMIN })).toMatchObject({ role: AccountRole.ADMIN });
    await refused('PUT', adminApiPaths.vendorUser(vendor.id, UNKNOWN), { role: AccountRole.ADMIN }, 404, /not one of this vendor’s users/);
    await refused('PUT', adminApiPaths.vendorUser(vendor.id, bert.userId), { role: 'admin' }, 400, /body\.role/);
    expect((await call('DELETE', adminApiPaths.vendorUser(vendor.id, olgaId))).statusCode).toBe(204);
    await refused('DELETE', adminApiPaths.vendorUser(vendor.id, olgaId), undefined, 404, /not one of this vendor’s users/);
    expect(await emails()).toEqual(['bert@globex.example']);
    expect((await auditOf(`resource=vendor-user&resourceId=${vendor.id}/${bert.userId}`)).map((entry) => entry.action)).toEqual(['update', 'create']);
    // The user's account stays.
    expect(await db().selectFrom('users').select('id').where('id', '=', olgaId).executeTakeFirst()).toBeDefined();
  });

  it('makes an API key shown once and stored hashed, which works at POST /v1/auth/vendor until it is revoked', async () => {
    const vendor = await ok<AdminVendor>('POST', adminApiPaths.vendors, { name: 'Initech Media' });
    const created = await call('POST', adminApiPaths.apiKeys, { vendorId: vendor.id });
    expect(created.statusCode, created.body).toBe(201);
    const key = created.json() as AdminApiKeyCreated;
    expect(key).toMatchObject({ name: 'Access Key', vendor: { id: vendor.id, name: 'Initech Media' }, user: null, revokedAt: null, lastUsedAt: null });
    expect(key.key).toMatch(/^nr_[A-Za-z0-9_-]{43}$/);
    expect(key.key.startsWith(key.prefix)).toBe(true);

    // Only the hash is stored; no answer shows the key again.
    const row = await db().selectFrom('api_keys').selectAll().where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(row.key_hash.equals(createHash('sha256').update(key.key).digest())).toBe(true);
    expect(JSON.stringify(row)).not.toContain(key.key);
    const listed = await ok<AdminApiKeyList>('GET', `${adminApiPaths.apiKeys}?vendorId=${vendor.id}`);
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).not.toHaveProperty('key');
    expect(JSON.stringify(listed)).not.toContain(key.key);

    const token = await exchange(key.key);
    expect(token.statusCode, token.body).toBe(200);
    expect(token.json().vendor).toEqual({ id: vendor.id, name: 'Initech Media' });
    const vendorAuth = { authorization: `Bearer ${token.json().accessToken as string}` };
    expect((await call('GET', vendorApiPaths.vendor(vendor.id), undefined, vendorAuth)).statusCode).toBe(200);
    expect((await ok<AdminApiKeyList>('GET', `${adminApiPaths.apiKeys}?vendorId=${vendor.id}`)).items[0]!.lastUsedAt).not.toBeNull();

    expect((await call('DELETE', adminApiPaths.apiKey(key.id))).statusCode).toBe(204);
    const refusedExchange = await exchange(key.key);
    expect(refusedExchange.statusCode).toBe(401);
    expect(refusedExchange.json().message).toMatch(/unknown, or it was revoked/);
    expect((await call('GET', vendorApiPaths.vendor(vendor.id), undefined, vendorAuth)).statusCode).toBe(401);
    // Revoking again changes nothing; an unknown key is 404.
    expect((await call('DELETE', adminApiPaths.apiKey(key.id))).statusCode).toBe(204);
    await refused('DELETE', adminApiPaths.apiKey(UNKNOWN), undefined, 404, /no API key with that id/);
    // Made and revoked once each in the log, which never holds the key itself.
    const entries = await auditOf(`resource=api-key&resourceId=${key.id}`);
    expect(entries.map((entry) => entry.action)).toEqual(['revoke', 'create']);
    expect(entries[1]!.after).toMatchObject({ prefix: key.prefix, vendor: { id: vendor.id } });
    expect(JSON.stringify(entries)).not.toContain(key.key);
    const revoked = await ok<AdminApiKeyList>('GET', `${adminApiPaths.apiKeys}?vendorId=${vendor.id}&revoked=true`);
    expect(revoked.items.map((item) => item.id)).toEqual([key.id]);
    expect(revoked.items[0]!.revokedAt).not.toBeNull();
    expect((await ok<AdminApiKeyList>('GET', `${adminApiPaths.apiKeys}?vendorId=${vendor.id}&revoked=false`)).items).toEqual([]);
  });

  it('makes keys of users, which act for the user’s vendors; exactly one owner is required', async () => {
    const vendor = await ok<AdminVendor>('POST', adminApiPaths.vendors, { name: 'Umbrella Clips' });
    const member = await makeAccount(db(), 'keyholder@umbrella.example', { vendor: { id: vendor.id, role: AccountRole.MEMBER } });
    const loner = await makeAccount(db(), 'loner@umbrella.example');

    const key = await ok<AdminApiKeyCreated>('POST', adminApiPaths.apiKeys, { userId: member, name: 'Nightly import' });
    expect(key).toMatchObject({ name: 'Nightly import', vendor: null, user: { id: member, email: 'keyholder@umbrella.example' } });
    expect((await exchange(key.key)).json().vendor).toEqual({ id: vendor.id, name: 'Umbrella Clips' });
    const other = await ok<AdminApiKeyCreated>('POST', adminApiPaths.apiKeys, { vendorId: vendor.id, name: 'Second' });

    const ids = async (query: string) => (await ok<AdminApiKeyList>('GET', `${adminApiPaths.apiKeys}?${query}`)).items.map((item: AdminApiKey) => item.id);
    expect(await ids(`userId=${member}`)).toEqual([key.id]);
    expect(await ids(`vendorId=${vendor.id}`)).toEqual([other.id]);
    expect(await ids(`q=nightly`)).toEqual([key.id]);
    expect(await ids(`q=${key.prefix}`)).toEqual([key.id]);
    expect((await ids('sort=name&limit=150')).indexOf(key.id)).toBeLessThan((await ids('sort=name&limit=150')).indexOf(other.id));

    await refused('POST', adminApiPaths.apiKeys, { vendorId: vendor.id, userId: member }, 400, /body\.vendorId, body\.userId: give exactly one of them/);
    await refused('POST', adminApiPaths.apiKeys, { name: 'No owner' }, 400, /give exactly one of them/);
    await refused('POST', adminApiPaths.apiKeys, { vendorId: 'acme' }, 400, /body\.vendorId/);
    await refused('POST', adminApiPaths.apiKeys, { vendorId: vendor.id, name: '' }, 400, /body\.name/);
    await refused('POST', adminApiPaths.apiKeys, { vendorId: UNKNOWN }, 404, /no vendor with that id/);
    await refused('POST', adminApiPaths.apiKeys, { userId: UNKNOWN }, 404, /no user with that id/);
    await refused('POST', adminApiPaths.apiKeys, { userId: loner }, 409, /loner@umbrella\.example is not a user of any vendor/);
    expect(await db().selectFrom('api_keys').select('id').where('user_id', '=', loner).execute()).toEqual([]);

    // Deleting the vendor ends its memberships and keys: neither key works any more.
    expect((await call('DELETE', adminApiPaths.vendor(vendor.id))).statusCode).toBe(204);
    expect((await exchange(other.key)).statusCode).toBe(401);
    expect((await exchange(key.key)).statusCode).toBe(401);
  });

  it('is refused to moderators', async () => {
    await makeAccount(db(), 'mod@vendors.example', { adminRole: AdminRole.MODERATOR });
    const moderator = await adminAuth(t.app, await signIn(t.app, 'mod@vendors.example'));
    await refused('GET', adminApiPaths.vendors, undefined, 403, /Only a superuser/, moderator);
    await refused('POST', adminApiPaths.apiKeys, { vendorId: UNKNOWN }, 403, /Only a superuser/, moderator);
  });
});
