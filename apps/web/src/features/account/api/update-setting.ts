import { apiPaths, type ReaderSettings, type UserConfigBody } from '@newsreel/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session/session-context';
import { appActions, useApi, useAppDispatch, useAppStore } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';
import { useAccountErrorHandlers } from '../hooks/use-account-error-handlers';

/** The settings a reader may change (subscriptionExempt is set by an admin), each with its value. */
export type ReaderSettingChange = {
  [K in Exclude<keyof ReaderSettings, 'subscriptionExempt'>]: { key: K; value: ReaderSettings[K] };
}[Exclude<keyof ReaderSettings, 'subscriptionExempt'>];

/** PUT /v1/users/config: one key and its value; the answer is every setting. */
export function updateSetting(api: ApiClient, body: UserConfigBody): Promise<ReaderSettings> {
  return api.put<ReaderSettings>(apiPaths.usersConfig, body);
}

/**
 * Changes one of the signed-in user's settings: the control shows the new value at once, the
 * API is told, and the reader is told it was saved; if the API refuses, the old value comes back
 * with the API's message.
 */
export function useUpdateSetting() {
  const api = useApi();
  const store = useAppStore();
  const session = useSession();
  const dispatch = useAppDispatch();
  const { handleError } = useAccountErrorHandlers();
  const { t } = useTranslation();
  const setSettings = (settings: ReaderSettings) => {
    const user = store.getState().user;
    if (user) session.updateUser({ ...user, settings });
  };
  return useMutation({
    mutationFn: (change: ReaderSettingChange) => updateSetting(api, change),
    onMutate: (change) => {
      const previous = store.getState().user?.settings;
      if (previous) setSettings({ ...previous, [change.key]: change.value });
      return { previous };
    },
    onError: (error, _change, context) => {
      if (context?.previous) setSettings(context.previous);
      handleError(error);
    },
    onSuccess: (settings) => {
      setSettings(settings);
      dispatch(appActions.showNotification(t('accountPages.account.reading.saved')));
    },
  });
}
