import { describe, expect, it } from 'vitest';
import { parsePollListParams, pollListQuery, pollListSearch } from './poll-list-params';

describe('the poll list’s URL', () => {
  it('reads filters, sort and page, and leaves out the defaults when written back', () => {
    const params = parsePollListParams(new URLSearchParams('q=budget&status=2&type=0&visibility=1&region=11&sort=name&order=desc&page=3&limit=10'));
    expect(params).toEqual({ q: 'budget', status: 2, type: 0, visibility: 1, regionId: 11, sort: 'name', order: 'desc', page: 3, limit: 10 });
    expect(pollListSearch(params).toString()).toBe('q=budget&status=2&type=0&visibility=1&region=11&sort=name&order=desc&page=3&limit=10');
    expect(pollListSearch(parsePollListParams(new URLSearchParams())).toString()).toBe('');
  });

  it('ignores values that are not allowed', () => {
    expect(parsePollListParams(new URLSearchParams('status=9&type=x&region=99&sort=votes&page=-1&limit=1000'))).toEqual({
      q: '',
      status: undefined,
      type: undefined,
      visibility: undefined,
      regionId: undefined,
      sort: 'priority',
      order: 'asc',
      page: 1,
      limit: 30,
    });
  });

  it('asks the API only for what is set', () => {
    expect(pollListQuery(parsePollListParams(new URLSearchParams('status=0')))).toEqual({ page: 1, limit: 30, status: 0, sort: 'priority', order: 'asc' });
  });
});
