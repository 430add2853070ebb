import { AI_RESULT_TYPES, ADMIN_AI_RESULT_SORTS, type AdminAiResultListQuery, type AiResultType } from '@newsreel/contracts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './page-sizes';

export type AiResultSort = (typeof ADMIN_AI_RESULT_SORTS)[number];

/** The AI results list's filters, sorting and page, kept in the address (`/admin/ai-results?type=ask&found=false`). */
export interface AiResultListParams {
  q: string;
  type: AiResultType | undefined;
  found: boolean | undefined;
  sort: AiResultSort;
  order: 'asc' | 'desc';
  page: number;
  limit: number;
  /** The result opened in the detail view. */
  open: string | undefined;
}

const DEFAULT_LIMIT = DEFAULT_PAGE_SIZE;
const positive = (text: string | null, fallback: number) => {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 ? value : fallback;
};

export function parseAiResultListParams(search: URLSearchParams): AiResultListParams {
  const type = search.get('type');
  const found = search.get('found');
  const sort = search.get('sort');
  const limit = positive(search.get('limit'), DEFAULT_LIMIT);
  return {
    q: (search.get('q') ?? '').trim().slice(0, 300),
    type: AI_RESULT_TYPES.find((known) => known === type),
    found: found === 'true' ? true : found === 'false' ? false : undefined,
    sort: ADMIN_AI_RESULT_SORTS.find((known) => known === sort) ?? 'createdAt',
    order: search.get('order') === 'asc' ? 'asc' : 'desc',
    page: positive(search.get('page'), 1),
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_LIMIT,
    open: search.get('open') ?? undefined,
  };
}

/** The address's search for `params`: only what differs from the defaults. */
export function aiResultListSearch(params: AiResultListParams): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.type) search.set('type', params.type);
  if (params.found !== undefined) search.set('found', String(params.found));
  if (params.sort !== 'createdAt') search.set('sort', params.sort);
  if (params.order !== 'desc') search.set('order', params.order);
  if (params.page !== 1) search.set('page', String(params.page));
  if (params.limit !== DEFAULT_LIMIT) search.set('limit', String(params.limit));
  if (params.open) search.set('open', params.open);
  return search.toString();
}

/** The API's query for `params`. */
export function aiResultListQuery(params: AiResultListParams): AdminAiResultListQuery {
  return {
    page: params.page,
    limit: params.limit,
    sort: params.sort,
    order: params.order,
    ...(params.q ? { q: params.q } : {}),
    ...(params.type ? { type: params.type } : {}),
    ...(params.found !== undefined ? { found: params.found } : {}),
  };
}
