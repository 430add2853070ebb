import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddCircleOutlineRounded from '@mui/icons-material/AddCircleOutlineRounded';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import RssFeedRounded from '@mui/icons-material/RssFeedRounded';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import VideoLibraryOutlined from '@mui/icons-material/VideoLibraryOutlined';
import { AccountRole } from '@newsreel/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink, useLocation } from 'react-router';
import { useAppSelector, useErrorHandlers } from '../../../app/state';
import { paths } from '../../../lib/paths';
import { useSetActivePublisher } from '../../account/api/set-active-publisher';
import { manageKeys } from '../api/manage-articles';
import { managePaths } from '../manage-paths';

/** The studio's sections, the dashboard first; Settings is for the publisher's admins. */
const sections = [
  { key: 'dashboard', href: managePaths.dashboard.href(), icon: <InsightsOutlined aria-hidden />, current: (path: string) => path === managePaths.dashboard.pattern || path === `${managePaths.dashboard.pattern}/` },
  { key: 'articles', href: managePaths.articles.href(), icon: <VideoLibraryOutlined aria-hidden />, current: (path: string) => path.startsWith(managePaths.articles.pattern) && path !== managePaths.newArticle.pattern },
  { key: 'newArticle', href: managePaths.newArticle.href(), icon: <AddCircleOutlineRounded aria-hidden />, current: (path: string) => path === managePaths.newArticle.pattern },
  { key: 'import', href: managePaths.import.href(), icon: <RssFeedRounded aria-hidden />, current: (path: string) => path === managePaths.import.pattern },
  { key: 'settings', href: managePaths.settings.href(), icon: <SettingsOutlined aria-hidden />, current: (path: string) => path === managePaths.settings.pattern },
] as const;

function Notice({ title, body, action }: { title: string; body: string; action?: React.ReactNode }) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, sm: 8 }, px: { xs: 2, sm: 3 } }}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
          {title}
        </Typography>
        <Typography color="text.secondary">{body}</Typography>
        {action}
      </Stack>
    </Container>
  );
}

/** Whether the signed-in user is an admin of the active publisher (its settings and branding are theirs). */
export function useIsPublisherAdmin(): boolean {
  return useAppSelector((state) => {
    const active = state.user?.publishers.find((publisher) => publisher.id === state.user?.activePublisherId);
    return active?.role === AccountRole.ADMIN;
  });
}

/**
 * The publisher studio's frame: for signed-in users of a publisher. It shows the publisher the
 * studio acts for (the account's active publisher; the first is chosen when none is), a switcher
 * when the user belongs to several, and the studio's navigation above the page.
 */
export function StudioLayout() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const status = useAppSelector((state) => state.authStatus);
  const user = useAppSelector((state) => state.user);
  const admin = useIsPublisherAdmin();
  const choose = useSetActivePublisher();
  const queryClient = useQueryClient();
  const { handleError } = useErrorHandlers();
  const nav = useRef<HTMLElement>(null);
  const publishers = user?.publishers ?? [];
  const active = publishers.find((publisher) => publisher.id === user?.activePublisherId) ?? null;
  const firstId = publishers[0]?.id;
  const choosing = choose.isPending;
  const switchTo = (publisherId: string) =>
    choose.mutate({ publisherId }, { onSuccess: () => void queryClient.removeQueries({ queryKey: manageKeys.all }), onError: handleError });

  // A user of a publisher who has not chosen one yet works for their first.
  useEffect(() => {
    if (status === 'signedIn' && active === null && firstId !== undefined && !choosing && !choose.isError) choose.mutate({ publisherId: firstId });
  }, [status, active, firstId, choosing, choose]);
  // On a phone the sections are one row that scrolls sideways: the current one is brought into it.
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);

  if (status === 'restoring') {
    return (
      <Stack sx={{ py: 10, alignItems: 'center' }}>
        <CircularProgress aria-label={t('manage.access.checking')} />
      </Stack>
    );
  }
  if (!user) {
    return (
      <Notice
        title={t('manage.access.signInTitle')}
        body={t('manage.access.signInBody')}
        action={
          <Button component={RouterLink} to={paths.signIn.href(`${pathname}${search}`)} variant="contained" size="large">
            {t('account.signIn')}
          </Button>
        }
      />
    );
  }
  if (publishers.length === 0) {
    return <Notice title={t('manage.access.deniedTitle')} body={t('manage.access.deniedBody', { email: user.email })} action={<Button component={RouterLink} to={paths.home.href()}>{t('admin.access.home')}</Button>} />;
  }
  const shown = sections.filter((section) => section.key !== 'settings' || admin);
  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, md: 3 }, px: { xs: 1.5, sm: 3 } }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        sx={{ alignItems: { xs: 'stretch', md: 'center' }, columnGap: 2, rowGap: 1, mb: { xs: 2, md: 3 }, pb: { xs: 0.5, md: 1.5 }, borderBottom: 1, borderColor: 'divider' }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, minWidth: 0, flexWrap: 'wrap' }}>
          <Typography component="p" variant="overline" sx={{ fontWeight: 800, letterSpacing: 1.5, color: 'text.secondary' }}>
            {t('manage.title')}
          </Typography>
          {publishers.length > 1 ? (
            <TextField
              select
              size="small"
              label={t('manage.publisher.switch')}
              value={active?.id ?? ''}
              disabled={choosing}
              onChange={(event) => switchTo(event.target.value)}
              sx={{ minWidth: 180, maxWidth: '100%' }}
            >
              {publishers.map((publisher) => (
                <MenuItem key={publisher.id} value={publisher.id}>
                  <bdi>{publisher.name}</bdi>
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <Typography component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} aria-label={t('manage.publisher.current', { name: active?.name ?? '' })}>
              <bdi>{active?.name ?? publishers[0]?.name}</bdi>
            </Typography>
          )}
        </Stack>
        <Box component="nav" ref={nav} aria-label={t('manage.nav.label')} sx={{ minWidth: 0, marginInlineStart: { md: 'auto' } }}>
          <Stack
            component="ul"
            direction="row"
            useFlexGap
            sx={{ listStyle: 'none', m: 0, p: 0, gap: 1, flexWrap: { xs: 'nowrap', md: 'wrap' }, overflowX: { xs: 'auto', md: 'visible' }, pb: { xs: 1, md: 0 }, scrollbarWidth: 'thin', '& > li': { flexShrink: 0 } }}
          >
            {shown.map((section) => {
              const current = section.current(pathname);
              return (
                <li key={section.key}>
                  <Button
                    component={RouterLink}
                    to={section.href}
                    startIcon={section.icon}
                    aria-current={current ? 'page' : undefined}
                    color={current ? 'primary' : 'inherit'}
                    variant={current ? 'outlined' : 'text'}
                    size="small"
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    {t(`manage.nav.${section.key}`)}
                  </Button>
                </li>
              );
            })}
          </Stack>
        </Box>
      </Stack>
      {active === null ? (
        choose.isError ? (
          <Alert severity="error">{t('manage.publisher.chooseFailed')}</Alert>
        ) : (
          <Stack sx={{ py: 10, alignItems: 'center' }}>
            <CircularProgress aria-label={t('manage.access.checking')} />
          </Stack>
        )
      ) : (
        <Outlet key={active.id} />
      )}
    </Container>
  );
}
