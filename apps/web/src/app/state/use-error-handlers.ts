import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createErrorHandlers, type ErrorHandlerOptions, type ErrorHandlers } from '../../lib/errors';
import { appActions } from './app-state';
import { useAppDispatch } from './app-store-context';

/**
 * The four error helpers of SPEC §8, showing their message in the notification bar. `messageOf`
 * (kept stable by the caller) may say a server's error in the reader's language.
 */
export function useErrorHandlers({ messageOf }: Pick<ErrorHandlerOptions, 'messageOf'> = {}): ErrorHandlers {
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  const genericMessage = t('errors.generic');
  return useMemo(
    () =>
      createErrorHandlers((message) => dispatch(appActions.showNotification(message, 'error')), {
        genericMessage,
        messageOf,
      }),
    [dispatch, genericMessage, messageOf],
  );
}
