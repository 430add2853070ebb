import {
  ADMIN_API_KEY_SORTS,
  ADMIN_ROLE_SORTS,
  ADMIN_USER_SORTS,
  ADMIN_VENDOR_SORTS,
  AccountStatus,
  AdminRole,
  JOB_STATES,
  enumValues,
  type AdminApiKeyListQuery,
  type AdminJobListQuery,
  type AdminRoleListQuery,
  type AdminUserListQuery,
  type AdminVendorListQuery,
  type AuditListQuery,
  type JobState,
} from '@newsreel/contracts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './page-sizes';

/**
 * The superusers' lists (users, admin roles, vendors, API keys, jobs, the audit log): their
 * filters, sorting and page as the URL keeps them (so a link or Back shows the same list), and
 * what each asks the API for. Anything unknown or malformed in a URL is left at its default.
 */

export type SortOrder = 'asc' | 'desc';

/** Page and rows per page, as every list has them. */
export interface Paging {
  page: number;
  limit: number;
}

/** A sortable list: the column it is sorted by, and which way. */
export interface Sorting<S extends string> {
  sort: S;
  order: SortOrder;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A job's name, as the API checks it (JOB_NAME_PATTERN). */
export const JOB_NAME = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/;
/** An audit resource or action name, as the API checks it (AUDIT_NAME_PATTERN). */
export const AUDIT_NAME = /^[a-z][a-z0-9_-]{0,39}$/;

function oneOf<T extends string | number>(values: readonly T[], text: string | null): T | undefined {
  if (text === null || text === '') return undefined;
  return values.find((value) => String(value) === text);
}

function readPaging(search: URLSearchParams): Paging {
  const page = Number(search.get('page'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: oneOf(PAGE_SIZES, search.get('limit')) ?? DEFAULT_PAGE_SIZE,
  };
}

function readSorting<S extends string>(search: URLSearchParams, sorts: readonly S[], sort: S, order: SortOrder): Sorting<S> {
  const asked = search.get('order');
  return { sort: oneOf(sorts, search.get('sort')) ?? sort, order: asked === 'asc' || asked === 'desc' ? asked : order };
}

const readText = (search: URLSearchParams, name: string, max = 254) => (search.get(name)?.trim() ?? '').slice(0, max);
const readBoolean = (text: string | null) => (text === 'true' ? true : text === 'false' ? false : undefined);
const readId = (text: string | null) => (text && UUID.test(text) ? text : undefined);

/** Writes what differs from the defaults, in a fixed order. */
function write(entries: [string, string | number | boolean | undefined, string | number | boolean | undefined][]): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value, fallback] of entries) if (value !== undefined && value !== '' && value !== fallback) search.set(name, String(value));
  return search;
}

const pagingEntries = ({ page, limit }: Paging): [string, number, number][] => [
  ['page', page, 1],
  ['limit', limit, DEFAULT_PAGE_SIZE],
];

/** Clicking a column's heading: ascending first, then the other way. */
export function nextSorting<S extends string>(current: Sorting<S>, sort: S): Sorting<S> {
  return { sort, order: current.sort === sort && current.order === 'asc' ? 'desc' : 'asc' };
}

// ── Users ──

export type UserSort = (typeof ADMIN_USER_SORTS)[number];
export interface UserListParams extends Paging, Sorting<UserSort> {
  q: string;
  status?: AccountStatus;
  role?: AdminRole;
  exempt?: boolean;
}

export function parseUserListParams(search: URLSearchParams): UserListParams {
  return {
    q: readText(search, 'q'),
    status: oneOf(enumValues(AccountStatus), search.get('status')),
    role: oneOf(enumValues(AdminRole), search.get('role')),
    exempt: readBoolean(search.get('exempt')),
    ...readSorting(search, ADMIN_USER_SORTS, 'createdAt', 'desc'),
    ...readPaging(search),
  };
}

export function userListSearch(params: UserListParams): URLSearchParams {
  return write([
    ['q', params.q, ''],
    ['status', params.status, undefined],
    ['role', params.role, undefined],
    ['exempt', params.exempt, undefined],
    ['sort', params.sort, 'createdAt'],
    ['order', params.order, 'desc'],
    ...pagingEntries(params),
  ]);
}

/** GET /v1/admin/users. */
export function userListQuery(params: UserListParams): AdminUserListQuery {
  return {
    page: params.page,
    limit: params.limit,
    ...(params.q ? { q: params.q } : {}),
    ...(params.status !== undefined ? { status: params.status } : {}),
    ...(params.role !== undefined ? { role: params.role } : {}),
    ...(params.exempt !== undefined ? { subscriptionExempt: params.exempt } : {}),
    sort: params.sort,
    order: params.order,
  };
}

// ── Admin roles ──

export type RoleSort = (typeof ADMIN_ROLE_SORTS)[number];
export interface RoleListParams extends Paging, Sorting<RoleSort> {
  q: string;
  role?: AdminRole;
}

export function parseRoleListParams(search: URLSearchParams): RoleListParams {
  return { q: readText(search, 'q'), role: oneOf(enumValues(AdminRole), search.get('role')), ...readSorting(search, ADMIN_ROLE_SORTS, 'role', 'asc'), ...readPaging(search) };
}

export function roleListSearch(params: RoleListParams): URLSearchParams {
  return write([
    ['q', params.q, ''],
    ['role', params.role, undefined],
    ['sort', params.sort, 'role'],
    ['order', params.order, 'asc'],
    ...pagingEntries(params),
  ]);
}

