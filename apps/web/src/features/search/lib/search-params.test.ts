import { SearchQuerySchema } from '@newsreel/contracts';
import { describe, expect, it } from 'vitest';
import { normalizeQuery, SEARCH_QUERY_MAX_LENGTH, searchHref, searchStateOf } from './search-params';

describe('search addresses', () => {
  it('stops at the length the API accepts', () => {
    // The schema's options are JSON Schema keywords; TypeBox's static type leaves them out.
    expect(SEARCH_QUERY_MAX_LENGTH).toBe((SearchQuerySchema.properties.q as { maxLength?: number }).maxLength);
    expect(normalizeQuery(`  ${'a'.repeat(300)}`)).toHaveLength(SEARCH_QUERY_MAX_LENGTH - 2);
  });

  it('reads the words and the type from the address', () => {
    expect(searchStateOf(new URLSearchParams('q=night+train&type=stories'))).toEqual({ q: 'night train', type: 'stories' });
    expect(searchStateOf(new URLSearchParams('q=%20flood%20'))).toEqual({ q: 'flood', type: 'all' });
    expect(searchStateOf(new URLSearchParams('type=videos'))).toEqual({ q: '', type: 'all' });
    expect(searchStateOf(new URLSearchParams(`q=${'x'.repeat(250)}`)).q).toHaveLength(SEARCH_QUERY_MAX_LENGTH);
  });

  it('writes the words and the type into the address, and reads them back the same', () => {
    expect(searchHref('night train')).toBe('/search?q=night+train');
    expect(searchHref('café & co', 'publishers')).toBe('/search?q=caf%C3%A9+%26+co&type=publishers');
    expect(searchHref('  ')).toBe('/search');
    const href = searchHref(' São Paulo ', 'articles');
    expect(searchStateOf(new URL(href, 'http://localhost').searchParams)).toEqual({ q: 'São Paulo', type: 'articles' });
  });
});
