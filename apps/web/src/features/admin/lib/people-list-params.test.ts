import { describe, expect, it } from 'vitest';
import {
  apiKeyListQuery,
  apiKeyListSearch,
  auditListQuery,
  auditListSearch,
  jobListQuery,
  nextSorting,
  parseApiKeyListParams,
  parseAuditListParams,
  parseJobListParams,
  parseUserListParams,
  userListQuery,
  userListSearch,
} from './people-list-params';

const VENDOR = '00000000-0000-4000-8000-000000000601';

describe('the people lists’ URLs', () => {
  it('read a user list’s filters and write back only what differs from the defaults', () => {
    const params = parseUserListParams(new URLSearchParams('q=%20riley%20&status=2&role=0&exempt=true&sort=email&order=asc&page=3&limit=50'));
    expect(params).toEqual({ q: 'riley', status: 2, role: 0, exempt: true, sort: 'email', order: 'asc', page: 3, limit: 50 });
    expect(userListQuery(params)).toEqual({ page: 3, limit: 50, q: 'riley', status: 2, role: 0, subscriptionExempt: true, sort: 'email', order: 'asc' });
    expect(userListSearch(params).toString()).toBe('q=riley&status=2&role=0&exempt=true&sort=email&order=asc&page=3&limit=50');
    const defaults = parseUserListParams(new URLSearchParams());
    expect(defaults).toEqual({ q: '', status: undefined, role: undefined, exempt: undefined, sort: 'createdAt', order: 'desc', page: 1, limit: 30 });
    expect(userListSearch(defaults).toString()).toBe('');
  });

  it('leave anything unknown or malformed at its default, so the API is never sent it', () => {
    expect(parseUserListParams(new URLSearchParams('status=7&role=x&exempt=maybe&sort=password&order=up&page=-2&limit=1000'))).toEqual(parseUserListParams(new URLSearchParams()));
    expect(parseApiKeyListParams(new URLSearchParams('vendor=not-a-uuid&user=1&revoked=yes'))).toMatchObject({ vendorId: undefined, userId: undefined, revoked: undefined });
    expect(parseJobListParams(new URLSearchParams('state=broken&name=DROP%20TABLE'))).toEqual({ state: undefined, name: '', page: 1, limit: 30 });
    expect(parseAuditListParams(new URLSearchParams('resource=User!&action=a%20b&from=yesterday'))).toMatchObject({ resource: '', action: '', from: '' });
  });

  it('ask the API for the keys of one owner, live or revoked', () => {
    const params = parseApiKeyListParams(new URLSearchParams(`vendor=${VENDOR}&revoked=false`));
    expect(apiKeyListQuery(params)).toEqual({ page: 1, limit: 30, vendorId: VENDOR, revoked: false, sort: 'createdAt', order: 'desc' });
    expect(apiKeyListSearch(params).toString()).toBe(`vendor=${VENDOR}&revoked=false`);
  });

  it('send jobs and audit filters that are set, times as ISO', () => {
    expect(jobListQuery(parseJobListParams(new URLSearchParams('state=failed&name=devices.expired-invites-cleanup')))).toEqual({
      page: 1,
      limit: 30,
      state: 'failed',
      name: 'devices.expired-invites-cleanup',
    });
    const audit = parseAuditListParams(new URLSearchParams('resource=api-key&actor=admin%40&from=2026-11-26T10:00:00Z'));
    expect(auditListQuery(audit)).toEqual({ page: 1, limit: 30, resource: 'api-key', actor: 'admin@', from: '2026-11-26T10:00:00.000Z' });
    expect(auditListSearch(audit).toString()).toBe('resource=api-key&actor=admin%40&from=2026-11-26T10%3A00%3A00.000Z');
  });

  it('sort a column ascending first, then the other way', () => {
    expect(nextSorting({ sort: 'createdAt', order: 'desc' }, 'email')).toEqual({ sort: 'email', order: 'asc' });
    expect(nextSorting({ sort: 'email', order: 'asc' }, 'email')).toEqual({ sort: 'email', order: 'desc' });
    expect(nextSorting({ sort: 'email', order: 'desc' }, 'email')).toEqual({ sort: 'email', order: 'asc' });
  });
});