/** GET /v1/admin/admin-roles. */
export function roleListQuery(params: RoleListParams): AdminRoleListQuery {
  return {
    page: params.page,
    limit: params.limit,
    ...(params.q ? { q: params.q } : {}),
    ...(params.role !== undefined ? { role: params.role } : {}),
    sort: params.sort,
    order: params.order,
  };
}

// ── Vendors ──

export type VendorSort = (typeof ADMIN_VENDOR_SORTS)[number];
export interface VendorListParams extends Paging, Sorting<VendorSort> {
  q: string;
}

export function parseVendorListParams(search: URLSearchParams): VendorListParams {
  return { q: readText(search, 'q'), ...readSorting(search, ADMIN_VENDOR_SORTS, 'name', 'asc'), ...readPaging(search) };
}

export function vendorListSearch(params: VendorListParams): URLSearchParams {
  return write([['q', params.q, ''], ['sort', params.sort, 'name'], ['order', params.order, 'asc'], ...pagingEntries(params)]);
}

/** GET /v1/admin/vendors. */
export function vendorListQuery(params: VendorListParams): AdminVendorListQuery {
  return { page: params.page, limit: params.limit, ...(params.q ? { q: params.q } : {}), sort: params.sort, order: params.order };
}

// ── API keys ──

export type ApiKeySort = (typeof ADMIN_API_KEY_SORTS)[number];
export interface ApiKeyListParams extends Paging, Sorting<ApiKeySort> {
  q: string;
  vendorId?: string;
  userId?: string;
  revoked?: boolean;
}

export function parseApiKeyListParams(search: URLSearchParams): ApiKeyListParams {
  return {
    q: readText(search, 'q'),
    vendorId: readId(search.get('vendor')),
    userId: readId(search.get('user')),
    revoked: readBoolean(search.get('revoked')),
    ...readSorting(search, ADMIN_API_KEY_SORTS, 'createdAt', 'desc'),
    ...readPaging(search),
  };
}

export function apiKeyListSearch(params: ApiKeyListParams): URLSearchParams {
  return write([
    ['q', params.q, ''],
    ['vendor', params.vendorId, undefined],
    ['user', params.userId, undefined],
    ['revoked', params.revoked, undefined],
    ['sort', params.sort, 'createdAt'],
    ['order', params.order, 'desc'],
    ...pagingEntries(params),
  ]);
}

/** GET /v1/admin/api-keys. */
export function apiKeyListQuery(params: ApiKeyListParams): AdminApiKeyListQuery {
  return {
    page: params.page,
    limit: params.limit,
    ...(params.q ? { q: params.q } : {}),
    ...(params.vendorId ? { vendorId: params.vendorId } : {}),
    ...(params.userId ? { userId: params.userId } : {}),
    ...(params.revoked !== undefined ? { revoked: params.revoked } : {}),
    sort: params.sort,
    order: params.order,
  };
}

// ── Jobs ──

export interface JobListParams extends Paging {
  state?: JobState;
  /** A job's exact name; '' for any. */
  name: string;
}

export function parseJobListParams(search: URLSearchParams): JobListParams {
  const name = readText(search, 'name', 100);
  return { state: oneOf(JOB_STATES, search.get('state')), name: JOB_NAME.test(name) ? name : '', ...readPaging(search) };
}

export function jobListSearch(params: JobListParams): URLSearchParams {
  return write([['state', params.state, undefined], ['name', params.name, ''], ...pagingEntries(params)]);
}

/** GET /v1/admin/jobs. */
export function jobListQuery(params: JobListParams): AdminJobListQuery {
  return { page: params.page, limit: params.limit, ...(params.state ? { state: params.state } : {}), ...(params.name ? { name: params.name } : {}) };
}

// ── Audit log ──

export interface AuditListParams extends Paging {
  resource: string;
  resourceId: string;
  actor: string;
  action: string;
  /** ISO date-times; '' for none. */
  from: string;
  to: string;
}

const readTime = (text: string | null) => (text && !Number.isNaN(Date.parse(text)) ? new Date(text).toISOString() : '');
const readName = (search: URLSearchParams, name: string) => {
  const value = readText(search, name, 40);
  return AUDIT_NAME.test(value) ? value : '';
};

export function parseAuditListParams(search: URLSearchParams): AuditListParams {
  return {
    resource: readName(search, 'resource'),
    resourceId: readText(search, 'resourceId', 200),
    actor: readText(search, 'actor'),
    action: readName(search, 'action'),
    from: readTime(search.get('from')),
    to: readTime(search.get('to')),
    ...readPaging(search),
  };
}

export function auditListSearch(params: AuditListParams): URLSearchParams {
  return write([
    ['resource', params.resource, ''],
    ['resourceId', params.resourceId, ''],
    ['actor', params.actor, ''],
    ['action', params.action, ''],
    ['from', params.from, ''],
    ['to', params.to, ''],
    ...pagingEntries(params),
  ]);
}

/** GET /v1/admin/audit. */
export function auditListQuery(params: AuditListParams): AuditListQuery {
  const filters = { resource: params.resource, resourceId: params.resourceId, actor: params.actor, action: params.action, from: params.from, to: params.to };
  return { page: params.page, limit: params.limit, ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '')) };
}
