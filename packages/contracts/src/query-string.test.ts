import { describe, it, expect } from 'vitest';
import { buildQueryString, withQuery } from './query-string';

/** The decoded pairs of a query string, as a server would read them. */
function decode(query: string): [string, string][] {
  return [...new URLSearchParams(query).entries()];
}

describe('buildQueryString (SPEC §5: query strings leave out empty values)', () => {
  it('returns an empty string for no parameters', () => {
    expect(buildQueryString({})).toBe('');
  });

  it('leaves out undefined, null and the empty string', () => {
    expect(buildQueryString({ a: undefined, b: null, c: '', d: 'x' })).toBe('d=x');
    expect(buildQueryString({ a: undefined, b: null, c: '' })).toBe('');
  });

  it('leaves out empty lists of categories, regions, articles and statuses', () => {
    expect(
      buildQueryString({ categoryIds: [], regionIds: [], articleIds: [], statuses: [], page: 2 }),
    ).toBe('page=2');
  });

  it('leaves out a list holding only empty strings', () => {
    expect(buildQueryString({ categoryIds: ['', ''] })).toBe('');
  });

  it('drops empty strings from inside a list', () => {
    expect(decode(buildQueryString({ categoryIds: ['a', '', 'b'] }))).toEqual([['categoryIds', 'a,b']]);
  });

  it('joins list items with commas', () => {
    expect(decode(buildQueryString({ regionIds: [0, 4] }))).toEqual([['regionIds', '0,4']]);
    expect(decode(buildQueryString({ categoryIds: ['news', 'sport', 'tech'] }))).toEqual([
      ['categoryIds', 'news,sport,tech'],
    ]);
  });

  it('keeps a one-item list, including the item 0', () => {
    expect(buildQueryString({ regionIds: [0] })).toBe('regionIds=0');
  });

  it('keeps 0 and false', () => {
    expect(buildQueryString({ page: 0, breaking: false })).toBe('page=0&breaking=false');
  });

  it('writes numbers and true as text', () => {
    expect(buildQueryString({ limit: 30, lat: -33.87, breaking: true })).toBe(
      'limit=30&lat=-33.87&breaking=true',
    );
  });

  it('keeps a whitespace-only string (only the empty string is empty)', () => {
    expect(decode(buildQueryString({ q: ' ' }))).toEqual([['q', ' ']]);
  });

  it('keeps the order of the parameters', () => {
    expect(buildQueryString({ z: 1, a: 2, m: 3 })).toBe('z=1&a=2&m=3');
  });

  it('encodes special characters in values', () => {
    const value = 'a&b=c d/é?#+%';
    const query = buildQueryString({ q: value });
    expect(query).toBe('q=a%26b%3Dc+d%2F%C3%A9%3F%23%2B%25');
    expect(decode(query)).toEqual([['q', value]]);
  });

  it('encodes special characters in keys', () => {
    const query = buildQueryString({ 'a&b=c': 'x' });
    expect(query).toBe('a%26b%3Dc=x');
    expect(decode(query)).toEqual([['a&b=c', 'x']]);
  });

  it('encodes special characters in list items without splitting the parameter', () => {
    const query = buildQueryString({ tags: ['a&b', 'c=d'], page: 1 });
    expect(decode(query)).toEqual([
      ['tags', 'a&b,c=d'],
      ['page', '1'],
    ]);
  });

  it('does not start with "?"', () => {
    expect(buildQueryString({ a: 1 }).startsWith('?')).toBe(false);
  });
});

describe('withQuery', () => {
  it('returns the path alone when nothing is left', () => {
    expect(withQuery('/v1/regions', {})).toBe('/v1/regions');
    expect(withQuery('/v1/regions', { a: undefined, b: null, c: '', d: [] })).toBe('/v1/regions');
  });

  it('appends the query after "?"', () => {
    expect(withQuery('/v1/regions/detect', { ipAddress: '1.2.3.4' })).toBe(
      '/v1/regions/detect?ipAddress=1.2.3.4',
    );
    expect(withQuery('/v1/articles', { page: 0, regionIds: [], breaking: false })).toBe(
      '/v1/articles?page=0&breaking=false',
    );
  });
});
