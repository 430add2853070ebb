import { describe, expect, it, vi } from 'vitest';
import { expectConsoleErrors } from '../test/console-guard';
import { ApiError } from './api-client';
import { clearErrorReports, getErrorReports } from './error-reporting';
import { createErrorHandlers, serverErrorOf } from './errors';

function setup() {
  const notifyError = vi.fn<(message: string) => void>();
  const consoleError = expectConsoleErrors();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  clearErrorReports();
  return { notifyError, consoleError, handlers: createErrorHandlers(notifyError) };
}

const serverError = new ApiError(409, { statusCode: 409, error: 'Conflict', message: 'That email is already registered' });

describe('error helpers', () => {
  it('handleError shows the server message, logs and reports', () => {
    const { notifyError, consoleError, handlers } = setup();
    handlers.handleError(serverError);
    expect(notifyError).toHaveBeenCalledWith('That email is already registered');
    expect(consoleError).toHaveBeenCalledWith(serverError);
    expect(getErrorReports()).toHaveLength(1);
    expect(getErrorReports()[0]?.error).toBe(serverError);
  });

  it("handleError falls back to 'An error has occurred' when the response has no message", () => {
    const { notifyError, handlers } = setup();
    handlers.handleError(new ApiError(502, '<html>Bad gateway</html>'));
    handlers.handleError(new TypeError('Failed to fetch'));
    expect(notifyError.mock.calls).toEqual([['An error has occurred'], ['An error has occurred']]);
  });

  it('handleErrorMessage shows the error’s own message', () => {
    const { notifyError, handlers } = setup();
    handlers.handleErrorMessage(new Error('Camera permission was denied'));
    handlers.handleErrorMessage({});
    expect(notifyError.mock.calls).toEqual([['Camera permission was denied'], ['An error has occurred']]);
    expect(getErrorReports()).toHaveLength(2);
  });

  it('handleErrorWithFallback uses the fallback text only when the server says nothing', () => {
    const { notifyError, handlers } = setup();
    handlers.handleErrorWithFallback(new Error('socket hang up'), 'Your vote was not counted');
    handlers.handleErrorWithFallback(serverError, 'Your vote was not counted');
    expect(notifyError.mock.calls).toEqual([['Your vote was not counted'], ['That email is already registered']]);
  });

  it('handleErrorWithoutReport notifies and logs but does not report', () => {
    const { notifyError, consoleError, handlers } = setup();
    handlers.handleErrorWithoutReport(serverError);
    expect(notifyError).toHaveBeenCalledWith('That email is already registered');
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(getErrorReports()).toHaveLength(0);
  });

  it('reads a response message from an error shaped like one, and uses a translated generic text', () => {
    const notifyError = vi.fn();
    expectConsoleErrors();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const handlers = createErrorHandlers(notifyError, { genericMessage: 'Se ha producido un error' });
    handlers.handleError({ response: { data: { message: 'Region is missing' } } });
    handlers.handleError(null);
    expect(notifyError.mock.calls).toEqual([['Region is missing'], ['Se ha producido un error']]);
  });

  it('says what `messageOf` gives for an error in place of the server’s message, else the generic or fallback text', () => {
    const notifyError = vi.fn();
    expectConsoleErrors();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const coded = new ApiError(401, { statusCode: 401, error: 'Unauthorized', message: 'Wrong password', code: 'WRONG_CREDENTIALS' });
    const messageOf = (error: unknown) => (serverErrorOf(error)?.code === 'WRONG_CREDENTIALS' ? 'Mot de passe incorrect' : undefined);
    const handlers = createErrorHandlers(notifyError, { genericMessage: 'Une erreur est survenue', messageOf });
    handlers.handleError(coded);
    handlers.handleError(serverError);
    handlers.handleErrorWithFallback(serverError, 'Vote non compté');
    handlers.handleErrorWithoutReport(coded);
    expect(notifyError.mock.calls).toEqual([['Mot de passe incorrect'], ['Une erreur est survenue'], ['Vote non compté'], ['Mot de passe incorrect']]);
    expect(serverErrorOf(coded)).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Wrong password', code: 'WRONG_CREDENTIALS' });
    expect(serverErrorOf(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});
