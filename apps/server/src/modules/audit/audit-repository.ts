import type { AdminRole, AuditListQuery, AuditLogEntry } from '@newsreel/contracts';
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema';
import { containingPattern } from '../../http/query';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface AuditRow {
  id: string;
  occurred_at: Date;
  actor_user_id: string | null;
  actor_email: string | null;
  actor_role: number | null;
  action: string;
  resource: string;
  resource_id: string;
  before: unknown;
  after: unknown;
  request_id: string | null;
  ip: string | null;
}

function entryOf(row: AuditRow): AuditLogEntry {
  return {
    id: String(row.id),
    occurredAt: new Date(row.occurred_at).toISOString(),
    actor: { userId: row.actor_user_id, email: row.actor_email, adminRole: row.actor_role as AdminRole | null },
    action: row.action,
    resource: row.resource,
    resourceId: row.resource_id,
    before: row.before ?? null,
    after: row.after ?? null,
    requestId: row.request_id,
    ip: row.ip,
  };
}

/** Reads the audit log; it has no writer here but recordAudit (audit-log.ts), and no editor at all. */
export function createAuditRepository(db: Kysely<Database>) {
  return {
    /** Entries newest first, filtered as the query says. */
    async list(query: AuditListQuery, page: { limit: number; offset: number }): Promise<{ items: AuditLogEntry[]; total: number }> {
      const conditions = [sql<SqlBool>`true`];
      if (query.resource) conditions.push(sql`resource = ${query.resource}`);
      if (query.resourceId) conditions.push(sql`resource_id = ${query.resourceId}`);
      if (query.action) conditions.push(sql`action = ${query.action}`);
      if (query.actor) {
        conditions.push(UUID.test(query.actor) ? sql`actor_user_id = ${query.actor.toLowerCase()}::uuid` : sql`actor_email ILIKE ${containingPattern(query.actor)}`);
      }
      if (query.from) conditions.push(sql`occurred_at >= ${query.from}::timestamptz`);
      if (query.to) conditions.push(sql`occurred_at < ${query.to}::timestamptz`);
      const where = sql.join(conditions, sql` AND `);
      const [{ rows }, { rows: count }] = await Promise.all([
        sql<AuditRow>`SELECT * FROM audit_log WHERE ${where} ORDER BY occurred_at DESC, id DESC LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db),
        sql<{ total: string }>`SELECT count(*) AS total FROM audit_log WHERE ${where}`.execute(db),
      ]);
      return { items: rows.map(entryOf), total: Number(count[0]?.total ?? 0) };
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
