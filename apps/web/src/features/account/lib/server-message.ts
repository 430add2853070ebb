import { ERROR_CODES, PASSWORD_MIN_LENGTH, type ErrorCode } from '@newsreel/contracts';
import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/api-client';
import { serverErrorOf, serverMessageOf } from '../../../lib/errors';
import { formatNumber } from '../../../lib/format';

/**
 * The server's message for a person: the field it names (`body.password: That password is …`)
 * is for programs, and the form already shows which field is which.
 */
export function messageOf(error: unknown): string | undefined {
  return serverMessageOf(error)?.replace(/^body\.\w+:\s*/, '');
}

const isErrorCode = (code: string | undefined): code is ErrorCode => (ERROR_CODES as readonly (string | undefined)[]).includes(code);

/**
 * How long a TOO_MANY_ATTEMPTS answer asks to wait, in seconds: its Retry-After header, else the
 * number in its English message ("Try again in 37 seconds", "in 2 minutes").
 */
export function retryAfterOf(error: unknown): number | undefined {
  if (isApiError(error) && error.retryAfter !== undefined) return error.retryAfter;
  const said = /\bin (\d+) (second|minute)s?\b/i.exec(serverMessageOf(error) ?? '');
  if (!said) return undefined;
  return Number(said[1]) * (said[2]?.toLowerCase() === 'minute' ? 60 : 1);
}

/** "37 seconds", "2 minutes" in the reader's language (Intl says the plural), rounded up as the server does. */
export function waitOf(seconds: number, language: string): string {
  const wait = Math.max(1, Math.ceil(seconds));
  const options = { style: 'unit', unitDisplay: 'long' } as const;
  return wait <= 90
    ? formatNumber(wait, language, { ...options, unit: 'second' })
    : formatNumber(Math.ceil(wait / 60), language, { ...options, unit: 'minute' });
}

/**
 * The server's error in the reader's language, when its body names a `code` this app knows
 * (contracts' ERROR_CODES, the `accountPages.errors` strings); undefined for any other error.
 */
export function translatedMessageOf(error: unknown, t: TFunction, language: string): string | undefined {
  const code = serverErrorOf(error)?.code;
  if (!isErrorCode(code)) return undefined;
  switch (code) {
    case 'TOO_MANY_ATTEMPTS': {
      const seconds = retryAfterOf(error);
      return seconds === undefined
        ? t('accountPages.errors.TOO_MANY_ATTEMPTS_noWait')
        : t('accountPages.errors.TOO_MANY_ATTEMPTS', { seconds, wait: waitOf(seconds, language) });
    }
    case 'PASSWORD_TOO_SHORT':
      return t('accountPages.errors.PASSWORD_TOO_SHORT', { min: formatNumber(PASSWORD_MIN_LENGTH, language) });
    default:
      // A code the account pages never get (a poll's) has no sentence here: the server's message stands.
      return t(`accountPages.errors.${code}`, { defaultValue: '' }) || undefined;
  }
}

export interface ErrorText {
  text: string;
  /** The server's own sentence (English): shown with `dir="auto"`, so it keeps its order on a right-to-left page. */
  fromServer: boolean;
}

/**
 * What the account pages say about a failed request: the sentence for its `code` in the reader's
 * language, else the server's message, else nothing (the caller's generic text).
 */
export function errorTextOf(error: unknown, t: TFunction, language: string): ErrorText | undefined {
  const translated = translatedMessageOf(error, t, language);
  if (translated) return { text: translated, fromServer: false };
  const message = messageOf(error);
  return message ? { text: message, fromServer: true } : undefined;
}
