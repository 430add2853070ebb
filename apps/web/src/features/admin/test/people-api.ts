import {
  AccountRole,
  AccountStatus,
  AdminRole,
  type AccountUser,
  type AdminApiKey,
  type AdminJob,
  type AdminRoleHolder,
  type AdminUser,
  type AdminUserDetail,
  type AdminVendor,
  type AuditLogEntry,
  type MemberUser,
} from '@newsreel/contracts';
import { readerUser, defaultSettings } from '../../../test/account-fixtures';
import { jsonResponse, type FetchHandler } from '../../../test/mock-fetch';
import { ADMIN_TOKEN, adminApi } from './admin-api';

/** The superuser who runs the people pages. */
export const superuserUser: AccountUser = { ...readerUser, id: '7a1b2c3d-0000-4000-8000-0000000000ad', email: 'admin@example.com', name: 'Ada Admin', adminRole: AdminRole.SUPERUSER };

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const READER_ID = id(501);
export const VENDOR_ID = id(601);

export const userFixture: AdminUser = {
  id: READER_ID,
  email: 'reader@example.com',
  name: 'Riley Reader',
  status: AccountStatus.ACTIVE,
  adminRole: null,
  subscriptionExempt: false,
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-02T09:00:00.000Z',
};

export const userDetailFixture: AdminUserDetail = {
  ...readerUser,
  id: READER_ID,
  email: 'reader@example.com',
  name: 'Riley Reader',
  vendors: [{ id: VENDOR_ID, name: 'Meridian Data Co.', role: AccountRole.MEMBER }],
  settings: defaultSettings,
  subscriptionExempt: false,
  language: 'en',
  updatedAt: '2026-11-02T09:00:00.000Z',
  activeSessions: 2,
  liveApiKeys: 1,
  lastFailedLoginAt: null,
};

export const roleHolderFixture: AdminRoleHolder = {
  userId: superuserUser.id,
  email: 'admin@example.com',
  name: 'Ada Admin',
  status: AccountStatus.ACTIVE,
  role: AdminRole.SUPERUSER,
  createdAt: '2026-10-01T09:00:00.000Z',
};

export const vendorFixture: AdminVendor = { id: VENDOR_ID, name: 'Meridian Data Co.', userCount: 1, liveApiKeys: 1, createdAt: '2026-10-01T09:00:00.000Z', updatedAt: '2026-10-01T09:00:00.000Z' };

export const vendorUserFixture: MemberUser = { userId: id(502), email: 'vendor@example.com', name: 'Vera Vendor', role: AccountRole.ADMIN, createdAt: '2026-10-02T09:00:00.000Z' };

export const apiKeyFixture: AdminApiKey = {
  id: id(701),
  name: 'Demo key',
  prefix: 'nr_demo-v',
  vendor: { id: VENDOR_ID, name: 'Meridian Data Co.' },
  user: null,
  createdAt: '2026-10-03T09:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};

export const failedJobFixture: AdminJob = {
  id: id(801),
  name: 'devices.expired-invites-cleanup',
  state: 'failed',
  data: {},
  attempts: 4,
  retryLimit: 3,
  error: 'connection refused',
  output: null,
  createdAt: '2026-11-26T09:00:00.000Z',
  runAfter: '2026-11-26T09:00:00.000Z',
  startedAt: '2026-11-26T09:05:00.000Z',
  completedAt: '2026-11-26T09:05:01.000Z',
};

export const auditEntryFixture: AuditLogEntry = {
  id: '42',
  occurredAt: '2026-11-26T10:00:00.000Z',
  actor: { userId: superuserUser.id, email: 'admin@example.com', adminRole: AdminRole.SUPERUSER },
  action: 'update',
  resource: 'vendor',
  resourceId: VENDOR_ID,
  before: { name: 'Meridian Data', userCount: 1 },
  after: { name: 'Meridian Data Co.', userCount: 1 },
  requestId: 'req-7',
  ip: '127.0.0.1',
};

const list = <T,>(items: T[]) => ({ items, page: 1, limit: 30, total: items.length });

/** An API error answer, as the server sends it. */
export const refusal = (statusCode: number, message: string) => () =>
  jsonResponse({ statusCode, error: statusCode === 409 ? 'Conflict' : statusCode === 404 ? 'Not Found' : 'Forbidden', message }, statusCode);

/** The console's answers for a superuser: their admin token, and the people pages' reads. */
export function peopleApi(overrides: Record<string, FetchHandler> = {}): Record<string, FetchHandler> {
  return adminApi({
    'POST /v1/auth/admin': () => ({ accessToken: ADMIN_TOKEN, expiresIn: 900, adminRole: AdminRole.SUPERUSER }),
    'GET /v1/admin/users': () => list([userFixture]),
    [`GET /v1/admin/users/${READER_ID}`]: () => userDetailFixture,
    'GET /v1/admin/admin-roles': () => list([roleHolderFixture]),
    'GET /v1/admin/vendors': () => list([vendorFixture]),
    [`GET /v1/admin/vendors/${VENDOR_ID}`]: () => vendorFixture,
    [`GET /v1/admin/vendors/${VENDOR_ID}/users`]: () => list([vendorUserFixture]),
    'GET /v1/admin/api-keys': () => list([apiKeyFixture]),
    'GET /v1/admin/jobs': () => list([failedJobFixture]),
    'GET /v1/admin/audit': () => list([auditEntryFixture]),
    ...overrides,
  });
}

/** The query strings of the requests to `pathname` sent so far, in order. */
export function requestsTo(fetchMock: { mock: { calls: unknown[][] } }, pathname: string, method = 'GET'): { search: URLSearchParams; init: RequestInit | undefined }[] {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init: init as RequestInit | undefined }))
    .filter(({ url, init }) => url.pathname === pathname && (init?.method ?? 'GET').toUpperCase() === method)
    .map(({ url, init }) => ({ search: url.searchParams, init }));
}
