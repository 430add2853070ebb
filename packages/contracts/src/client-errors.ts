/**
 * Limits of an error report sent to `POST /v1/client-errors` (schemas/client-errors.ts). Plain
 * values, outside the schema module, so the web's reporter can cut a report to fit without
 * carrying the schemas.
 */
export const CLIENT_ERROR_LIMITS = {
  /** Reports in one call; the web sends what gathered in a few seconds. */
  reportsPerCall: 20,
  messageLength: 1000,
  stackLength: 4000,
  contextFields: 20,
  contextKeyLength: 64,
  contextValueLength: 500,
  urlLength: 2000,
  userAgentLength: 500,
  /** Times one report may say it happened (the reporter sends repeats once, counted). */
  maxCount: 10_000,
} as const;
