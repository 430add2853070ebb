import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { StatisticsSummary } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { useStatisticsFormats } from '../hooks/use-statistics-formats';

type Formats = ReturnType<typeof useStatisticsFormats>;

/** One tile: the figure's name (adminStatistics.figures.{key}) and its value, formatted. */
export interface Figure<T> {
  key: string;
  valueOf: (data: T, format: Formats) => string;
}

/** The range's headline figures, in the order an editor asks about them. */
const summaryFigures: Figure<StatisticsSummary>[] = [
  { key: 'visitors', valueOf: (summary, format) => format.count(summary.visitors) },
  { key: 'plays', valueOf: (summary, format) => format.count(summary.plays) },
  { key: 'watchTime', valueOf: (summary, format) => format.watchTime(summary.watchSeconds) },
  { key: 'completionRate', valueOf: (summary, format) => format.rate(summary.completionRate) },
  { key: 'likes', valueOf: (summary, format) => format.count(summary.likes) },
  { key: 'shares', valueOf: (summary, format) => format.count(summary.shares) },
  { key: 'adImpressions', valueOf: (summary, format) => format.count(summary.adImpressions) },
  { key: 'adClicks', valueOf: (summary, format) => format.count(summary.adClicks) },
  { key: 'pollVotes', valueOf: (summary, format) => format.count(summary.pollVotes) },
];

/**
 * Figures as a description list (each name with its value), in tiles that wrap to the screen;
 * while `data` loads each tile holds its place with a grey value. The admin's statistics and the
 * publisher studio's dashboard show theirs in these.
 */
export function FigureTiles<T>({ data, figures, label }: { data: T | undefined; figures: Figure<T>[]; label: string }) {
  const { t } = useTranslation();
  const format = useStatisticsFormats();
  return (
    <Box component="section" aria-label={label}>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(150px, 100%), 1fr))', gap: { xs: 1, sm: 1.5 }, m: 0 }}>
        {figures.map(({ key, valueOf }) => (
          <Paper key={key} variant="outlined" sx={{ px: 2, py: 1.5, borderRadius: 3, minWidth: 0 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t(`adminStatistics.figures.${key}`)}
            </Typography>
            <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 800, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
              {data ? valueOf(data, format) : <Skeleton width="60%" />}
            </Typography>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}

/** The admin statistics' headline figures. */
export function HeadlineFigures({ summary }: { summary: StatisticsSummary | undefined }) {
  const { t } = useTranslation();
  return <FigureTiles data={summary} figures={summaryFigures} label={t('adminStatistics.figures.label')} />;
}
