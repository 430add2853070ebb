import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { LineChart } from '@mui/x-charts/LineChart';
import type { StatisticsSummary } from '@newsreel/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRIMARY_YELLOW } from '../../../app/theme/tokens';
import { useStatisticsFormats } from '../hooks/use-statistics-formats';
import { statisticsCsvFileName } from './csv-download-button';
import { EmptyFigures, StatisticsSection } from './statistics-section';
import { ScrollableTable } from './scrollable-table';

const CHART_HEIGHT = 280;
/** A second colour beside the theme's yellow, readable on the dark paper. */
const VISITORS_COLOUR = '#5cc8ff';
/** Up to a month (two weeks on a phone), each day's point is marked; beyond that the marks would crowd the lines. */
const MARKED_DAYS_MAX = { phone: 14, wider: 31 } as const;
/** How many day labels fit under the chart: on a phone, a tablet, a wider screen. */
const DAY_LABELS = { phone: 4, tablet: 6, wide: 10 } as const;

/**
 * Visitors and plays per day of the range (the platform's, or in the studio a publisher's): a line chart for the eyes (with a tooltip per day),
 * and the same figures as a table for anyone who opens it, screen readers included. Right to
 * left, time runs from right to left and the count axis stands on the right.
 */
export function DailyChart({ summary }: { summary: Pick<StatisticsSummary, 'from' | 'to' | 'daily'> | undefined }) {
  const { t } = useTranslation();
  const format = useStatisticsFormats();
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const tablet = useMediaQuery(theme.breakpoints.down('md'));
  const [showTable, setShowTable] = useState(false);
  const daily = summary?.daily ?? [];
  const empty = summary !== undefined && daily.every((day) => day.visitors === 0 && day.plays === 0);
  const marked = daily.length <= (phone ? MARKED_DAYS_MAX.phone : MARKED_DAYS_MAX.wider);
  // Counted back from the last day, so today is always labelled.
  const labelEvery = Math.max(1, Math.ceil(daily.length / (phone ? DAY_LABELS.phone : tablet ? DAY_LABELS.tablet : DAY_LABELS.wide)));

  return (
    <StatisticsSection
      id="statistics-daily"
      title={t('adminStatistics.daily.title')}
      downloadable
      csv={
        summary && {
          fileName: statisticsCsvFileName('daily', summary.from, summary.to),
          rows: () => [
            [t('adminStatistics.daily.day'), t('adminStatistics.daily.visitors'), t('adminStatistics.daily.plays'), t('adminStatistics.csv.watchSeconds')],
            ...summary.daily.map((day) => [day.day, day.visitors, day.plays, day.watchSeconds]),
          ],
        }
      }
      action={
        summary &&
        !empty && (
          <Button size="small" aria-expanded={showTable} aria-controls="statistics-daily-table" onClick={() => setShowTable((shown) => !shown)}>
            {showTable ? t('adminStatistics.daily.hideTable') : t('adminStatistics.daily.showTable')}
          </Button>
        )
      }
    >
      {summary === undefined ? (
        <Skeleton variant="rounded" height={CHART_HEIGHT} />
      ) : empty ? (
        <Box sx={{ height: CHART_HEIGHT, display: 'grid', placeItems: 'center' }}>
          <EmptyFigures>{t('adminStatistics.empty.plays')}</EmptyFigures>
        </Box>
      ) : (
        <>
          {/*
            Its figures are in the table below, for the keyboard and screen readers too; the chart
            is for the eyes (a tooltip per day under the pointer), so it takes no focus and is not read out.
          */}
          <Box aria-hidden data-testid="statistics-daily-chart" sx={{ height: CHART_HEIGHT }}>
            <LineChart
              height={CHART_HEIGHT}
              disableKeyboardNavigation
              skipAnimation
              // Room at the far end for the last day's label, which would otherwise be cut short.
              margin={rtl ? { left: 28 } : { right: 28 }}
              grid={{ horizontal: true }}
              xAxis={[
                {
                  scaleType: 'point',
                  data: daily.map((day) => day.day),
                  reverse: rtl,
                  // Every few days a label, as many as the width holds (the chart's own spacing
                  // of labels misjudges right-to-left text and lets them overlap).
                  tickLabelInterval: (_day: string, index: number) => (daily.length - 1 - index) % labelEvery === 0,
                  valueFormatter: (day: string, context) => (context.location === 'tick' ? format.shortDay(day) : format.day(day)),
                },
              ]}
              yAxis={[{ position: rtl ? 'right' : 'left', tickMinStep: 1, width: 48, valueFormatter: (value: number) => format.count(value) }]}
              series={[
                {
                  id: 'visitors',
                  label: t('adminStatistics.daily.visitors'),
                  data: daily.map((day) => day.visitors),
                  color: VISITORS_COLOUR,
                  showMark: marked,
                  valueFormatter: (value) => format.count(value ?? 0),
                },
                {
                  id: 'plays',
                  label: t('adminStatistics.daily.plays'),
                  data: daily.map((day) => day.plays),
                  color: PRIMARY_YELLOW,
                  showMark: marked,
                  valueFormatter: (value) => format.count(value ?? 0),
                },
              ]}
            />
          </Box>
          <Collapse in={showTable}>
            <ScrollableTable id="statistics-daily-table" labelledBy="statistics-daily" sx={{ maxHeight: 360, mt: 1 }}>
              <Table size="small" stickyHeader aria-labelledby="statistics-daily">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('adminStatistics.daily.day')}</TableCell>
                    <TableCell align="right">{t('adminStatistics.daily.visitors')}</TableCell>
                    <TableCell align="right">{t('adminStatistics.daily.plays')}</TableCell>
                    <TableCell align="right">{t('adminStatistics.daily.watchTime')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {daily.map((day) => (
                    <TableRow key={day.day}>
                      <TableCell>{format.day(day.day)}</TableCell>
                      <TableCell align="right">{format.count(day.visitors)}</TableCell>
                      <TableCell align="right">{format.count(day.plays)}</TableCell>
                      <TableCell align="right">{format.watchTime(day.watchSeconds)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </ScrollableTable>
          </Collapse>
        </>
      )}
    </StatisticsSection>
  );
}
