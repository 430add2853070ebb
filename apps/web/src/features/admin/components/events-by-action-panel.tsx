import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { StatisticsSummary } from '@newsreel/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIVE_REFRESH_MS, useLastHourEvents } from '../api/get-event-counts';
import { useStatisticsFormats } from '../hooks/use-statistics-formats';
import { statisticsCsvFileName } from './csv-download-button';
import { LoadFailed } from './load-failed';
import { ShareBar } from './share-bar';
import { EmptyFigures, RowsSkeleton, StatisticsSection } from './statistics-section';

type EventsView = 'live' | 'range';

/** A small dot that pulses while the counts follow the store (still for anyone who asked for less motion). */
function LiveDot() {
  return (
    <Box
      aria-hidden
      component="span"
      sx={{
        display: 'inline-block',
        width: 8,
        height: 8,
        borderRadius: '50%',
        bgcolor: 'success.main',
        '@keyframes statistics-live-pulse': { '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.3 } },
        animation: 'statistics-live-pulse 2s ease-in-out infinite',
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    />
  );
}

/** Counts per action, the most frequent first, each with its share of the largest. */
function ActionCounts({ items }: { items: readonly { action: string; count: number }[] }) {
  const { t, i18n } = useTranslation();
  const format = useStatisticsFormats();
  const most = Math.max(0, ...items.map((item) => item.count));
  return (
    <Table size="small" aria-labelledby="statistics-events">
      <TableHead>
        <TableRow>
          <TableCell>{t('adminStatistics.events.action')}</TableCell>
          <TableCell align="right">{t('adminStatistics.events.count')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((item) => (
          <TableRow key={item.action}>
            <TableCell sx={{ width: '65%' }}>
              {/* The shared vocabulary's actions are translated; any other is shown as it was sent. */}
              {i18n.exists(`adminStatistics.actions.${item.action}`) ? t(`adminStatistics.actions.${item.action}`) : <span dir="auto">{item.action}</span>}
              <ShareBar value={item.count} max={most} />
            </TableCell>
            <TableCell align="right">{format.count(item.count)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * Events by action: by default the last hour, counted exactly from the event store and read
 * again every few seconds while the page is on screen, so an admin sees events arrive; or the
 * whole range, from the summary.
 */
export function EventsByActionPanel({ summary }: { summary: StatisticsSummary | undefined }) {
  const { t, i18n } = useTranslation();
  const format = useStatisticsFormats();
  const [view, setView] = useState<EventsView>('live');
  const live = useLastHourEvents();
  const time = new Intl.DateTimeFormat(format.language, { timeStyle: 'medium' });

  const counts = view === 'live' ? live.data : summary && { total: summary.events, items: summary.actions };
  const note =
    view === 'live' ? (
      <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <LiveDot />
        <span>
          {t('adminStatistics.events.liveNote', { seconds: format.count(LIVE_REFRESH_MS / 1000) })}
          {live.dataUpdatedAt > 0 && ` ${t('adminStatistics.events.updated', { time: time.format(live.dataUpdatedAt) })}`}
        </span>
      </Stack>
    ) : (
      t('adminStatistics.events.rangeNote')
    );

  return (
    <StatisticsSection
      id="statistics-events"
      title={t('adminStatistics.events.title')}
      note={note}
      downloadable
      csv={
        counts && {
          fileName:
            view === 'live' && live.data
              ? // The hour's end, in UTC: statistics-events-last-hour-2026-11-26-10-00-00.csv.
                `statistics-events-last-hour-${live.data.to.slice(0, 19).replace(/[T:]/g, '-')}.csv`
              : statisticsCsvFileName('events', summary?.from ?? '', summary?.to ?? ''),
          rows: () => [
            [t('adminStatistics.events.action'), t('adminStatistics.csv.code'), t('adminStatistics.events.count')],
            ...counts.items.map((item) => [i18n.exists(`adminStatistics.actions.${item.action}`) ? t(`adminStatistics.actions.${item.action}`) : item.action, item.action, item.count]),
          ],
        }
      }
      action={
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          aria-label={t('adminStatistics.events.view')}
          onChange={(_event, next: EventsView | null) => next && setView(next)}
        >
          <ToggleButton value="live">{t('adminStatistics.events.live')}</ToggleButton>
          <ToggleButton value="range">{t('adminStatistics.events.range')}</ToggleButton>
        </ToggleButtonGroup>
      }
    >
      {view === 'live' && live.isError && !live.data ? (
        <LoadFailed message={t('adminStatistics.events.loadFailed')} onRetry={() => void live.refetch()} />
      ) : counts === undefined ? (
        <RowsSkeleton />
      ) : counts.items.length === 0 ? (
        <EmptyFigures>{view === 'live' ? t('adminStatistics.empty.lastHour') : t('adminStatistics.empty.events')}</EmptyFigures>
      ) : (
        <>
          <Typography variant="body2" sx={{ mb: 1, fontWeight: 700 }}>
            {t('adminStatistics.events.total', { total: format.count(counts.total) })}
          </Typography>
          {view === 'live' && live.isError && (
            <Typography variant="body2" color="warning.main" sx={{ mb: 1 }}>
              {t('adminStatistics.events.refreshFailed')}
            </Typography>
          )}
          <ActionCounts items={counts.items} />
        </>
      )}
    </StatisticsSection>
  );
}
