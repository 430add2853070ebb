import { ADMIN_PLAYLIST_SORTS, ADMIN_STORY_SORTS, type AdminPlaylistListQuery, type AdminStoryListQuery } from '@newsreel/contracts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './page-sizes';
import type { SortOrder } from './content-list-params';

/**
 * The playlists' and stories' lists: their search, filter, sorting and page as the URL keeps them
 * (so a link or Back shows the same list), and what each asks the API for. Anything unknown or
 * malformed in a URL is left at its default.
 */

export type PlaylistSort = (typeof ADMIN_PLAYLIST_SORTS)[number];
export type StorySort = (typeof ADMIN_STORY_SORTS)[number];

/** The longest search the API takes. */
export const COLLECTION_SEARCH_MAX = 200;

export interface CollectionListParams<S extends string> {
  q: string;
  sort: S;
  order: SortOrder;
  page: number;
  limit: number;
}
export type PlaylistListParams = CollectionListParams<PlaylistSort>;
/** `published`: true, the stories readers see now; false, those still to come. */
export type StoryListParams = CollectionListParams<StorySort> & { published?: boolean };

/** Each list's order when none is asked for: playlists by name, stories newest first. */
export const PLAYLIST_SORTING = { sort: 'name', order: 'asc' } as const;
export const STORY_SORTING = { sort: 'publishedAt', order: 'desc' } as const;

function oneOf<T extends string | number>(values: readonly T[], text: string | null): T | undefined {
  return text === null ? undefined : values.find((value) => String(value) === text);
}

function parse<S extends string>(search: URLSearchParams, sorts: readonly S[], fallback: { sort: S; order: SortOrder }): CollectionListParams<S> {
  const order = search.get('order');
  const page = Number(search.get('page'));
  return {
    q: (search.get('q')?.trim() ?? '').slice(0, COLLECTION_SEARCH_MAX),
    sort: oneOf(sorts, search.get('sort')) ?? fallback.sort,
    order: order === 'asc' || order === 'desc' ? order : fallback.order,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: oneOf(PAGE_SIZES, search.get('limit')) ?? DEFAULT_PAGE_SIZE,
  };
}

export const parsePlaylistListParams = (search: URLSearchParams): PlaylistListParams => parse(search, ADMIN_PLAYLIST_SORTS, PLAYLIST_SORTING);

export function parseStoryListParams(search: URLSearchParams): StoryListParams {
  const published = search.get('published');
  return { ...parse(search, ADMIN_STORY_SORTS, STORY_SORTING), ...(published === 'true' || published === 'false' ? { published: published === 'true' } : {}) };
}

/** What differs from the defaults, in a fixed order. */
function write(entries: [string, string | number | undefined, string | number | undefined][]): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value, fallback] of entries) if (value !== undefined && value !== '' && value !== fallback) search.set(name, String(value));
  return search;
}

export const playlistListSearch = (params: PlaylistListParams): URLSearchParams =>
  write([
    ['q', params.q, ''],
    ['sort', params.sort, PLAYLIST_SORTING.sort],
    ['order', params.order, PLAYLIST_SORTING.order],
    ['page', params.page, 1],
    ['limit', params.limit, DEFAULT_PAGE_SIZE],
  ]);

export const storyListSearch = (params: StoryListParams): URLSearchParams =>
  write([
    ['q', params.q, ''],
    ['published', params.published === undefined ? undefined : String(params.published), undefined],
    ['sort', params.sort, STORY_SORTING.sort],
    ['order', params.order, STORY_SORTING.order],
    ['page', params.page, 1],
    ['limit', params.limit, DEFAULT_PAGE_SIZE],
  ]);

/** GET /v1/admin/playlists. */
export const playlistListQuery = (params: PlaylistListParams): AdminPlaylistListQuery => ({
  page: params.page,
  limit: params.limit,
  ...(params.q ? { q: params.q } : {}),
  sort: params.sort,
  order: params.order,
});

/** GET /v1/admin/stories. */
export const storyListQuery = (params: StoryListParams): AdminStoryListQuery => ({
  page: params.page,
  limit: params.limit,
  ...(params.q ? { q: params.q } : {}),
  ...(params.published !== undefined ? { published: params.published } : {}),
  sort: params.sort,
  order: params.order,
});
