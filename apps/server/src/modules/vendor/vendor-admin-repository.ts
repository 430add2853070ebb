import type { AccountRole, AdminVendor, AdminVendorListQuery, AdminVendorUserListQuery, MemberUser } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { containing } from '../admin/admin-user-repository';
import { pageWithTotal, type Page } from '../articles/article-repository';

type Db = Kysely<Database>;

const VENDOR_SORTS = { name: sql`lower(v.name)`, createdAt: sql`v.created_at` } as const;
const MEMBER_SORTS = { role: sql`vu.role`, email: sql`lower(u.email)`, createdAt: sql`vu.created_at` } as const;

interface VendorRow {
  id: string;
  name: string;
  users: string;
  keys: string;
  created_at: Date;
  updated_at: Date;
}

const VENDOR_COLUMNS = sql`v.id, v.name, v.created_at, v.updated_at,
  (SELECT count(*) FROM vendor_users vu WHERE vu.vendor_id = v.id) AS users,
  (SELECT count(*) FROM api_keys k WHERE k.vendor_id = v.id AND k.revoked_at IS NULL) AS keys`;

const vendorOf = (row: VendorRow): AdminVendor => ({
  id: row.id,
  name: row.name,
  userCount: Number(row.users),
  liveApiKeys: Number(row.keys),
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

interface MemberRow {
  user_id: string;
  email: string;
  name: string;
  role: number;
  created_at: Date;
}

const memberOf = (row: MemberRow): MemberUser => ({
  userId: row.user_id,
  email: row.email,
  name: row.name,
  role: row.role as MemberUser['role'],
  createdAt: new Date(row.created_at).toISOString(),
});

/** SQL of vendors and their users as the admin console manages them (migrations 0005, 0019). */
export function createVendorAdminRepository(db: Db) {
  return {
    async list(query: AdminVendorListQuery, page: Page): Promise<{ items: AdminVendor[]; total: number }> {
      const where = query.q ? sql`v.name ILIKE ${containing(query.q)}` : sql`true`;
      const sort = query.sort ?? 'name';
      const direction = (query.order ?? (sort === 'createdAt' ? 'desc' : 'asc')) === 'desc' ? sql`DESC` : sql`ASC`;
      const { rows, total } = await pageWithTotal(page, async (at) =>
        (
          await sql<VendorRow & { total: string }>`
            SELECT ${VENDOR_COLUMNS}, count(*) OVER () AS total FROM vendors v WHERE ${where}
            ORDER BY ${VENDOR_SORTS[sort]} ${direction}, v.id
            LIMIT ${at.limit} OFFSET ${at.offset}`.execute(db)
        ).rows,
      );
      return { items: rows.map(vendorOf), total };
    },

    async get(id: string, executor: Db = db): Promise<AdminVendor | undefined> {
      const { rows } = await sql<VendorRow>`SELECT ${VENDOR_COLUMNS} FROM vendors v WHERE v.id = ${id}`.execute(executor);
      return rows[0] && vendorOf(rows[0]);
    },

    /**
     * The vendor, locked until the transaction ends: `update` for a change of the vendor itself,
     * `keyShare` to keep it from deletion while a membership or key is added to it.
     */
    async lock(id: string, mode: 'update' | 'keyShare', trx: Db): Promise<{ id: string; name: string } | undefined> {
      const query = trx.selectFrom('vendors').select(['id', 'name']).where('id', '=', id);
      return (mode === 'update' ? query.forUpdate() : query.forKeyShare()).executeTakeFirst();
    },

    /** A new vendor; a name taken (any case) throws the unique violation (23505). */
    async create(name: string, executor: Db = db): Promise<string> {
      return (await executor.insertInto('vendors').values({ name }).returning('id').executeTakeFirstOrThrow()).id;
    },

    async rename(id: string, name: string, executor: Db = db): Promise<void> {
      await executor.updateTable('vendors').set({ name, updated_at: sql<Date>`now()` }).where('id', '=', id).execute();
    },

    /** Deletes the vendor; its memberships and keys go with it (ON DELETE CASCADE). */
    async remove(id: string, executor: Db = db): Promise<void> {
      await executor.deleteFrom('vendors').where('id', '=', id).execute();
    },

    async members(vendorId: string, query: AdminVendorUserListQuery, page: Page): Promise<{ items: MemberUser[]; total: number }> {
      const conditions = [sql`vu.vendor_id = ${vendorId}`];
      if (query.q) conditions.push(sql`(u.email ILIKE ${containing(query.q)} OR u.name ILIKE ${containing(query.q)})`);
      if (query.role !== undefined) conditions.push(sql`vu.role = ${query.role}`);
      const direction = query.order === 'desc' ? sql`DESC` : sql`ASC`;
      const { rows, total } = await pageWithTotal(page, async (at) =>
        (
          await sql<MemberRow & { total: string }>`
            SELECT vu.user_id, u.email, u.name, vu.role, vu.created_at, count(*) OVER () AS total
            FROM vendor_users vu JOIN users u ON u.id = vu.user_id
            WHERE ${sql.join(conditions, sql` AND `)}
            ORDER BY ${MEMBER_SORTS[query.sort ?? 'role']} ${direction}, lower(u.email), vu.user_id
            LIMIT ${at.limit} OFFSET ${at.offset}`.execute(db)
        ).rows,
      );
      return { items: rows.map(memberOf), total };
    },

    async member(vendorId: string, userId: string, executor: Db = db): Promise<MemberUser | undefined> {
      const { rows } = await sql<MemberRow>`
        SELECT vu.user_id, u.email, u.name, vu.role, vu.created_at
        FROM vendor_users vu JOIN users u ON u.id = vu.user_id
        WHERE vu.vendor_id = ${vendorId} AND vu.user_id = ${userId}`.execute(executor);
      return rows[0] && memberOf(rows[0]);
    },

    /** Adds the user to the vendor; false when they are one of its users already (nothing changed). */
    async addMember(vendorId: string, userId: string, role: AccountRole, executor: Db = db): Promise<boolean> {
      const row = await executor
        .insertInto('vendor_users')
        .values({ vendor_id: vendorId, user_id: userId, role })
        .onConflict((oc) => oc.columns(['vendor_id', 'user_id']).doNothing())
        .returning('user_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async setMemberRole(vendorId: string, userId: string, role: AccountRole, executor: Db = db): Promise<void> {
      await executor.updateTable('vendor_users').set({ role }).where('vendor_id', '=', vendorId).where('user_id', '=', userId).execute();
    },

    async removeMember(vendorId: string, userId: string, executor: Db = db): Promise<void> {
      await executor.deleteFrom('vendor_users').where('vendor_id', '=', vendorId).where('user_id', '=', userId).execute();
    },
  };
}

export type VendorAdminRepository = ReturnType<typeof createVendorAdminRepository>;
