import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { DeviceInviteCounts } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { useDeviceInvites } from '../api/get-device-invites';
import { useStatisticsFormats } from '../hooks/use-statistics-formats';
import { LoadFailed } from './load-failed';
import { StatisticsSection } from './statistics-section';

/** All the invites first, then what became of them. */
const counts: (keyof DeviceInviteCounts)[] = ['invites', 'pending', 'paired', 'expired', 'removed'];

/** Screens that asked to be paired with a reader (TVs, set-top boxes), by what became of them; for all time, not the range. */
export function DeviceInvitesPanel() {
  const { t } = useTranslation();
  const format = useStatisticsFormats();
  const invites = useDeviceInvites();
  return (
    <StatisticsSection
      id="statistics-invites"
      title={t('adminStatistics.invites.title')}
      note={t('adminStatistics.invites.note')}
      downloadable
      csv={
        invites.data && {
          // For all time, not the range: named after the day it was taken.
          fileName: `statistics-device-invites-${new Date().toISOString().slice(0, 10)}.csv`,
          rows: () => [[t('adminStatistics.csv.status'), t('adminStatistics.csv.code'), t('adminStatistics.invites.invites')], ...counts.map((key) => [t(`adminStatistics.invites.${key}`), key, invites.data[key]])],
        }
      }
    >
      {invites.isError && !invites.data ? (
        <LoadFailed message={t('adminStatistics.invites.loadFailed')} onRetry={() => void invites.refetch()} />
      ) : (
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(110px, 100%), 1fr))', gap: 1.5, m: 0 }}
        >
          {counts.map((key) => (
            <Box key={key} sx={{ minWidth: 0 }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t(`adminStatistics.invites.${key}`)}
              </Typography>
              <Typography component="dd" variant="h6" sx={{ m: 0, fontWeight: key === 'invites' ? 800 : 600 }}>
                {invites.data ? format.count(invites.data[key]) : <Skeleton width="50%" />}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </StatisticsSection>
  );
}
