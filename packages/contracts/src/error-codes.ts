/**
 * Reasons an error answer may name in `code`, beside its English `message`, so a client can say
 * it in the reader's language (the web app translates these; other errors show the message).
 */
export const ERROR_CODES = [
  'WRONG_CREDENTIALS',
  'EMAIL_NOT_CONFIRMED',
  'ACCOUNT_SUSPENDED',
  'TOO_MANY_ATTEMPTS',
  'EMAIL_TAKEN',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_COMMON',
  'PASSWORD_IS_EMAIL',
  'PASSWORD_TOO_SIMPLE',
  'LINK_INVALID',
  'WRONG_PASSWORD',
  'MAIL_UNAVAILABLE',
  'NOT_PUBLISHER_USER',
  'SESSION_ENDED',
  'TEMPORARILY_UNAVAILABLE',
  'ALREADY_VOTED',
  'POLL_NOT_LIVE',
  'STREAM_IN_USE',
  'SUBSCRIPTION_REQUIRED',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
