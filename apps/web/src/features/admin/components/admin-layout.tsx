import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HowToVoteOutlined from '@mui/icons-material/HowToVoteOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink, useLocation } from 'react-router';
import { adminPaths } from '../admin-paths';
import { RequireAdmin } from './require-admin';

/** The console's sections; each is a page tree under /admin. */
const sections = [
  { key: 'statistics', href: adminPaths.statistics.href(), pattern: adminPaths.statistics.pattern, icon: <InsightsOutlined aria-hidden /> },
  { key: 'polls', href: adminPaths.polls.href(), pattern: adminPaths.polls.pattern, icon: <HowToVoteOutlined aria-hidden /> },
] as const;

/** The admin console's frame: who may see it, and its navigation above the page. */
export function AdminLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <RequireAdmin>
      <Container maxWidth="xl" sx={{ py: { xs: 2, md: 3 }, px: { xs: 1.5, sm: 3 } }}>
        <Stack
          direction="row"
          spacing={2}
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: { xs: 2, md: 3 }, pb: 1.5, borderBottom: 1, borderColor: 'divider' }}
        >
          <Typography component="p" variant="overline" sx={{ fontWeight: 800, letterSpacing: 1.5, color: 'text.secondary' }}>
            {t('admin.title')}
          </Typography>
          <Box component="nav" aria-label={t('admin.nav.label')}>
            <Stack component="ul" direction="row" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {sections.map((section) => {
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
