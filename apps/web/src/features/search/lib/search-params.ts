import { SEARCH_QUERY_MAX_LENGTH, SEARCH_TYPES, type SearchType } from '@newsreel/contracts';
import { paths } from '../../../lib/paths';

/** The API answers 400 above this many characters, so the box stops here. */
export { SEARCH_QUERY_MAX_LENGTH };
/** Suggestions start from this many characters; fewer match too much to help. */
export const SUGGESTION_MIN_LENGTH = 2;

export interface SearchState {
  /** The words as the reader wrote them, cut to the length the API takes. */
  q: string;
  type: SearchType;
}

export function isSearchType(value: string | null): value is SearchType {
  return (SEARCH_TYPES as readonly (string | null)[]).includes(value);
}

/** The query the API is sent: trimmed, never longer than it accepts. */
export function normalizeQuery(q: string): string {
  return q.slice(0, SEARCH_QUERY_MAX_LENGTH).trim();
}

/** Reads `/search?q=&type=`; an unknown type reads as all. */
export function searchStateOf(params: URLSearchParams): SearchState {
  const type = params.get('type');
  return { q: normalizeQuery(params.get('q') ?? ''), type: isSearchType(type) ? type : 'all' };
}

/** The results page address for a query and type (all when left out). */
export function searchHref(q: string, type: SearchType = 'all'): string {
  return paths.search.href(normalizeQuery(q), type);
}

/**
 * The query as a heading quotes it: a query that is one quoted phrase loses its own straight
 * quotes, since the heading's (“…”, «…», „…“ in the reader's language) already enclose it.
 */
export function quotedInHeading(q: string): string {
  return /^"[^"]+"$/.test(q) ? q.slice(1, -1) : q;
}
