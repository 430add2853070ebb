import type { AccountRole, AdminPublisherUserListQuery, MemberUser } from '@newsreel/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { containingPattern } from '../../http/query';
import { pageWithTotal, type Page } from '../articles/article-repository';

type Executor = Kysely<Database> | Transaction<Database>;

const SORTS = {
  role: sql`pu.role`,
  email: sql`lower(u.email)`,
  createdAt: sql`pu.created_at`,
} as const;

interface MemberRow {
  id: string;
  email: string;
  name: string;
  role: number;
  created_at: Date;
}

const memberOf = (row: MemberRow): MemberUser => ({
  userId: row.id,
  email: row.email,
  name: row.name,
  role: row.role as MemberUser['role'],
  createdAt: new Date(row.created_at).toISOString(),
});

/** The admin's SQL over a publisher's users (publisher_users, migration 0005). */
export function createPublisherUserAdminRepository(db: Executor) {
  return {
    async list(publisherId: string, query: AdminPublisherUserListQuery, page: Page): Promise<{ items: MemberUser[]; total: number }> {
      const conditions = [sql`pu.publisher_id = ${publisherId}`];
      if (query.q) conditions.push(sql`(u.email ILIKE ${containingPattern(query.q)} OR u.name ILIKE ${containingPattern(query.q)})`);
      if (query.role !== undefined) conditions.push(sql`pu.role = ${query.role}`);
      const sort = query.sort ?? 'role';
      const direction = query.order === 'desc' ? sql`DESC` : sql`ASC`;
      const { rows, total } = await pageWithTotal(page, async (at) =>
        (
          await sql<MemberRow & { total: string }>`SELECT u.id, u.email, u.name, pu.role, pu.created_at, count(*) OVER () AS total
            FROM publisher_users pu JOIN users u ON u.id = pu.user_id
            WHERE ${sql.join(conditions, sql` AND `)}
            ORDER BY ${SORTS[sort]} ${direction}, lower(u.email), u.id
            LIMIT ${at.limit} OFFSET ${at.offset}`.execute(db)
        ).rows,
      );
      return { items: rows.map(memberOf), total };
    },

    /** The user's membership of the publisher, locked until the transaction ends. */
    async lock(publisherId: string, userId: string): Promise<MemberUser | undefined> {
      const { rows } = await sql<MemberRow>`SELECT u.id, u.email, u.name, pu.role, pu.created_at
        FROM publisher_users pu JOIN users u ON u.id = pu.user_id
        WHERE pu.publisher_id = ${publisherId} AND pu.user_id = ${userId}
        FOR UPDATE OF pu`.execute(db);
      return rows[0] && memberOf(rows[0]);
    },

    /** Adds the user; a user already of the publisher throws the unique violation (23505). */
    async add(publisherId: string, userId: string, role: AccountRole): Promise<void> {
      await db.insertInto('publisher_users').values({ publisher_id: publisherId, user_id: userId, role }).execute();
      // Their first publisher becomes the one they act for, as when an account is made with one.
      await db.updateTable('users').set({ active_publisher_id: publisherId }).where('id', '=', userId).where('active_publisher_id', 'is', null).execute();
    },

    async setRole(publisherId: string, userId: string, role: AccountRole): Promise<void> {
      await db.updateTable('publisher_users').set({ role }).where('publisher_id', '=', publisherId).where('user_id', '=', userId).execute();
    },

    /** Removes the user; if they were acting for this publisher, they now act for another of theirs (or none). */
    async remove(publisherId: string, userId: string): Promise<void> {
      await db.deleteFrom('publisher_users').where('publisher_id', '=', publisherId).where('user_id', '=', userId).execute();
      await sql`UPDATE users SET active_publisher_id =
          (SELECT pu.publisher_id FROM publisher_users pu WHERE pu.user_id = ${userId} ORDER BY pu.created_at, pu.publisher_id LIMIT 1)
        WHERE id = ${userId} AND active_publisher_id = ${publisherId}`.execute(db);
    },
  };
}

export type PublisherUserAdminRepository = ReturnType<typeof createPublisherUserAdminRepository>;
