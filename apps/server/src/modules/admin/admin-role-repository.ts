import type { AdminRole, AdminRoleHolder, AdminRoleListQuery } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { pageWithTotal, type Page } from '../articles/article-repository';
import { containing } from './admin-user-repository';

const SORTS = {
  createdAt: sql`r.created_at`,
  email: sql`lower(u.email)`,
  role: sql`r.role`,
} as const;

interface HolderRow {
  user_id: string;
  email: string;
  name: string;
  status: number;
  role: number;
  created_at: Date;
}

const holderOf = (row: HolderRow): AdminRoleHolder => ({
  userId: row.user_id,
  email: row.email,
  name: row.name,
  status: row.status as AdminRoleHolder['status'],
  role: row.role as AdminRole,
  createdAt: new Date(row.created_at).toISOString(),
});

/** SQL of admin roles (SPEC §3: superuser 0, moderator 1; migration 0005 admin_roles). */
export function createAdminRoleRepository(db: Kysely<Database>) {
  return {
    async list(query: AdminRoleListQuery, page: Page): Promise<{ items: AdminRoleHolder[]; total: number }> {
      const conditions = [sql`true`];
      if (query.q) conditions.push(sql`(u.email ILIKE ${containing(query.q)} OR u.name ILIKE ${containing(query.q)})`);
      if (query.role !== undefined) conditions.push(sql`r.role = ${query.role}`);
      const direction = query.order === 'desc' ? sql`DESC` : sql`ASC`;
      const sort = SORTS[query.sort ?? 'role'];
      const { rows, total } = await pageWithTotal(page, async (at) =>
        (
          await sql<HolderRow & { total: string }>`
            SELECT r.user_id, u.email, u.name, u.status, r.role, r.created_at, count(*) OVER () AS total
            FROM admin_roles r JOIN users u ON u.id = r.user_id
            WHERE ${sql.join(conditions, sql` AND `)}
            ORDER BY ${sort} ${direction}, lower(u.email), r.user_id
            LIMIT ${at.limit} OFFSET ${at.offset}`.execute(db)
        ).rows,
      );
      return { items: rows.map(holderOf), total };
    },

    async holder(userId: string, executor: Kysely<Database> = db): Promise<AdminRoleHolder | undefined> {
      const { rows } = await sql<HolderRow>`
        SELECT r.user_id, u.email, u.name, u.status, r.role, r.created_at
        FROM admin_roles r JOIN users u ON u.id = r.user_id WHERE r.user_id = ${userId}`.execute(executor);
      return rows[0] && holderOf(rows[0]);
    },

    /** Grants the role; false when the user holds one already (nothing changed). */
    async grant(userId: string, role: AdminRole, executor: Kysely<Database> = db): Promise<boolean> {
      const row = await executor
        .insertInto('admin_roles')
        .values({ user_id: userId, role })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .returning('user_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async setRole(userId: string, role: AdminRole, executor: Kysely<Database> = db): Promise<void> {
      await executor.updateTable('admin_roles').set({ role }).where('user_id', '=', userId).execute();
    },

    async revoke(userId: string, executor: Kysely<Database> = db): Promise<void> {
      await executor.deleteFrom('admin_roles').where('user_id', '=', userId).execute();
    },
  };
}

export type AdminRoleRepository = ReturnType<typeof createAdminRoleRepository>;
