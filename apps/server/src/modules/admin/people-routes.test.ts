import {
  AccountRole,
  AccountStatus,
  AdminRole,
  REFRESH_COOKIE_NAME,
  apiPaths,
  type AdminApiKeyCreated,
  type AdminRoleHolder,
  type AdminRoleList,
  type AdminUserDetail,
  type AdminUserList,
  type AuditList,
  adminApiPaths,
  vendorApiPaths,
} from '@newsreel/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, makeAccount, signIn, TEST_PASSWORD } from '../../../test/accounts';
import { apiCaller, type Headers } from '../../../test/api-caller';
import { createTestApp, testDatabaseDriver, type TestApp } from '../../../test/helpers';
import { keepAnActiveSuperuser } from './last-superuser';


describe('the admin console’s users and admin roles', () => {
  let t: TestApp;
  let superuser: Headers;
  let superuserId: string;
  const db = () => t.database.handle.db;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'off' });
    superuserId = await makeAccount(db(), 'root@people.example', { adminRole: AdminRole.SUPERUSER });
    superuser = await adminAuth(t.app, await signIn(t.app, 'root@people.example'));
  });
  afterAll(() => t?.close());

  const { call, ok, refused } = apiCaller(() => t.app, () => superuser);
  const auditOf = async (query: string) => (await ok<AuditList>('GET', `${adminApiPaths.audit}?${query}`)).items;
  const statusOf = async (id: string) => (await db().selectFrom('users').select('status').where('id', '=', id).executeTakeFirst())?.status;
  const activeSuperusers = async () =>
    Number(
      (
        await sql<{ n: string }>`SELECT count(*) AS n FROM admin_roles r JOIN users u ON u.id = r.user_id
          WHERE r.role = ${AdminRole.SUPERUSER} AND u.status = ${AccountStatus.ACTIVE}`.execute(db())
      ).rows[0]!.n,
    );

  describe('users', () => {
    it('lists users with paging, sorting, filters and search', async () => {
      const ids = {
        zed: await makeAccount(db(), 'zed.ortiz@list.example'),
        amy: await makeAccount(db(), 'amy.baker@list.example'),
        mod: await makeAccount(db(), 'mia.mod@list.example', { adminRole: AdminRole.MODERATOR }),
      };
      await db().updateTable('users').set({ status: AccountStatus.SUSPENDED }).where('id', '=', ids.zed).execute();
      await ok('PUT', adminApiPaths.userConfig(ids.amy), { key: 'subscriptionExempt', value: true });

      const list = async (query: string) => (await ok<AdminUserList>('GET', `${adminApiPaths.users}?${query}`)).items.map((user) => user.email);
      expect(await list('q=LIST.example&sort=email')).toEqual(['amy.baker@list.example', 'mia.mod@list.example', 'zed.ortiz@list.example']);
      expect(await list('q=list.example&sort=email&order=desc')).toEqual(['zed.ortiz@list.example', 'mia.mod@list.example', 'amy.baker@list.example']);
      // Newest first by default.
      expect(await list('q=list.example')).toEqual(['mia.mod@list.example', 'amy.baker@list.example', 'zed.ortiz@list.example']);
      expect(await list('q=ortiz')).toEqual(['zed.ortiz@list.example']);
      expect(await list('q=%25')).toEqual([]);
      expect(await list(`q=list.example&status=${AccountStatus.SUSPENDED}`)).toEqual(['zed.ortiz@list.example']);
      expect(await list(`q=list.example&role=${AdminRole.MODERATOR}`)).toEqual(['mia.mod@list.example']);
      expect(await list('q=list.example&subscriptionExempt=true')).toEqual(['amy.baker@list.example']);
      expect(await list('q=list.example&subscriptionExempt=false&sort=email')).toEqual(['mia.mod@list.example', 'zed.ortiz@list.example']);

      const paged = await ok<AdminUserList>('GET', `${adminApiPaths.users}?q=list.example&sort=email&limit=1&page=2`);
      expect(paged).toMatchObject({ total: 3, page: 2, limit: 1, items: [{ email: 'mia.mod@list.example', adminRole: AdminRole.MODERATOR, status: AccountStatus.ACTIVE, subscriptionExempt: false }] });
      expect((await call('GET', adminApiPaths.users)).headers['cache-control']).toBe('private, no-store');
      await refused('GET', `${adminApiPaths.users}?status=7`, undefined, 400, /querystring\.status must be one of: 0, 1, 2/);
      await refused('GET', `${adminApiPaths.users}?sort=password`, undefined, 400, /querystring\.sort/);
    });

    it('shows one user with their roles, memberships, settings and subscription exemption', async () => {
      const vendor = (await db().insertInto('vendors').values({ name: 'Detail Vendor' }).returning('id').executeTakeFirstOrThrow()).id;
      const id = await makeAccount(db(), 'detail@people.example', { vendor: { id: vendor, role: AccountRole.MEMBER } });
      await signIn(t.app, 'detail@people.example');
      let detail = await ok<AdminUserDetail>('GET', adminApiPaths.user(id));
      expect(detail).toMatchObject({
        id,
        email: 'detail@people.example',
        status: AccountStatus.ACTIVE,
        adminRole: null,
        vendors: [{ id: vendor, name: 'Detail Vendor', role: AccountRole.MEMBER }],
        subscriptionExempt: false,
        activeSessions: 1,
        liveApiKeys: 0,
      });
      await ok('PUT', adminApiPaths.userConfig(id), { key: 'subscriptionExempt', value: true });
      detail = await ok<AdminUserDetail>('GET', adminApiPaths.user(id));
      expect(detail.subscriptionExempt).toBe(true);
      expect(detail.settings.subscriptionExempt).toBe(true);
      expect(await auditOf(`resource=user-settings&resourceId=${id}`)).toMatchObject([
        { action: 'update', before: { subscriptionExempt: false }, after: { subscriptionExempt: true } },
      ]);
      await refused('GET', adminApiPaths.user('00000000-0000-4000-8000-000000000000'), undefined, 404, /no user with that id/);
      await refused('GET', adminApiPaths.user('not-an-id'), undefined, 400, /params\.id/);
    });

    it('suspends a user: their tokens, sessions and keys stop working at once, and they cannot sign in', async () => {
      const vendor = (await db().insertInto('vendors').values({ name: 'Suspense Vendor' }).returning('id').executeTakeFirstOrThrow()).id;
      const id = await makeAccount(db(), 'suspect@people.example', { vendor: { id: vendor, role: AccountRole.ADMIN } });
      const session = await signIn(t.app, 'suspect@people.example');
      const key = await ok<AdminApiKeyCreated>('POST', adminApiPaths.apiKeys, { userId: id });
      const exchange = () => t.app.inject({ method: 'POST', url: apiPaths.authVendor, payload: { key: key.key } });
      const vendorToken = { authorization: `Bearer ${(await exchange()).json().accessToken as string}` };
      expect((await call('GET', vendorApiPaths.vendor(vendor), undefined, vendorToken)).statusCode).toBe(200);
      expect((await call('GET', apiPaths.usersPublishers, undefined, session.auth)).statusCode).toBe(200);

      const suspended = await ok<AdminUserDetail>('PUT', adminApiPaths.user(id), { status: AccountStatus.SUSPENDED });
      expect(suspended).toMatchObject({ status: AccountStatus.SUSPENDED, activeSessions: 0 });
      // Recorded with the change: who, and the account before and after.
      expect(await auditOf(`resource=user&resourceId=${id}`)).toMatchObject([
        {
          action: 'update',
          actor: { userId: superuserId, email: 'root@people.example', adminRole: AdminRole.SUPERUSER },
          before: { email: 'suspect@people.example', status: AccountStatus.ACTIVE },
          after: { email: 'suspect@people.example', status: AccountStatus.SUSPENDED },
        },
      ]);

      const withToken = await call('GET', apiPaths.usersPublishers, undefined, session.auth);
      expect(withToken.statusCode).toBe(401);
      expect(withToken.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
      const refresh = await t.app.inject({ method: 'POST', url: apiPaths.usersRefresh, headers: { cookie: `${REFRESH_COOKIE_NAME}=${session.refreshToken}` } });
      expect(refresh.statusCode).toBe(401);
      const login = await t.app.inject({ method: 'POST', url: apiPaths.usersLogin, payload: { email: 'suspect@people.example', password: TEST_PASSWORD } });
      expect(login.statusCode).toBe(403);
      expect(login.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
      expect((await exchange()).statusCode).toBe(401);
      expect((await call('GET', vendorApiPaths.vendor(vendor), undefined, vendorToken)).statusCode).toBe(401);

      // Active again: they sign in anew; the sessions ended by the suspension stay ended.
      await ok('PUT', adminApiPaths.user(id), { status: AccountStatus.ACTIVE });
      const again = await t.app.inject({ method: 'POST', url: apiPaths.usersRefresh, headers: { cookie: `${REFRESH_COOKIE_NAME}=${session.refreshToken}` } });
      expect(again.statusCode).toBe(401);
      expect((await signIn(t.app, 'suspect@people.example')).session.user.status).toBe(AccountStatus.ACTIVE);
      expect((await exchange()).statusCode).toBe(200);
    });

    it('ends an admin’s admin token when their account is suspended', async () => {
      const id = await makeAccount(db(), 'suspended-mod@people.example', { adminRole: AdminRole.MODERATOR });
      const moderator = await adminAuth(t.app, await signIn(t.app, 'suspended-mod@people.example'));
      expect((await call('GET', adminApiPaths.polls, undefined, moderator)).statusCode).toBe(200);
      await ok('PUT', adminApiPaths.user(id), { status: AccountStatus.INACTIVE });
      expect((await call('GET', adminApiPaths.polls, undefined, moderator)).statusCode).toBe(401);
    });

    it('renames, refuses bad changes with the field named, and changes nothing then', async () => {
      const id = await makeAccount(db(), 'rename@people.example');
      expect(await ok<AdminUserDetail>('PUT', adminApiPaths.user(id), { name: '  Renée  ' })).toMatchObject({ name: 'Renée', status: AccountStatus.ACTIVE });
      await refused('PUT', adminApiPaths.user(id), { status: 3 }, 400, /body\.status must be one of: 0, 1, 2/);
      await refused('PUT', adminApiPaths.user(id), { name: '' }, 400, /body\.name/);
      await refused('PUT', adminApiPaths.user(id), {}, 400, /body/);
      await refused('PUT', adminApiPaths.user(id), { email: 'new@people.example' }, 400, /body\.email is not a known field/);
      await refused('PUT', adminApiPaths.user('00000000-0000-4000-8000-000000000000'), { status: 2 }, 404, /no user with that id/);
      await refused('PUT', adminApiPaths.user(superuserId), { status: AccountStatus.SUSPENDED }, 409, /your own account/);
      expect(await statusOf(id)).toBe(AccountStatus.ACTIVE);
      expect(await statusOf(superuserId)).toBe(AccountStatus.ACTIVE);
      // Only the rename was recorded; the refusals changed nothing and left no entry.
      expect((await auditOf(`resource=user&resourceId=${id}`)).map((entry) => [entry.before, entry.after])).toEqual([
        [expect.objectContaining({ name: 'rename' }), expect.objectContaining({ name: 'Renée' })],
      ]);
      expect(await auditOf(`resource=user&resourceId=${superuserId}`)).toEqual([]);
    });

    it('deletes a user with their personal data', async () => {
      const id = await makeAccount(db(), 'leaver@people.example', { adminRole: AdminRole.MODERATOR });
      await signIn(t.app, 'leaver@people.example');
      expect((await call('DELETE', adminApiPaths.user(id))).statusCode).toBe(204);
      expect(await statusOf(id)).toBeUndefined();
      expect(await db().selectFrom('refresh_tokens').select('id').where('user_id', '=', id).execute()).toEqual([]);
      expect(await db().selectFrom('admin_roles').select('user_id').where('user_id', '=', id).execute()).toEqual([]);
      expect(await auditOf(`resource=user&resourceId=${id}&action=delete`)).toMatchObject([{ before: { email: 'leaver@people.example', adminRole: AdminRole.MODERATOR }, after: null }]);
      await refused('DELETE', adminApiPaths.user(id), undefined, 404, /no user with that id/);
      await refused('DELETE', adminApiPaths.user(superuserId), undefined, 409, /your own account/);
    });

    it('is refused to moderators', async () => {
      await makeAccount(db(), 'curious-mod@people.example', { adminRole: AdminRole.MODERATOR });
      const moderator = await adminAuth(t.app, await signIn(t.app, 'curious-mod@people.example'));
      await refused('GET', adminApiPaths.users, undefined, 403, /Only a superuser/, moderator);
      await refused('PUT', adminApiPaths.user(superuserId), { status: 2 }, 403, /Only a superuser/, moderator);
      await refused('POST', adminApiPaths.roles, { email: 'curious-mod@people.example', role: AdminRole.SUPERUSER }, 403, /Only a superuser/, moderator);
    });
  });

  describe('admin roles', () => {
    it('grants, lists, changes and takes roles; the holder’s next request feels it', async () => {
      await makeAccount(db(), 'Grace.Hopper@roles.example');
      const granted = await call('POST', adminApiPaths.roles, { email: 'grace.hopper@ROLES.example', role: AdminRole.MODERATOR });
      expect(granted.statusCode, granted.body).toBe(201);
      const grace = granted.json() as AdminRoleHolder;
      expect(grace).toMatchObject({ email: 'Grace.Hopper@roles.example', role: AdminRole.MODERATOR, status: AccountStatus.ACTIVE });
      const graceAdmin = await adminAuth(t.app, await signIn(t.app, 'grace.hopper@roles.example'));
      await refused('GET', adminApiPaths.users, undefined, 403, /Only a superuser/, graceAdmin);

      await refused('POST', adminApiPaths.roles, { email: 'grace.hopper@roles.example', role: AdminRole.SUPERUSER }, 409, /already holds the moderator role/);
      await refused('POST', adminApiPaths.roles, { email: 'nobody@roles.example', role: AdminRole.MODERATOR }, 404, /no account with the email nobody@roles\.example/);
      await refused('POST', adminApiPaths.roles, { email: 'not-an-email', role: AdminRole.MODERATOR }, 400, /body\.email/);
      await refused('POST', adminApiPaths.roles, { email: 'grace.hopper@roles.example', role: 2 }, 400, /body\.role must be one of: 0, 1/);
      await refused('POST', adminApiPaths.roles, { email: 'grace.hopper@roles.example' }, 400, /body\.role is required/);

      const list = async (query: string) => (await ok<AdminRoleList>('GET', `${adminApiPaths.roles}?${query}`)).items.map((holder) => [holder.email, holder.role]);
      expect(await list('q=roles.example')).toEqual([['Grace.Hopper@roles.example', AdminRole.MODERATOR]]);
      expect(await list(`role=${AdminRole.SUPERUSER}&q=people.example`)).toEqual([['root@people.example', AdminRole.SUPERUSER]]);

      expect(await ok<AdminRoleHolder>('PUT', adminApiPaths.role(grace.userId), { role: AdminRole.SUPERUSER })).toMatchObject({ role: AdminRole.SUPERUSER });
      expect((await call('GET', adminApiPaths.users, undefined, graceAdmin)).statusCode).toBe(200);
      const sorted = await ok<AdminRoleList>('GET', `${adminApiPaths.roles}?role=0&sort=email&order=desc`);
      expect(sorted.items.map((holder) => holder.email)).toEqual(['root@people.example', 'Grace.Hopper@roles.example']);

      expect((await call('DELETE', adminApiPaths.role(grace.userId))).statusCode).toBe(204);
      expect((await auditOf(`resource=admin-role&resourceId=${grace.userId}`)).map((entry) => [entry.action, (entry.after as AdminRoleHolder | null)?.role ?? null])).toEqual([
        ['delete', null],
        ['update', AdminRole.SUPERUSER],
        ['create', AdminRole.MODERATOR],
      ]);
      const after = await call('GET', adminApiPaths.users, undefined, graceAdmin);
      expect(after.statusCode).toBe(401);
      expect(after.json().message).toMatch(/no longer hold an admin role/);
      await refused('DELETE', adminApiPaths.role(grace.userId), undefined, 404, /holds no admin role/);
      await refused('PUT', adminApiPaths.role(grace.userId), { role: AdminRole.MODERATOR }, 404, /holds no admin role/);
      await refused('PUT', adminApiPaths.role(grace.userId), { role: 'superuser' }, 400, /body\.role/);
    });

    it('never lets the last active superuser be demoted, lose the role, be suspended or deleted', async () => {
      // Moderators, and superusers who are not active, do not count.
      const standby = await makeAccount(db(), 'standby@roles.example', { adminRole: AdminRole.SUPERUSER });
      await db().updateTable('users').set({ status: AccountStatus.SUSPENDED }).where('id', '=', standby).execute();
      expect(await activeSuperusers()).toBe(1);

      await refused('PUT', adminApiPaths.role(superuserId), { role: AdminRole.MODERATOR }, 409, /root@people\.example is the last active superuser, so they cannot be demoted to moderator/);
      await refused('DELETE', adminApiPaths.role(superuserId), undefined, 409, /last active superuser, so they cannot lose the admin role.*POST \/v1\/admin\/admin-roles/);
      // Nor by deleting their own account.
      await refused('DELETE', apiPaths.usersDestroy, { password: TEST_PASSWORD }, 409, /root@people\.example is the last active superuser, so they cannot be deleted/);
      expect((await ok<AdminRoleList>('GET', `${adminApiPaths.roles}?q=root@people`)).items).toMatchObject([{ role: AdminRole.SUPERUSER }]);

      // With a second active superuser, the first may step down (here: themselves).
      await ok('PUT', adminApiPaths.user(standby), { status: AccountStatus.ACTIVE });
      const standbyAdmin = await adminAuth(t.app, await signIn(t.app, 'standby@roles.example'));
      expect(await ok<AdminRoleHolder>('PUT', adminApiPaths.role(superuserId), { role: AdminRole.MODERATOR })).toMatchObject({ role: AdminRole.MODERATOR });
      await refused('GET', adminApiPaths.users, undefined, 403, /Only a superuser/);

      // Now standby is the last one: neither demoted by the other, suspended, deleted nor stripped.
      await refused('PUT', adminApiPaths.role(standby), { role: AdminRole.MODERATOR }, 409, /standby@roles\.example is the last active superuser/, standbyAdmin);
      expect(await ok<AdminRoleHolder>('PUT', adminApiPaths.role(superuserId), { role: AdminRole.SUPERUSER }, standbyAdmin)).toMatchObject({ role: AdminRole.SUPERUSER });
      expect(await activeSuperusers()).toBe(2);
      await refused('PUT', adminApiPaths.user(superuserId), { status: AccountStatus.SUSPENDED }, 409, /your own account/);
      expect(await ok<AdminUserDetail>('PUT', adminApiPaths.user(standby), { status: AccountStatus.SUSPENDED })).toMatchObject({ status: AccountStatus.SUSPENDED });
      expect(await activeSuperusers()).toBe(1);
    });

    it('keeps a superuser when two change each other at once (one transaction with a lock)', async () => {
      const other = await makeAccount(db(), 'twin@roles.example', { adminRole: AdminRole.SUPERUSER });
      await db().updateTable('users').set({ status: AccountStatus.ACTIVE }).where('id', '=', other).execute();
      const twin = await adminAuth(t.app, await signIn(t.app, 'twin@roles.example'));
      await db().updateTable('users').set({ status: AccountStatus.SUSPENDED }).where(sql`lower(email)`, '=', 'standby@roles.example').execute();
      expect(await activeSuperusers()).toBe(2);

      // Each suspends the other at the same moment: one wins, the other is refused (409, or 401
      // when it was authenticated after the winner's change), and one active superuser is left.
      const answers = await Promise.all([
        call('PUT', adminApiPaths.user(other), { status: AccountStatus.SUSPENDED }),
        call('PUT', adminApiPaths.user(superuserId), { status: AccountStatus.SUSPENDED }, twin),
      ]);
      const codes = answers.map((res) => res.statusCode).sort();
      expect(codes[0], answers.map((res) => res.body).join('\n')).toBe(200);
      expect([401, 409]).toContain(codes[1]);
      expect(await activeSuperusers()).toBe(1);
      // Back to two for what follows.
      const loser = (await statusOf(other)) === AccountStatus.SUSPENDED ? other : superuserId;
      await db().updateTable('users').set({ status: AccountStatus.ACTIVE }).where('id', '=', loser).execute();
      superuser = await adminAuth(t.app, await signIn(t.app, 'root@people.example'));
    });

    // PGlite has one connection, so its transactions cannot overlap; the lock is shown on PostgreSQL.
    it.skipIf(testDatabaseDriver === 'pglite')('makes a change that could remove the last superuser wait for one in progress, then refuses it', async () => {
      const twinId = (await db().selectFrom('users').select('id').where('email', '=', 'twin@roles.example').executeTakeFirstOrThrow()).id;
      const twin = await adminAuth(t.app, await signIn(t.app, 'twin@roles.example'));
      expect(await activeSuperusers()).toBe(2);
      let second: Promise<{ statusCode: number; body: string }> | undefined;
      let settled = false;
      await db()
        .transaction()
        .execute(async (trx) => {
          // What PUT /v1/admin/users/{twin} {status: 2} does, held open.
          await keepAnActiveSuperuser(trx, twinId, 'be suspended');
          await trx.updateTable('users').set({ status: AccountStatus.SUSPENDED }).where('id', '=', twinId).execute();
          // Twin, still active for everyone else, demotes root meanwhile: it must wait for the lock.
          second = call('PUT', adminApiPaths.role(superuserId), { role: AdminRole.MODERATOR }, twin).then((res) => {
            settled = true;
            return res;
          });
          await new Promise((resolve) => setTimeout(resolve, 400));
          expect(settled).toBe(false);
        });
      const res = await second!;
      expect(res.statusCode, res.body).toBe(409);
      expect(res.body).toMatch(/root@people\.example is the last active superuser/);
      expect(await activeSuperusers()).toBe(1);
    });
  });
});
