import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { appActions } from '../state/app-state';
import { useAppDispatch } from '../state/app-store-context';
import { useSession } from './session-context';

/** Signs out, says so, and leaves the account page (which needs someone signed in) for home. */
export function useSignOut(): () => Promise<void> {
  const session = useSession();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { t } = useTranslation();
  return async () => {
    await session.signOut();
    dispatch(appActions.showNotification(t('account.signedOut')));
    if (pathname === paths.account.href()) await navigate(paths.home.href(), { replace: true });
  };
}
