import { ERROR_CODES } from '@newsreel/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { loadEnglishSection } from '../../../lib/lazy-strings';
import english from '../../../locales/en/accountPages.json';
import pollStrings from '../../../locales/en/poll.json';
import tvStrings from '../../../locales/en/tv.json';
import { errorTextOf, messageOf, retryAfterOf, translatedMessageOf } from './server-message';

const failure = (status: number, message: string, code?: string, retryAfter?: number) =>
  new ApiError(status, { statusCode: status, error: 'Error', message, ...(code ? { code } : {}) }, retryAfter);

const say = (error: unknown, language = 'en') => translatedMessageOf(error, i18n.t, language);

beforeAll(() => loadEnglishSection('accountPages'));

describe('server messages on the account pages', () => {
  it('has a sentence for every code the API may name, but those a poll vote or a screen’s lease gets (the poll dialog and the TV app say them)', () => {
    const pollCodes: readonly string[] = Object.keys(pollStrings.errors);
    const screenCodes = { STREAM_IN_USE: tvStrings.inUse.body, SUBSCRIPTION_REQUIRED: tvStrings.subscription.body };
    for (const code of ERROR_CODES) {
      if (code in screenCodes) continue;
      expect(pollCodes.includes(code) ? pollStrings.errors : english.errors, code).toHaveProperty(code);
    }
    for (const sentence of Object.values(screenCodes)) expect(sentence).toBeTruthy();
    expect(say(failure(409, 'This poll is not live', 'POLL_NOT_LIVE'))).toBeUndefined();
  });

  it('says a known code in the reader’s language, whatever the English message', () => {
    expect(say(failure(409, 'An account with this email address already exists.', 'EMAIL_TAKEN'))).toBe(english.errors.EMAIL_TAKEN);
    expect(say(failure(403, 'Confirm your email address first: we have sent a new link to rosa@example.com.', 'EMAIL_NOT_CONFIRMED'))).toBe(
      'Confirm your email address first. We have sent a new confirmation link to your address: open it, then sign in.',
    );
    expect(say({ response: { data: { statusCode: 400, error: 'Bad Request', message: 'x', code: 'LINK_INVALID' } } })).toBe(english.errors.LINK_INVALID);
  });

  it('names the shortest password the API takes', () => {
    expect(say(failure(400, 'body.password: Choose a password of at least 10 characters.', 'PASSWORD_TOO_SHORT'))).toBe(
      'Choose a password of at least 10 characters.',
    );
  });

  it('says how long to wait: Retry-After, else the number in the English message, else no number', () => {
    expect(say(failure(429, 'Too many sign-in attempts. Try again in 37 seconds.', 'TOO_MANY_ATTEMPTS', 37))).toBe('Too many attempts. Try again in 37 seconds.');
    expect(say(failure(429, 'Too many sign-ups from this network. Try again in 12 minutes.', 'TOO_MANY_ATTEMPTS', 700))).toBe(
      'Too many attempts. Try again in 12 minutes.',
    );
    expect(say(failure(429, 'Too many failed attempts for this account. Try again in 8 seconds, or reset your password.', 'TOO_MANY_ATTEMPTS'))).toBe(
      'Too many attempts. Try again in 8 seconds.',
    );
    expect(say(failure(429, 'Too many password reset requests. Try again in 2 minutes.', 'TOO_MANY_ATTEMPTS'))).toBe('Too many attempts. Try again in 2 minutes.');
    expect(say(failure(429, 'Slow down.', 'TOO_MANY_ATTEMPTS'))).toBe('Too many attempts. Wait a little, then try again.');
    expect(retryAfterOf(failure(429, 'Try again in 1 minute.', 'TOO_MANY_ATTEMPTS'))).toBe(60);
    expect(retryAfterOf(failure(429, 'Try again in 1 minute.', 'TOO_MANY_ATTEMPTS', 45))).toBe(45);
  });

  it('says the wait in the reader’s language and digits', async () => {
    await i18n.changeLanguage('de');
    expect(say(failure(429, 'Try again in 37 seconds.', 'TOO_MANY_ATTEMPTS', 37), 'de')).toBe('Zu viele Versuche. Versuche es in 37 Sekunden noch einmal.');
    await i18n.changeLanguage('fa');
    expect(say(failure(429, 'Try again in 37 seconds.', 'TOO_MANY_ATTEMPTS', 37), 'fa')).toContain('۳۷');
  });

  it('leaves an unknown or missing code to the server’s message, without the field it names', () => {
    expect(say(failure(400, 'body.password: Something new.', 'SOMETHING_NEW'))).toBeUndefined();
    expect(errorTextOf(failure(400, 'body.password: Something new.', 'SOMETHING_NEW'), i18n.t, 'en')).toEqual({ text: 'Something new.', fromServer: true });
    expect(errorTextOf(failure(409, 'Taken.'), i18n.t, 'en')).toEqual({ text: 'Taken.', fromServer: true });
    expect(errorTextOf(failure(401, 'x', 'SESSION_ENDED'), i18n.t, 'en')).toEqual({ text: english.errors.SESSION_ENDED, fromServer: false });
    expect(errorTextOf(new TypeError('Failed to fetch'), i18n.t, 'en')).toBeUndefined();
    expect(errorTextOf(new ApiError(502, '<html>Bad gateway</html>'), i18n.t, 'en')).toBeUndefined();
    expect(messageOf(failure(400, 'body.email: Enter an address.'))).toBe('Enter an address.');
  });
});
