import {
  ADMIN_ARTICLE_SORTS,
  ADMIN_CATEGORY_SORTS,
  ADMIN_PUBLISHER_SORTS,
  ArticleStatus,
  ReviewStatus,
  enumValues,
  type AdminArticleListQuery,
  type AdminArticleSort,
  type AdminCategoryListQuery,
  type AdminPublisherListQuery,
} from '@newsreel/contracts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './page-sizes';

/**
 * The content lists (the moderation queue and every article; categories; publishers and a
 * publisher's users): their filters, sorting and page as the URL keeps them (so a link or Back
 * shows the same list), and what each asks the API for. Anything unknown or malformed in a URL is
 * left at its default.
 */

export type SortOrder = 'asc' | 'desc';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function oneOf<T extends string | number>(values: readonly T[], text: string | null): T | undefined {
  if (text === null || text === '') return undefined;
  return values.find((value) => String(value) === text);
}

function readPage(search: URLSearchParams): { page: number; limit: number } {
  const page = Number(search.get('page'));
  return { page: Number.isInteger(page) && page >= 1 ? page : 1, limit: oneOf(PAGE_SIZES, search.get('limit')) ?? DEFAULT_PAGE_SIZE };
}

const readText = (search: URLSearchParams, name: string, max: number) => (search.get(name)?.trim() ?? '').slice(0, max);
const readId = (text: string | null) => (text && UUID.test(text) ? text : undefined);

/** Writes what differs from the defaults, in a fixed order. */
function write(entries: [string, string | number | undefined, string | number | undefined][]): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value, fallback] of entries) if (value !== undefined && value !== '' && value !== fallback) search.set(name, String(value));
  return search;
}

/** Clicking a column's heading: the column's own first direction, then the other way. */
export function nextOrder(current: { sort: string; order: SortOrder }, sort: string, first: SortOrder = 'asc'): SortOrder {
  if (current.sort !== sort) return first;
  return current.order === 'asc' ? 'desc' : 'asc';
}

// ── Articles ──

/**
 * The moderation queue (articles awaiting review, the oldest waiting first) is the list's first
 * view; "all" is every article in any state.
 */
export type ArticleView = 'queue' | 'all';

export interface ArticleListParams {
  view: ArticleView;
  q: string;
  /** Only in the "all" view: the queue is the review state "awaiting review" by definition. */
  status?: ArticleStatus;
  reviewStatus?: ReviewStatus;
  publisherId?: string;
  categoryId?: string;
  sort: AdminArticleSort;
  order: SortOrder;
  page: number;
  limit: number;
}

/** Each view's order when none is asked for: the queue oldest waiting first, every article newest first. */
export const ARTICLE_VIEW_SORTING: Record<ArticleView, { sort: AdminArticleSort; order: SortOrder }> = {
  queue: { sort: 'reviewRequestedAt', order: 'asc' },
  all: { sort: 'createdAt', order: 'desc' },
};

/** The longest search the API takes (ARTICLE_TITLE_MAX). */
export const ARTICLE_SEARCH_MAX = 200;

export function parseArticleListParams(search: URLSearchParams): ArticleListParams {
  const view: ArticleView = search.get('view') === 'all' ? 'all' : 'queue';
  const fallback = ARTICLE_VIEW_SORTING[view];
  const order = search.get('order');
  return {
    view,
    q: readText(search, 'q', ARTICLE_SEARCH_MAX),
    ...(view === 'all'
      ? { status: oneOf(enumValues(ArticleStatus), search.get('status')), reviewStatus: oneOf(enumValues(ReviewStatus), search.get('review')) }
      : {}),
    publisherId: readId(search.get('publisher')),
    categoryId: readId(search.get('category')),
    sort: oneOf(ADMIN_ARTICLE_SORTS, search.get('sort')) ?? fallback.sort,
    order: order === 'asc' || order === 'desc' ? order : fallback.order,
    ...readPage(search),
  };
}

export function articleListSearch(params: ArticleListParams): URLSearchParams {
  const fallback = ARTICLE_VIEW_SORTING[params.view];
  return write([
    ['view', params.view, 'queue'],
    ['q', params.q, ''],
    ['status', params.view === 'all' ? params.status : undefined, undefined],
    ['review', params.view === 'all' ? params.reviewStatus : undefined, undefined],
    ['publisher', params.publisherId, undefined],
    ['category', params.categoryId, undefined],
    ['sort', params.sort, fallback.sort],
    ['order', params.order, fallback.order],
    ['page', params.page, 1],
    ['limit', params.limit, DEFAULT_PAGE_SIZE],
  ]);
}

