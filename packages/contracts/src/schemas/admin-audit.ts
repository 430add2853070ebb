import { Type, type Static } from 'typebox';
import { AdminRole, enumValues } from '../enums';
import { ListSchema, LiteralUnion, PaginationQuerySchema } from './common';

/**
 * The audit log (issue 15): every admin write, who made it, when, and the resource before and
 * after. Read-only for superusers (GET /v1/admin/audit); nobody can change or remove an entry.
 */

/** An action or a resource name: lower case, digits, '-' and '_' (e.g. `approve`, `publisher-user`). */
export const AUDIT_NAME_PATTERN = '^[a-z][a-z0-9_-]{0,39}$';
const AuditNameSchema = (description: string) => Type.String({ pattern: AUDIT_NAME_PATTERN, maxLength: 40, description });
const DateTime = Type.String({ format: 'date-time' });

export const AuditLogEntrySchema = Type.Object({
  id: Type.String({ description: 'The entry’s number; later entries have higher numbers' }),
  occurredAt: DateTime,
  actor: Type.Object({
    userId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()], { description: 'null: the server itself (a background job)' }),
    email: Type.Union([Type.String(), Type.Null()], { description: 'The account’s email address when it made the change' }),
    adminRole: Type.Union([LiteralUnion(enumValues(AdminRole)), Type.Null()], { description: 'SPEC §3 admin role held then: 0 superuser, 1 moderator' }),
  }),
  action: Type.String({ description: 'create, update, delete, or another verb (approve, reject …)', examples: ['update'] }),
  resource: Type.String({ description: 'What kind of thing was changed', examples: ['category'] }),
  resourceId: Type.String({ description: 'Its id (a UUID, or a composite such as publisherId/userId)' }),
  before: Type.Unknown({ description: 'The resource as it was; null for a create' }),
  after: Type.Unknown({ description: 'The resource as it became; null for a delete' }),
  requestId: Type.Union([Type.String(), Type.Null()], { description: 'The request’s id, as in the server’s log' }),
  ip: Type.Union([Type.String(), Type.Null()], { description: 'The address the request came from' }),
});
export type AuditLogEntry = Static<typeof AuditLogEntrySchema>;

export const AuditListQuerySchema = Type.Object({
  ...PaginationQuerySchema.properties,
  resource: Type.Optional(AuditNameSchema('Entries about this kind of resource, e.g. category')),
  resourceId: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Entries about the resource with this id' })),
  actor: Type.Optional(Type.String({ minLength: 1, maxLength: 254, description: 'A user id (exact), or part of the actor’s email address (any case)' })),
  action: Type.Optional(AuditNameSchema('Entries of this action, e.g. delete')),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'Entries at or after this time' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'Entries before this time' })),
});
export type AuditListQuery = Static<typeof AuditListQuerySchema>;
export const AuditListSchema = ListSchema(AuditLogEntrySchema);
export type AuditList = Static<typeof AuditListSchema>;
