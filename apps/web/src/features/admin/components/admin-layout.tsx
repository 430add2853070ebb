import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import AutoStoriesOutlined from '@mui/icons-material/AutoStoriesOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import HowToVoteOutlined from '@mui/icons-material/HowToVoteOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded';
import NewspaperOutlined from '@mui/icons-material/NewspaperOutlined';
import OndemandVideoOutlined from '@mui/icons-material/OndemandVideoOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import ManageHistoryOutlined from '@mui/icons-material/ManageHistoryOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import PlaylistPlayRounded from '@mui/icons-material/PlaylistPlayRounded';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import WorkHistoryOutlined from '@mui/icons-material/WorkHistoryOutlined';
import { AdminRole } from '@newsreel/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink, useLocation } from 'react-router';
import { useAppSelector } from '../../../app/state';
import { adminPaths } from '../admin-paths';
import { RequireAdmin } from './require-admin';

/** The console's sections; each is a page tree under /admin. */
const sections = [
  { key: 'statistics', href: adminPaths.statistics.href(), pattern: adminPaths.statistics.pattern, icon: <InsightsOutlined aria-hidden /> },
  { key: 'polls', href: adminPaths.polls.href(), pattern: adminPaths.polls.pattern, icon: <HowToVoteOutlined aria-hidden /> },
  { key: 'articles', href: adminPaths.articles.href(), pattern: adminPaths.articles.pattern, icon: <FactCheckOutlined aria-hidden /> },
  { key: 'categories', href: adminPaths.categories.href(), pattern: adminPaths.categories.pattern, icon: <CategoryOutlined aria-hidden /> },
  { key: 'notifications', href: adminPaths.notifications.href(), pattern: adminPaths.notifications.pattern, icon: <NotificationsOutlined aria-hidden /> },
  { key: 'ads', href: adminPaths.ads.href(), pattern: adminPaths.ads.pattern, icon: <OndemandVideoOutlined aria-hidden /> },
  { key: 'contactMessages', href: adminPaths.contactMessages.href(), pattern: adminPaths.contactMessages.pattern, icon: <MailOutlineRounded aria-hidden /> },
  { key: 'playlists', href: adminPaths.playlists.href(), pattern: adminPaths.playlists.pattern, icon: <PlaylistPlayRounded aria-hidden /> },
  { key: 'stories', href: adminPaths.stories.href(), pattern: adminPaths.stories.pattern, icon: <AutoStoriesOutlined aria-hidden /> },
  { key: 'aiResults', href: adminPaths.aiResults.href(), pattern: adminPaths.aiResults.pattern, icon: <AutoAwesomeOutlined aria-hidden /> },
] as const;

/** The superusers' sections: a moderator is not shown them (their pages say so, and the API refuses a moderator). */
const superuserSections = [
  { key: 'publishers', href: adminPaths.publishers.href(), pattern: adminPaths.publishers.pattern, icon: <NewspaperOutlined aria-hidden /> },
  { key: 'users', href: adminPaths.users.href(), pattern: adminPaths.users.pattern, icon: <PeopleOutlined aria-hidden /> },
  { key: 'adminRoles', href: adminPaths.adminRoles.href(), pattern: adminPaths.adminRoles.pattern, icon: <AdminPanelSettingsOutlined aria-hidden /> },
  { key: 'vendors', href: adminPaths.vendors.href(), pattern: adminPaths.vendors.pattern, icon: <StorefrontOutlined aria-hidden /> },
  { key: 'apiKeys', href: adminPaths.apiKeys.href(), pattern: adminPaths.apiKeys.pattern, icon: <VpnKeyOutlined aria-hidden /> },
  { key: 'jobs', href: adminPaths.jobs.href(), pattern: adminPaths.jobs.pattern, icon: <WorkHistoryOutlined aria-hidden /> },
  { key: 'audit', href: adminPaths.audit.href(), pattern: adminPaths.audit.pattern, icon: <ManageHistoryOutlined aria-hidden /> },
  {
    key: 'subscriptionPrices',
    href: adminPaths.subscriptionPrices.href(),
    pattern: adminPaths.subscriptionPrices.pattern,
    icon: <PaymentsOutlined aria-hidden />,
  },
] as const;

/** The admin console's frame: who may see it, and its navigation above the page. */
export function AdminLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // The role the API gave with the admin token (app/session/admin-token.ts), else the account's.
  const superuser = useAppSelector((state) => state.adminRole) === AdminRole.SUPERUSER;
  const shown = superuser ? [...sections, ...superuserSections] : sections;
  const nav = useRef<HTMLElement>(null);
  // On a phone the sections are one row that scrolls sideways: the current one is brought into it.
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <RequireAdmin>
      <Container maxWidth="xl" sx={{ py: { xs: 2, md: 3 }, px: { xs: 1.5, sm: 3 } }}>
        {/* Beside the title from the medium breakpoint; under it on a phone, as one row that scrolls sideways (right to left too). */}
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          sx={{ alignItems: { xs: 'stretch', md: 'center' }, columnGap: 2, mb: { xs: 2, md: 3 }, pb: { xs: 0.5, md: 1.5 }, borderBottom: 1, borderColor: 'divider' }}
        >
          <Typography component="p" variant="overline" sx={{ fontWeight: 800, letterSpacing: 1.5, color: 'text.secondary' }}>
            {t('admin.title')}
          </Typography>
          <Box component="nav" ref={nav} aria-label={t('admin.nav.label')} sx={{ minWidth: 0 }}>
            <Stack
              component="ul"
              direction="row"
              useFlexGap
              sx={{
                listStyle: 'none',
                m: 0,
                p: 0,
                gap: 1,
                flexWrap: { xs: 'nowrap', md: 'wrap' },
                overflowX: { xs: 'auto', md: 'visible' },
                pb: { xs: 1, md: 0 },
                scrollbarWidth: 'thin',
                '& > li': { flexShrink: 0 },
              }}
            >
              {shown.map((section) => {
                const current = pathname === section.pattern || pathname.startsWith(`${section.pattern}/`);
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
                      {t(`admin.nav.${section.key}`)}
                    </Button>
                  </li>
                );
              })}
            </Stack>
          </Box>
        </Stack>
        <Outlet />
      </Container>
    </RequireAdmin>
  );
}
