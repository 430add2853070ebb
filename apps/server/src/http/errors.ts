import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { ErrorResponseSchema, type ErrorCode, type ErrorResponse } from '@newsreel/contracts';
import { isDatabaseBusy, isDatabaseUnavailable } from '../db/client';
import type { ErrorReporter } from '../integrations/error-reporting/error-reporter';

/** An error a service throws on purpose; its message is shown to the caller as it is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Headers the answer carries, e.g. Retry-After on a 429 or a 503. */
    readonly headers: Record<string, string> = {},
    /** A stable reason beside the English message, for clients to translate. */
    readonly code?: ErrorCode,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message: string, code?: ErrorCode) => new HttpError(404, message, {}, code);
export const badRequest = (message: string, code?: ErrorCode) => new HttpError(400, message, {}, code);
export const unauthorized = (message: string, code?: ErrorCode) => new HttpError(401, message, {}, code);
export const forbidden = (message: string, code?: ErrorCode) => new HttpError(403, message, {}, code);
export const conflict = (message: string, code?: ErrorCode) => new HttpError(409, message, {}, code);
export const gone = (message: string, code?: ErrorCode) => new HttpError(410, message, {}, code);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) }, 'TOO_MANY_ATTEMPTS');
export const serviceUnavailable = (message: string, retryAfterSeconds = 30, code?: ErrorCode) =>
  new HttpError(503, message, { 'retry-after': String(retryAfterSeconds) }, code);

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database is unavailable right now; nothing was changed. Try again in a few seconds.';
export const DATABASE_BUSY_MESSAGE = 'The server is too busy to answer right now; nothing was changed. Try again in a moment.';
/** Overload passes in moments; a database that is down takes longer to come back. */
const DATABASE_BUSY_RETRY_AFTER_SECONDS = 1;
const DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Try again, and tell us if it keeps happening.';

export function errorBody(statusCode: number, message: string, code?: ErrorCode): ErrorResponse {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, ...(code ? { code } : {}) };
}

interface AjvErrorLike {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

/** "querystring.limit must be >= 1": where the bad value is, and what it must be. */
function describeValidationError(error: FastifyError): string {
  const first = (error.validation?.[0] ?? {}) as AjvErrorLike;
  const where = error.validationContext ?? 'request';
  const missing = first.keyword === 'required' ? first.params?.missingProperty : undefined;
  const field = [first.instancePath?.replace(/^\//, '').replaceAll('/', '.'), missing]
    .filter(Boolean)
    .join('.');
  const subject = field ? `${where}.${field}` : where;
  if (missing) return `${subject} is required`;
  if (first.keyword === 'enum' && Array.isArray(first.params?.allowedValues)) {
    return `${subject} must be one of: ${first.params.allowedValues.join(', ')}`;
  }
  if (first.keyword === 'additionalProperties' && first.params?.additionalProperty) {
    // The path is the object's; the unknown field is inside it ("body.meta.shoeSize").
    const parent = first.instancePath?.replace(/^\//, '').replaceAll('/', '.');
    return `${[where, parent, String(first.params.additionalProperty)].filter(Boolean).join('.')} is not a known field`;
  }
  return `${subject} ${first.message ?? 'is invalid'}`;
}

/**
 * The one error handler (DESIGN §4): every failure leaves as `{ statusCode, error, message }`.
 * What it did not expect (a 500) also goes to the error reporter.
 */
export function registerErrorHandling(app: FastifyInstance, reporter?: Pick<ErrorReporter, 'serverError'>): void {
  app.addSchema(ErrorResponseSchema);

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error.validation) {
      return reply.status(400).send(errorBody(400, describeValidationError(error)));
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).headers(error.headers).send(errorBody(error.statusCode, error.message, error.code));
    }
    if (isDatabaseBusy(error)) {
      // One line per shed request, without the stack: under overload there are many, all alike.
      request.log.warn({ reason: error.message }, 'database busy');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_BUSY_RETRY_AFTER_SECONDS))
        .send(errorBody(503, DATABASE_BUSY_MESSAGE, 'TEMPORARILY_UNAVAILABLE'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send(errorBody(503, DATABASE_UNAVAILABLE_MESSAGE, 'TEMPORARILY_UNAVAILABLE'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (body too large, malformed JSON, wrong content type) carry
      // messages a caller can act on.
      return reply.status(status).send(errorBody(status, error.message));
    }
    request.log.error({ err: error }, 'request failed');
    reporter?.serverError(error, { method: request.method, url: request.url, requestId: request.id });
    return reply.status(500).send(errorBody(500, INTERNAL_ERROR_MESSAGE));
  });
}

/** Response schemas for the error statuses a route can answer, for its OpenAPI entry. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((status) => [status, { $ref: 'ErrorResponse#', description: STATUS_CODES[status] }]),
  );
}
