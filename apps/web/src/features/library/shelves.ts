/** The library's shelves, in tab order; each is an address of its own (`/library/{shelf}`). */
export const LIBRARY_SHELVES = ['saved', 'history', 'liked'] as const;
export type LibraryShelf = (typeof LIBRARY_SHELVES)[number];

/** The shelf a `/library/:shelf?` address names: Saved when none is named, null for an unknown one. */
export function libraryShelfOf(param: string | undefined): LibraryShelf | null {
  if (param === undefined || param === '') return 'saved';
  return (LIBRARY_SHELVES as readonly string[]).includes(param) ? (param as LibraryShelf) : null;
}
