import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { adminTokensOf } from '../../../app/session/admin-token';
import { useAppSelector, useAppStore } from '../../../app/state';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { LoadFailed } from './load-failed';

function Notice({ title, body, action }: { title: string; body: string; action: ReactNode }) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, sm: 8 }, px: { xs: 2, sm: 3 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
            {title}
          </Typography>
          <Typography color="text.secondary">{body}</Typography>
          {action}
        </Stack>
      </Paper>
    </Container>
  );
}

function Waiting() {
  const { t } = useTranslation();
  return (
    <Stack sx={{ py: 10, alignItems: 'center' }}>
      <CircularProgress aria-label={t('admin.access.checking')} />
    </Stack>
  );
}

/**
 * The admin console for signed-in users who hold an admin role (superuser or moderator) and
 * whom the API gives an admin token; anyone else is told why they cannot see it.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const store = useAppStore();
  const status = useAppSelector((state) => state.authStatus);
  const user = useAppSelector((state) => state.user);
  const { pathname, search } = useLocation();
  const isAdmin = user !== null && user.adminRole !== null;
  // The token is asked for once here, so a role the API does not grant shows this page, not failing lists.
  const token = useQuery({
    queryKey: ['admin', 'token', user?.id ?? null],
    queryFn: () => adminTokensOf(store).get(),
    enabled: isAdmin,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

  if (status === 'restoring') return <Waiting />;
  if (!user) {
    return (
      <Notice
        title={t('admin.access.signInTitle')}
        body={t('admin.access.signInBody')}
        action={
          <Button component={RouterLink} to={paths.signIn.href(`${pathname}${search}`)} variant="contained" size="large">
            {t('account.signIn')}
          </Button>
        }
      />
    );
  }
  const refused = isApiError(token.error) && token.error.status === 403;
  if (!isAdmin || refused) {
    return (
      <Notice
        title={t('admin.access.deniedTitle')}
        body={t('admin.access.deniedBody', { email: user.email })}
        action={
          <Button component={RouterLink} to={paths.home.href()} variant="outlined">
            {t('admin.access.home')}
          </Button>
        }
      />
    );
  }
  if (token.isError) {
    return (
      <Container maxWidth="sm" sx={{ py: 6 }}>
        <LoadFailed message={t('admin.access.failed')} onRetry={() => void token.refetch()} />
      </Container>
    );
  }
  if (!token.data) return <Waiting />;
  return children;
}
