import { GENERIC_ERROR_MESSAGE, type ErrorResponse } from '@newsreel/contracts';
import { errorResponseOf, isApiError } from './api-client';
import { reportError } from './error-reporting';

/** Shows a message to the person as an error notification. */
export type NotifyError = (message: string) => void;

export interface ErrorHandlers {
  /** Shows the server's message (or the generic text), logs and reports. */
  handleError(error: unknown): void;
  /** Shows the error's own message (or the generic text), logs and reports. */
  handleErrorMessage(error: unknown): void;
  /** Shows the server's message, or `fallbackText` when there is none; logs and reports. */
  handleErrorWithFallback(error: unknown, fallbackText: string): void;
  /** Shows the server's message (or the generic text) and logs, without reporting. */
  handleErrorWithoutReport(error: unknown): void;
}

/** The server's error body, `response.data`, of an ApiError (or of anything shaped like one). */
export function serverErrorOf(error: unknown): ErrorResponse | undefined {
  if (isApiError(error)) return errorResponseOf(error.response.data);
  if (typeof error === 'object' && error !== null && 'response' in error) {
    const response = (error as { response?: { data?: unknown } }).response;
    return errorResponseOf(response?.data);
  }
  return undefined;
}

/** The server's `response.data.message` of an ApiError (or of anything shaped like one). */
export function serverMessageOf(error: unknown): string | undefined {
  return nonEmpty(serverErrorOf(error)?.message);
}

function ownMessageOf(error: unknown): string | undefined {
  if (error instanceof Error) return nonEmpty(error.message);
  if (typeof error === 'string') return nonEmpty(error);
  return undefined;
}

function nonEmpty(text: string | undefined): string | undefined {
  return text?.trim() ? text : undefined;
}

export interface ErrorHandlerOptions {
  /** The translated form of 'An error has occurred'. */
  genericMessage?: string;
  /**
   * What to say for a server's error, in place of its message (serverMessageOf): e.g. a sentence
   * in the reader's language for the error's `code`; undefined leaves the generic or fallback text.
   */
  messageOf?: (error: unknown) => string | undefined;
}

/**
 * The four error helpers of SPEC §8, bound to a way of showing a notification.
 * `genericMessage` lets the UI pass the translated form of 'An error has occurred'.
 */
export function createErrorHandlers(
  notifyError: NotifyError,
  { genericMessage = GENERIC_ERROR_MESSAGE, messageOf = serverMessageOf }: ErrorHandlerOptions = {},
): ErrorHandlers {
  function show(message: string, error: unknown, report: boolean): void {
    notifyError(message);
    console.error(error);
    if (report) reportError(error, { shownMessage: message });
  }

  return {
    handleError: (error) => show(messageOf(error) ?? genericMessage, error, true),
    handleErrorMessage: (error) => show(ownMessageOf(error) ?? genericMessage, error, true),
    handleErrorWithFallback: (error, fallbackText) => show(messageOf(error) ?? fallbackText, error, true),
    handleErrorWithoutReport: (error) => show(messageOf(error) ?? genericMessage, error, false),
  };
}
