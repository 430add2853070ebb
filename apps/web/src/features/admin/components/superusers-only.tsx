import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AdminRole } from '@newsreel/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../../app/state';
import { adminPaths } from '../admin-paths';

/**
 * A superuser's page (people, keys, jobs, the audit log): a moderator who opens its address is
 * told it is not theirs, and the page asks the API nothing (which would refuse them, 403). `body`
 * says what the page is when it is not people, keys, jobs or the audit log (publishers).
 */
export function SuperusersOnly({ children, body }: { children: ReactNode; body?: string }) {
  const { t } = useTranslation();
  const adminRole = useAppSelector((state) => state.adminRole);
  if (adminRole === AdminRole.SUPERUSER) return children;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3, maxWidth: 640, mx: 'auto', my: { xs: 2, sm: 6 } }}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
          {t('adminPeople.superusersOnly.title')}
        </Typography>
        <Typography color="text.secondary">{body ?? t('adminPeople.superusersOnly.body')}</Typography>
        <Button component={RouterLink} to={adminPaths.statistics.href()} variant="outlined">
          {t('adminPeople.superusersOnly.back')}
        </Button>
      </Stack>
    </Paper>
  );
}
