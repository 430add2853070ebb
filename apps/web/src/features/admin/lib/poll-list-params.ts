import { ADMIN_POLL_SORTS, PollStatus, PollType, PollVisibility, REGIONS, enumValues, type AdminPollListQuery } from '@newsreel/contracts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './page-sizes';

/** Rows per page the list offers; 30 is the API's default (SPEC §9). */
export const POLL_PAGE_SIZES = PAGE_SIZES;
export const DEFAULT_POLL_PAGE_SIZE = DEFAULT_PAGE_SIZE;

export type PollSort = (typeof ADMIN_POLL_SORTS)[number];

/** The list's filters, sorting and page as the URL keeps them (so a link or Back shows the same list). */
export interface PollListParams {
  q: string;
  status?: PollStatus;
  type?: PollType;
  visibility?: PollVisibility;
  regionId?: number;
  sort: PollSort;
  order: 'asc' | 'desc';
  page: number;
  limit: number;
}

function oneOf<T extends number>(values: readonly T[], text: string | null): T | undefined {
  if (text === null || text === '') return undefined;
  const value = Number(text);
  return (values as readonly number[]).includes(value) ? (value as T) : undefined;
}

function positiveInteger(text: string | null): number | undefined {
  const value = Number(text);
  return text && Number.isInteger(value) && value >= 1 ? value : undefined;
}

/** Reads the list's state from the URL; anything unknown or malformed is left at its default. */
export function parsePollListParams(search: URLSearchParams): PollListParams {
  const sort = search.get('sort');
  const region = oneOf(
    REGIONS.map((entry) => entry.id as number),
    search.get('region'),
  );
  const limit = oneOf(POLL_PAGE_SIZES, search.get('limit')) ?? DEFAULT_POLL_PAGE_SIZE;
  return {
    q: search.get('q')?.trim() ?? '',
    status: oneOf(enumValues(PollStatus), search.get('status')),
    type: oneOf(enumValues(PollType), search.get('type')),
    visibility: oneOf(enumValues(PollVisibility), search.get('visibility')),
    regionId: region,
    sort: (ADMIN_POLL_SORTS as readonly string[]).includes(sort ?? '') ? (sort as PollSort) : 'priority',
    order: search.get('order') === 'desc' ? 'desc' : 'asc',
    page: positiveInteger(search.get('page')) ?? 1,
    limit,
  };
}

/** The URL's query for `params`, leaving out what is at its default. */
export function pollListSearch(params: PollListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.status !== undefined) search.set('status', String(params.status));
  if (params.type !== undefined) search.set('type', String(params.type));
  if (params.visibility !== undefined) search.set('visibility', String(params.visibility));
  if (params.regionId !== undefined) search.set('region', String(params.regionId));
  if (params.sort !== 'priority') search.set('sort', params.sort);
  if (params.order !== 'asc') search.set('order', params.order);
  if (params.page !== 1) search.set('page', String(params.page));
  if (params.limit !== DEFAULT_POLL_PAGE_SIZE) search.set('limit', String(params.limit));
  return search;
}

/** What the API is asked for (GET /v1/admin/polls). */
export function pollListQuery(params: PollListParams): AdminPollListQuery {
  return {
    page: params.page,
    limit: params.limit,
    ...(params.q ? { q: params.q } : {}),
    ...(params.status !== undefined ? { status: params.status } : {}),
    ...(params.type !== undefined ? { type: params.type } : {}),
    ...(params.visibility !== undefined ? { visibility: params.visibility } : {}),
    ...(params.regionId !== undefined ? { regionId: params.regionId } : {}),
    sort: params.sort,
    order: params.order,
  };
}
