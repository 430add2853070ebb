import { isApiError } from '../../../lib/api-client';
import { serverMessageOf } from '../../../lib/errors';

/**
 * What to tell a superuser whose change the API refused: `known` names what some statuses mean in
 * their language (404: no account has that email); otherwise the server's own sentence, which names
 * the person and what to do (the last superuser's 409); `generic` when there is none.
 */
export function refusalOf(error: unknown, generic: string, known: Partial<Record<number, string>> = {}): string {
  const status = isApiError(error) ? error.status : undefined;
  return (status !== undefined ? known[status] : undefined) ?? serverMessageOf(error) ?? generic;
}

/** An email address as the API takes one: one @, something on each side, a dot in the domain. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
