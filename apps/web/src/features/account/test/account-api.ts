import { apiPaths, type AccountUser, type ReaderSettings } from '@newsreel/contracts';
import { setAccessToken } from '../../../lib/api-client';
import { readerUser } from '../../../test/account-fixtures';
import { shellApi } from '../../../test/api-fixtures';
import type { FetchHandler } from '../../../test/mock-fetch';
import type { AppState } from '../../../app/state';

/**
 * The server's error body, as every failing account call answers: with the `code` some errors
 * name, and the answer's headers (Retry-After) when given.
 */
export function apiError(status: number, message: string, { code, headers = {} }: { code?: string; headers?: Record<string, string> } = {}): Response {
  const error = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 409: 'Conflict', 429: 'Too Many Requests', 500: 'Internal Server Error' }[status] ?? 'Error';
  const body = { statusCode: status, error, message, ...(code ? { code } : {}) };
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** The body a request sent, parsed. */
export function bodyOf(init: RequestInit | undefined): unknown {
  return JSON.parse(String(init?.body));
}

export const publishersCatalogue = [
  { id: 'c0a80101-0000-4000-8000-000000000001', slug: 'coast-news', name: 'Coast News', description: '', website: null, logoUrl: null, branding: {} },
  { id: 'c0a80101-0000-4000-8000-000000000002', slug: 'alpine-daily', name: 'Alpine Daily', description: '', website: null, logoUrl: null, branding: {} },
];
export const categoriesCatalogue = [
  { id: 'd0a80101-0000-4000-8000-000000000001', slug: 'sport', name: 'Sport', description: '' },
  { id: 'd0a80101-0000-4000-8000-000000000002', slug: 'weather', name: 'Weather', description: '' },
];

const list = <T,>(items: T[]) => ({ items, page: 1, limit: Math.max(items.length, 1), total: items.length });

/** The shell's answers, the catalogues the settings pick from, and PUT /v1/users/config applying each change. */
export function accountApi(overrides: Record<string, FetchHandler> = {}, settings: ReaderSettings = readerUser.settings) {
  let current = settings;
  return shellApi({
    'GET /v1/publishers': () => list(publishersCatalogue),
    'GET /v1/categories': () => list(categoriesCatalogue),
    [`PUT ${apiPaths.usersConfig}`]: ({ init }) => {
      const { key, value } = bodyOf(init) as { key: keyof ReaderSettings; value: never };
      current = { ...current, [key]: value };
      return current;
    },
    ...overrides,
  });
}

/** App state for a signed-in `user`, with the token the session would hold. */
export function signedIn(user: AccountUser = readerUser): Partial<AppState> {
  setAccessToken('access-1');
  return { user, authStatus: 'signedIn' };
}
