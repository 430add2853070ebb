import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorHandlers } from '../../../app/state';
import { serverMessageOf } from '../../../lib/errors';
import { translatedMessageOf } from '../lib/server-message';

/**
 * The error helpers (notifications) for the account area: a server's error whose `code` the app
 * knows is said in the reader's language, any other shows the server's message as elsewhere.
 */
export function useAccountErrorHandlers() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const accountMessageOf = useCallback((error: unknown) => translatedMessageOf(error, t, language) ?? serverMessageOf(error), [t, language]);
  return useErrorHandlers({ messageOf: accountMessageOf });
}
