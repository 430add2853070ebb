import { AccountStatus, AdminRole } from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { conflict } from '../../http/errors';

/** What a change would do to a superuser, in the words of the refusal. */
export type SuperuserLoss = 'be demoted to moderator' | 'lose the admin role' | 'be suspended' | 'be made inactive' | 'be deleted';

/**
 * The platform keeps at least one active superuser: without one, nobody could manage users, roles
 * or keys again. Every change that can take a superuser away (a role lowered or taken, an account
 * suspended, made inactive or deleted) calls this inside its transaction before it writes.
 *
 * Race-safe: it first locks the superusers' admin_roles rows (FOR UPDATE), so two such changes run
 * one after the other — say two superusers suspending each other at once. The one that waited then
 * reads the target and counts the others afresh: under READ COMMITTED each statement sees what was
 * committed before it began, so it sees the first change and refuses when it would leave none.
 */
export async function keepAnActiveSuperuser(trx: Kysely<Database>, userId: string, loss: SuperuserLoss): Promise<void> {
  await trx.selectFrom('admin_roles').select('user_id').where('role', '=', AdminRole.SUPERUSER).forUpdate().execute();
  const target = await trx
    .selectFrom('admin_roles as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.role', 'u.status', 'u.email'])
    .where('r.user_id', '=', userId)
    .executeTakeFirst();
  if (!target || target.role !== AdminRole.SUPERUSER || target.status !== AccountStatus.ACTIVE) return;
  const others = await trx
    .selectFrom('admin_roles as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('r.role', '=', AdminRole.SUPERUSER)
    .where('u.status', '=', AccountStatus.ACTIVE)
    .where('r.user_id', '<>', userId)
    .executeTakeFirstOrThrow();
  if (Number(others.n) === 0) {
    throw conflict(
      `${target.email} is the last active superuser, so they cannot ${loss}: nobody could manage users, roles or keys after. Make another user a superuser first (POST /v1/admin/admin-roles), then try again.`,
    );
  }
}
