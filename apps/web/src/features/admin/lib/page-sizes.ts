/**
 * Rows per page the console's lists offer; 30 is the API's default (SPEC §9). Apart from the
 * lists' own parameters, so a pager does not bring a list's contract schemas with it.
 */
export const PAGE_SIZES = [10, 30, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 30;
