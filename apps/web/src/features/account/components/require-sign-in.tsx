import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation } from 'react-router';
import { useAppSelector } from '../../../app/state';
import type { User } from '../../../app/state/types';
import { paths } from '../../../lib/paths';
import { AuthCard } from './auth-card';

/**
 * A page for the signed-in user only: while a stored session is being restored it waits; a reader
 * who arrives signed out is sent to sign in, to come back here. Someone who signs out while on
 * the page (here or in another tab) is told so, with a way to sign in again; the control that
 * signed them out decides where they go.
 */
export function RequireSignIn({ children }: { children: (user: User) => ReactNode }) {
  const { t } = useTranslation();
  const status = useAppSelector((state) => state.authStatus);
  const user = useAppSelector((state) => state.user);
  const { pathname, search } = useLocation();
  const [wasSignedIn, setWasSignedIn] = useState(user !== null);
  if (user && !wasSignedIn) setWasSignedIn(true);

  if (status === 'restoring') {
    return (
      <Stack sx={{ py: 10, alignItems: 'center' }}>
        <CircularProgress aria-label={t('accountPages.account.loading')} />
      </Stack>
    );
  }
  if (user) return children(user);
  if (!wasSignedIn) return <Navigate to={paths.signIn.href(`${pathname}${search}`)} replace />;
  return (
    <AuthCard title={t('accountPages.account.signedOutTitle')} intro={t('accountPages.account.signedOutBody')}>
      <Button component={RouterLink} to={paths.signIn.href(`${pathname}${search}`)} variant="contained" size="large" fullWidth>
        {t('account.signIn')}
      </Button>
    </AuthCard>
  );
}
