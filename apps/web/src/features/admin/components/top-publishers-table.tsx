import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { StatisticsSummary } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { useStatisticsFormats } from '../hooks/use-statistics-formats';
import { statisticsCsvFileName } from './csv-download-button';
import { ShareBar } from './share-bar';
import { EmptyFigures, RowsSkeleton, StatisticsSection } from './statistics-section';
import { ScrollableTable } from './scrollable-table';

const notOnPhones = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** The publishers whose articles were played most in the range, with their watch time and visitors. */
export function TopPublishersTable({ summary }: { summary: StatisticsSummary | undefined }) {
  const { t } = useTranslation();
  const format = useStatisticsFormats();
  const rows = summary?.topPublishers ?? [];
  const most = Math.max(0, ...rows.map((row) => row.plays));
  const nameOf = (row: (typeof rows)[number]) => row.name ?? t('adminStatistics.publishers.deleted');
  return (
    <StatisticsSection
      id="statistics-publishers"
      title={t('adminStatistics.publishers.title')}
      downloadable
      csv={
        summary && {
          fileName: statisticsCsvFileName('publishers', summary.from, summary.to),
          rows: () => [
            [
              t('adminStatistics.publishers.publisher'),
              t('adminStatistics.csv.publisherId'),
              t('adminStatistics.publishers.plays'),
              t('adminStatistics.csv.watchSeconds'),
              t('adminStatistics.publishers.visitors'),
            ],
            ...rows.map((row) => [nameOf(row), row.publisherId, row.plays, row.watchSeconds, row.visitors]),
          ],
        }
      }
    >
      {summary === undefined ? (
        <RowsSkeleton />
      ) : rows.length === 0 ? (
        <EmptyFigures>{t('adminStatistics.empty.plays')}</EmptyFigures>
      ) : (
        <ScrollableTable labelledBy="statistics-publishers">
          <Table size="small" aria-labelledby="statistics-publishers">
            <TableHead>
              <TableRow>
                <TableCell>{t('adminStatistics.publishers.publisher')}</TableCell>
                <TableCell align="right">{t('adminStatistics.publishers.plays')}</TableCell>
                <TableCell align="right" sx={notOnPhones}>
                  {t('adminStatistics.publishers.watchTime')}
                </TableCell>
                <TableCell align="right">{t('adminStatistics.publishers.visitors')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.publisherId}>
                  <TableCell sx={{ width: '45%', overflowWrap: 'anywhere' }}>
                    {row.name === null ? (
                      <Typography variant="body2" component="span" color="text.secondary">
                        {nameOf(row)}
                      </Typography>
                    ) : (
                      <span dir="auto">{row.name}</span>
                    )}
                    <ShareBar value={row.plays} max={most} />
                  </TableCell>
                  <TableCell align="right">{format.count(row.plays)}</TableCell>
                  <TableCell align="right" sx={{ ...notOnPhones, whiteSpace: 'nowrap' }}>
                    {format.watchTime(row.watchSeconds)}
                  </TableCell>
                  <TableCell align="right">{format.count(row.visitors)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollableTable>
      )}
    </StatisticsSection>
  );
}
