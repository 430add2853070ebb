import type { AdminRole } from '@newsreel/contracts';
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/** Who made a change: the admin calling the route, or the server itself (a background job). */
export interface AuditActor {
  /** The admin's user id; null for the server itself. */
  userId: string | null;
  /** The admin role they held when they made it (SPEC §3: 0 superuser, 1 moderator). */
  adminRole: AdminRole | null;
  /** The request's id, as in the server's log. */
  requestId: string | null;
  ip: string | null;
}

/** One admin write. `before` is null for a create, `after` null for a delete. */
export interface AuditEntry {
  actor: AuditActor;
  /** create, update, delete, or another verb: lower case, digits, '-' and '_' (approve, revoke …). */
  action: string;
  /** The kind of thing changed, same alphabet: category, publisher, publisher-user … */
  resource: string;
  /** Its id; a composite as `parentId/childId` (e.g. publisherId/userId). */
  resourceId: string;
  /** The resource as the admin API shows it (never a password or key hash; see REDACTED_KEYS). */
  before: unknown | null;
  after: unknown | null;
}

/** A background job's changes carry no person. */
export const SYSTEM_ACTOR: AuditActor = Object.freeze({ userId: null, adminRole: null, requestId: null, ip: null });

/**
 * The admin a request's access rule let in (http/access.ts has set `request.principal`; on an
 * admin route it is always a user with an admin role).
 */
export function auditActorOf(request: FastifyRequest): AuditActor {
  const principal = request.principal;
  if (principal?.kind !== 'user') throw new Error(`${request.method} ${request.url} records an audit entry but no user is signed in: is its access rule an admin rule?`);
  return { userId: principal.userId, adminRole: principal.adminRole, requestId: String(request.id), ip: request.ip ?? null };
}

/** Fields whose values never belong in the log, at any depth: they are kept as "[redacted]". */
const REDACTED_KEYS = /password|secret|hash|token/i;

function redacted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redacted);
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, REDACTED_KEYS.test(key) ? '[redacted]' : redacted(inner)]));
  }
  return value;
}

const asJson = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(redacted(value)));

/**
 * Records an admin write. Call it with the transaction that makes the change, after the change,
 * so the entry commits or rolls back with it. The actor's email is read in that transaction: the
 * entry names the account as it was when it acted, even if the account changes or goes later.
 */
export async function recordAudit(executor: Kysely<Database> | Transaction<Database>, entry: AuditEntry): Promise<void> {
  const { actor } = entry;
  await executor
    .insertInto('audit_log')
    .values({
      actor_user_id: actor.userId,
      actor_email: actor.userId === null ? null : sql<string | null>`(SELECT email FROM users WHERE id = ${actor.userId})`,
      actor_role: actor.adminRole,
      action: entry.action,
      resource: entry.resource,
      resource_id: entry.resourceId,
      before: asJson(entry.before),
      after: asJson(entry.after),
      request_id: actor.requestId?.slice(0, 100) ?? null,
      ip: actor.ip?.slice(0, 64) ?? null,
    })
    .execute();
}
