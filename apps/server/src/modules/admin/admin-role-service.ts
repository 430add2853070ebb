import { AdminRole, adminRoleLabels, type AdminRoleGrantBody, type AdminRoleHolder } from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { createAdminRoleRepository } from './admin-role-repository';
import { createAdminUserRepository } from './admin-user-repository';
import { keepAnActiveSuperuser } from './last-superuser';

const NO_ROLE = 'That user holds no admin role; grant one with POST /v1/admin/admin-roles.';
const roleName = (role: AdminRole) => adminRoleLabels[role].toLowerCase();

/**
 * Granting, changing and taking admin roles (SPEC §6: "Admin roles are managed under
 * admin-roles"). A role taken or lowered takes effect on the holder's next request (the access
 * layer reads it each time). The last active superuser keeps theirs (last-superuser.ts).
 */
export function createAdminRoleService(db: Kysely<Database>) {
  const roles = createAdminRoleRepository(db);
  const accounts = createAdminUserRepository(db);

  return {
    list: roles.list,

    async grant(actor: AuditActor, body: AdminRoleGrantBody): Promise<AdminRoleHolder> {
      return db.transaction().execute(async (trx) => {
        const user = await accounts.accountByEmail(body.email, trx);
        if (!user) throw notFound(`There is no account with the email ${body.email.trim()}: ask them to register first, then grant the role.`);
        if (!(await roles.grant(user.id, body.role, trx))) {
          const held = (await roles.holder(user.id, trx))!;
          throw conflict(`${user.email} already holds the ${roleName(held.role)} role; change it with PUT /v1/admin/admin-roles/${user.id}.`);
        }
        const after = (await roles.holder(user.id, trx))!;
        await recordAudit(trx, { actor, action: 'create', resource: 'admin-role', resourceId: user.id, before: null, after });
        return after;
      });
    },

    async change(actor: AuditActor, userId: string, role: AdminRole): Promise<AdminRoleHolder> {
      return db.transaction().execute(async (trx) => {
        if (role !== AdminRole.SUPERUSER) await keepAnActiveSuperuser(trx, userId, 'be demoted to moderator');
        const before = await roles.holder(userId, trx);
        if (!before) throw notFound(NO_ROLE);
        if (before.role === role) return before;
        await roles.setRole(userId, role, trx);
        const after = (await roles.holder(userId, trx))!;
        await recordAudit(trx, { actor, action: 'update', resource: 'admin-role', resourceId: userId, before, after });
        return after;
      });
    },

    async revoke(actor: AuditActor, userId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await keepAnActiveSuperuser(trx, userId, 'lose the admin role');
        const before = await roles.holder(userId, trx);
        if (!before) throw notFound(NO_ROLE);
        await roles.revoke(userId, trx);
        await recordAudit(trx, { actor, action: 'delete', resource: 'admin-role', resourceId: userId, before, after: null });
      });
    },
  };
}
