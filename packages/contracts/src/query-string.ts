export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/**
 * Builds a query string (without "?") that leaves out empty values and empty lists (SPEC §5).
 * Lists are comma-separated, as the API reads them (`regionIds=0,4`).
 */
export function buildQueryString(params: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      const items = value.filter((item) => item !== '' && item !== null && item !== undefined);
      if (items.length > 0) search.append(key, items.join(','));
      continue;
    }
    search.append(key, String(value));
  }
  // Commas separate list items; they are legal in a query and easier to read unescaped.
  return search.toString().replaceAll('%2C', ',');
}

/** Appends a query string to a path when there is one. */
export function withQuery(path: string, params: Record<string, QueryValue>): string {
  const query = buildQueryString(params);
  return query ? `${path}?${query}` : path;
}
