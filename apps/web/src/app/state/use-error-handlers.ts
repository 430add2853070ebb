import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createErrorHandlers, type ErrorHandlers } from '../../lib/errors';
import { appActions } from './app-state';
import { useAppDispatch } from './app-store-context';

/** The four error helpers of SPEC §8, showing their message in the notification bar. */
export function useErrorHandlers(): ErrorHandlers {
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  const genericMessage = t('errors.generic');
  return useMemo(
    () =>
      createErrorHandlers((message) => dispatch(appActions.showNotification(message, 'error')), {
        genericMessage,
      }),
    [dispatch, genericMessage],
  );
}