/** GET /v1/admin/articles: the queue is `reviewStatus=1`. */
export function articleListQuery(params: ArticleListParams): AdminArticleListQuery {
  const reviewStatus = params.view === 'queue' ? ReviewStatus.AWAITING_REVIEW : params.reviewStatus;
  return {
    page: params.page,
    limit: params.limit,
    ...(params.q ? { q: params.q } : {}),
    ...(params.view === 'all' && params.status !== undefined ? { status: params.status } : {}),
    ...(reviewStatus !== undefined ? { reviewStatus } : {}),
    ...(params.publisherId ? { publisherId: params.publisherId } : {}),
    ...(params.categoryId ? { categoryId: params.categoryId } : {}),
    sort: params.sort,
    order: params.order,
  };
}

/** How many articles wait for review: one row is enough to read the total. */
export const QUEUE_COUNT_QUERY: AdminArticleListQuery = { page: 1, limit: 1, reviewStatus: ReviewStatus.AWAITING_REVIEW };

/** A view's own list, with no filter: what its tab opens. */
export function articleViewParams(view: ArticleView, limit: number): ArticleListParams {
  return { view, q: '', ...ARTICLE_VIEW_SORTING[view], page: 1, limit };
}

// ── Categories and publishers ──

/** true: only those with articles; false: only those without (the ones that can be deleted). */
export type InUse = boolean | undefined;

const readInUse = (text: string | null): InUse => (text === 'true' ? true : text === 'false' ? false : undefined);

/** The longest search the catalogue lists take. */
export const CATALOGUE_SEARCH_MAX = 200;

export type CategorySort = (typeof ADMIN_CATEGORY_SORTS)[number];
export type PublisherSort = (typeof ADMIN_PUBLISHER_SORTS)[number];

/** A catalogue list (categories, publishers): search, in use or not, sorting (by name, A to Z, by default) and page. */
export interface CatalogueListParams<S extends string> {
  q: string;
  inUse: InUse;
  sort: S;
  order: SortOrder;
  page: number;
  limit: number;
}
export type CategoryListParams = CatalogueListParams<CategorySort>;
export type PublisherListParams = CatalogueListParams<PublisherSort>;

function parseCatalogue<S extends string>(search: URLSearchParams, sorts: readonly S[]): CatalogueListParams<S> {
  const order = search.get('order');
  return {
    q: readText(search, 'q', CATALOGUE_SEARCH_MAX),
    inUse: readInUse(search.get('inUse')),
    sort: oneOf(sorts, search.get('sort')) ?? ('name' as S),
    order: order === 'asc' || order === 'desc' ? order : 'asc',
    ...readPage(search),
  };
}

export const parseCategoryListParams = (search: URLSearchParams): CategoryListParams => parseCatalogue(search, ADMIN_CATEGORY_SORTS);
export const parsePublisherListParams = (search: URLSearchParams): PublisherListParams => parseCatalogue(search, ADMIN_PUBLISHER_SORTS);

export function catalogueListSearch<S extends string>(params: CatalogueListParams<S>): URLSearchParams {
  return write([
    ['q', params.q, ''],
    ['inUse', params.inUse === undefined ? undefined : String(params.inUse), undefined],
    ['sort', params.sort, 'name'],
    ['order', params.order, 'asc'],
    ['page', params.page, 1],
    ['limit', params.limit, DEFAULT_PAGE_SIZE],
  ]);
}

function catalogueQuery<S extends string>(params: CatalogueListParams<S>) {
  return {
    page: params.page,
    limit: params.limit,
    ...(params.q ? { q: params.q } : {}),
    ...(params.inUse !== undefined ? { inUse: params.inUse } : {}),
    sort: params.sort,
    order: params.order,
  };
}

/** GET /v1/admin/categories. */
export const categoryListQuery = (params: CategoryListParams): AdminCategoryListQuery => catalogueQuery(params);
/** GET /v1/admin/publishers. */
export const publisherListQuery = (params: PublisherListParams): AdminPublisherListQuery => catalogueQuery(params);
