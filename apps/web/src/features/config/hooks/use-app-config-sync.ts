import { useEffect } from 'react';
import { appActions, useAppDispatch } from '../../../app/state';
import { browserStorage } from '../../../lib/storage';
import { useAppConfigQuery } from '../api/get-app-config';

/**
 * Fetches the web app config once per session and puts it in the app state. A config from the
 * server is remembered in storage for the next start; the default stand-in is not.
 */
export function useAppConfigSync(): void {
  const dispatch = useAppDispatch();
  const { data } = useAppConfigQuery();
  useEffect(() => {
    if (!data) return;
    dispatch(appActions.setConfig(data.config));
    if (data.source === 'server') browserStorage.appConfig.set(data.config);
  }, [data, dispatch]);
}
