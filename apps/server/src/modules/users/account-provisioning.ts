import { AccountRole, AccountStatus, AdminRole } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { hashPassword } from '../auth/passwords';

export interface AccountSpec {
  email: string;
  name: string;
  password: string;
  adminRole?: AdminRole;
  publisher?: { id: string; role: AccountRole };
  vendor?: { id: string; role: AccountRole };
}

/**
 * Makes an active account with its roles and memberships (the shell command and the demo use it),
 * or gives an existing one the roles asked for, keeping its password. Says what it did.
 */
export async function provisionAccount(db: Kysely<Database>, spec: AccountSpec): Promise<{ userId: string; created: boolean }> {
  const existing = await db.selectFrom('users').select('id').where(sql`lower(email)`, '=', spec.email.toLowerCase()).executeTakeFirst();
  const passwordHash = existing ? undefined : await hashPassword(spec.password);
  return db.transaction().execute(async (trx) => {
    const userId =
      existing?.id ??
      (
        await trx
          .insertInto('users')
          .values({ email: spec.email, name: spec.name, password_hash: passwordHash ?? '', status: AccountStatus.ACTIVE })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    if (spec.adminRole !== undefined) {
      await trx
        .insertInto('admin_roles')
        .values({ user_id: userId, role: spec.adminRole })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ role: spec.adminRole }))
        .execute();
    }
    if (spec.publisher) {
      const { id, role } = spec.publisher;
      await trx
        .insertInto('publisher_users')
        .values({ publisher_id: id, user_id: userId, role })
        .onConflict((oc) => oc.columns(['publisher_id', 'user_id']).doUpdateSet({ role }))
        .execute();
      await trx.updateTable('users').set({ active_publisher_id: id }).where('id', '=', userId).where('active_publisher_id', 'is', null).execute();
    }
    if (spec.vendor) {
      const { id, role } = spec.vendor;
      await trx
        .insertInto('vendor_users')
        .values({ vendor_id: id, user_id: userId, role })
        .onConflict((oc) => oc.columns(['vendor_id', 'user_id']).doUpdateSet({ role }))
        .execute();
    }
    return { userId, created: !existing };
  });
}

export const ADMIN_ROLE_NAMES = { superuser: AdminRole.SUPERUSER, moderator: AdminRole.MODERATOR } as const;
export const ACCOUNT_ROLE_NAMES = { admin: AccountRole.ADMIN, member: AccountRole.MEMBER } as const;
