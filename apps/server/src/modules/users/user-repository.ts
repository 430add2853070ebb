import { AccountStatus, type AccountUser, type MemberUser, type Membership, type Vendor } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ActorType } from '../articles/article-repository';
import { readerSettingsOf } from './reader-settings';

export interface UserRecord {
  id: string;
  email: string;
  name: string;
  passwordHash: string;
  status: number;
  pendingEmail: string | null;
  language: string | null;
  failedLogins: number;
  lastFailedLoginAt: Date | null;
}

type Executor = Kysely<Database>;

const recordColumns = [
  'id',
  'email',
  'name',
  'password_hash as passwordHash',
  'status',
  'pending_email as pendingEmail',
  'language',
  'failed_logins as failedLogins',
  'last_failed_login_at as lastFailedLoginAt',
] as const;

/** SQL of accounts: the users table and what hangs off it (roles, memberships). */
export function createUserRepository(db: Executor) {
  return {
    async byEmail(email: string, executor: Executor = db): Promise<UserRecord | undefined> {
      return executor.selectFrom('users').select(recordColumns).where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
    },

    async byId(id: string, executor: Executor = db): Promise<UserRecord | undefined> {
      return executor.selectFrom('users').select(recordColumns).where('id', '=', id).executeTakeFirst();
    },

    /** A new account; a taken address throws the database's unique violation (23505). */
    async create(
      input: { email: string; name: string; passwordHash: string; status?: number; language?: string | null },
      executor: Executor = db,
    ): Promise<string> {
      const row = await executor
        .insertInto('users')
        .values({
          email: input.email,
          name: input.name,
          password_hash: input.passwordHash,
          status: input.status ?? AccountStatus.INACTIVE,
          language: input.language ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(
      id: string,
      changes: Partial<{ name: string; email: string; password_hash: string; status: number; pending_email: string | null; active_publisher_id: string | null; language: string | null }>,
      executor: Executor = db,
    ): Promise<void> {
      await executor.updateTable('users').set({ ...changes, updated_at: new Date() }).where('id', '=', id).execute();
    },

    /** Counts a failed sign-in; failures older than an hour are forgotten first. */
    async recordFailedLogin(id: string): Promise<void> {
      await sql`
        UPDATE users SET
          failed_logins = CASE WHEN last_failed_login_at > now() - interval '1 hour' THEN failed_logins + 1 ELSE 1 END,
          last_failed_login_at = now()
        WHERE id = ${id}`.execute(db);
    },

    async clearFailedLogins(id: string): Promise<void> {
      await db.updateTable('users').set({ failed_logins: 0, last_failed_login_at: null }).where('id', '=', id).where('failed_logins', '>', 0).execute();
    },

    async publishers(userId: string): Promise<Membership[]> {
      return db
        .selectFrom('publisher_users')
        .innerJoin('publishers', 'publishers.id', 'publisher_users.publisher_id')
        .select(['publishers.id', 'publishers.name', 'publisher_users.role'])
        .where('publisher_users.user_id', '=', userId)
        .orderBy('publishers.name')
        .execute() as Promise<Membership[]>;
    },

    async vendors(userId: string): Promise<Membership[]> {
      return db
        .selectFrom('vendor_users')
        .innerJoin('vendors', 'vendors.id', 'vendor_users.vendor_id')
        .select(['vendors.id', 'vendors.name', 'vendor_users.role'])
        .where('vendor_users.user_id', '=', userId)
        .orderBy('vendors.name')
        .execute() as Promise<Membership[]>;
    },

    /** A publisher's users with their account roles, admins first, then by email. */
    async publisherUsers(publisherId: string, page: { limit: number; offset: number }): Promise<{ items: MemberUser[]; total: number }> {
      const base = db.selectFrom('publisher_users as pu').innerJoin('users as u', 'u.id', 'pu.user_id').where('pu.publisher_id', '=', publisherId);
      const [rows, count] = await Promise.all([
        base.select(['u.id', 'u.email', 'u.name', 'pu.role', 'pu.created_at']).orderBy('pu.role').orderBy('u.email').limit(page.limit).offset(page.offset).execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const items = rows.map((row) => ({ userId: row.id, email: row.email, name: row.name, role: row.role as MemberUser['role'], createdAt: row.created_at.toISOString() }));
      return { items, total: Number(count.n) };
    },

    async vendor(vendorId: string): Promise<Vendor | undefined> {
      const row = await db.selectFrom('vendors').select(['id', 'name', 'created_at']).where('id', '=', vendorId).executeTakeFirst();
      return row && { id: row.id, name: row.name, createdAt: row.created_at.toISOString() };
    },

    /** The signed-in user as the app holds it. */
    async account(userId: string): Promise<AccountUser | undefined> {
      const row = await db
        .selectFrom('users')
        .leftJoin('admin_roles', 'admin_roles.user_id', 'users.id')
        .select(['users.id', 'users.email', 'users.name', 'users.status', 'users.pending_email', 'users.active_publisher_id', 'users.created_at', 'admin_roles.role'])
        .where('users.id', '=', userId)
        .executeTakeFirst();
      if (!row) return undefined;
      const [publishers, vendors, settings] = await Promise.all([
        this.publishers(userId),
        this.vendors(userId),
        readerSettingsOf(db, { type: ActorType.USER, id: userId }),
      ]);
      return {
        id: row.id,
        email: row.email,
        name: row.name,
        status: row.status as AccountUser['status'],
        pendingEmail: row.pending_email,
        adminRole: (row.role ?? null) as AccountUser['adminRole'],
        publishers,
        activePublisherId: row.active_publisher_id,
        vendors,
        settings,
        createdAt: row.created_at.toISOString(),
      };
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
