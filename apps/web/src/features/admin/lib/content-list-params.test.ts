import { ArticleStatus, ReviewStatus } from '@newsreel/contracts';
import { describe, expect, it } from 'vitest';
import {
  articleListQuery,
  articleListSearch,
  catalogueListSearch,
  categoryListQuery,
  nextOrder,
  parseArticleListParams,
  parseCategoryListParams,
  parsePublisherListParams,
  publisherListQuery,
} from './content-list-params';

const publisherId = '00000000-0000-4000-8000-000000000501';

describe('the article list’s parameters', () => {
  it('opens on the moderation queue, the longest waiting first, and asks the API for reviewStatus=1', () => {
    const params = parseArticleListParams(new URLSearchParams(''));
    expect(params).toEqual({ view: 'queue', q: '', publisherId: undefined, categoryId: undefined, sort: 'reviewRequestedAt', order: 'asc', page: 1, limit: 30 });
    expect(articleListQuery(params)).toEqual({ page: 1, limit: 30, reviewStatus: ReviewStatus.AWAITING_REVIEW, sort: 'reviewRequestedAt', order: 'asc' });
    expect(articleListSearch(params).toString()).toBe('');
  });

  it('keeps the queue to "awaiting review" whatever the URL says of the status', () => {
    const params = parseArticleListParams(new URLSearchParams('status=1&review=2'));
    expect(articleListQuery(params)).toEqual({ page: 1, limit: 30, reviewStatus: ReviewStatus.AWAITING_REVIEW, sort: 'reviewRequestedAt', order: 'asc' });
  });

  it('reads every article’s filters, and writes back only what differs from the defaults', () => {
    const search = new URLSearchParams(`view=all&q=%20bridge%20&status=3&review=2&publisher=${publisherId}&category=nope&sort=title&order=asc&page=2&limit=50`);
    const params = parseArticleListParams(search);
    expect(params).toEqual({
      view: 'all',
      q: 'bridge',
      status: ArticleStatus.SCHEDULED,
      reviewStatus: ReviewStatus.APPROVED,
      publisherId,
      categoryId: undefined,
      sort: 'title',
      order: 'asc',
      page: 2,
      limit: 50,
    });
    expect(articleListQuery(params)).toEqual({ page: 2, limit: 50, q: 'bridge', status: 3, reviewStatus: 2, publisherId, sort: 'title', order: 'asc' });
    expect(Object.fromEntries(articleListSearch(params))).toEqual({ view: 'all', q: 'bridge', status: '3', review: '2', publisher: publisherId, sort: 'title', order: 'asc', page: '2', limit: '50' });
  });

  it('leaves what it does not know at its default', () => {
    const params = parseArticleListParams(new URLSearchParams('view=other&status=9&sort=drop&order=up&page=-1&limit=7'));
    expect(params).toMatchObject({ view: 'queue', sort: 'reviewRequestedAt', order: 'asc', page: 1, limit: 30 });
    expect(params.status).toBeUndefined();
  });

  it('sorts a new column its own way first, then turns it around', () => {
    expect(nextOrder({ sort: 'createdAt', order: 'desc' }, 'title')).toBe('asc');
    expect(nextOrder({ sort: 'title', order: 'asc' }, 'title')).toBe('desc');
    expect(nextOrder({ sort: 'title', order: 'asc' }, 'publishedAt', 'desc')).toBe('desc');
  });
});

describe('the catalogue lists’ parameters', () => {
  it('sort by name, A to Z, by default, and write back only what differs', () => {
    const params = parseCategoryListParams(new URLSearchParams(''));
    expect(categoryListQuery(params)).toEqual({ page: 1, limit: 30, sort: 'name', order: 'asc' });
    expect(catalogueListSearch(params).toString()).toBe('');
  });

  it('read the search, the use filter and a sort each list has, leaving others at their default', () => {
    const publishers = parsePublisherListParams(new URLSearchParams('q=harbour&inUse=false&sort=userCount&order=desc&page=3'));
    expect(publisherListQuery(publishers)).toEqual({ page: 3, limit: 30, q: 'harbour', inUse: false, sort: 'userCount', order: 'desc' });
    expect(Object.fromEntries(catalogueListSearch(publishers))).toEqual({ q: 'harbour', inUse: 'false', sort: 'userCount', order: 'desc', page: '3' });
    // Categories have no users to sort by.
    expect(parseCategoryListParams(new URLSearchParams('sort=userCount&inUse=maybe'))).toMatchObject({ sort: 'name', inUse: undefined });
  });
});
