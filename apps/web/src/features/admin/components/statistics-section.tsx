import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { CsvDownloadButton, type PanelCsv } from './csv-download-button';

export interface StatisticsSectionProps {
  /** The heading's element id: the section is named by it. */
  id: string;
  title: string;
  /** Controls beside the heading (a choice of view, of days). */
  action?: ReactNode;
  /** A line under the heading saying what the figures are. */
  note?: ReactNode;
  /**
   * The panel's figures as a CSV file (a download button beside the heading): undefined while
   * they load; left out for a panel with nothing to download.
   */
  csv?: PanelCsv | undefined;
  /** Whether the panel has a CSV download at all (the button shows, disabled, before its figures load). */
  downloadable?: boolean;
  children: ReactNode;
}

/** One panel of the statistics page: a named region with its heading, controls and figures. */
export function StatisticsSection({ id, title, action, note, csv, downloadable = csv !== undefined, children }: StatisticsSectionProps) {
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 }, borderRadius: 3, minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: note ? 0.5 : 1.5 }}>
        <Typography id={id} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {(action || downloadable) && (
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            {action}
            {downloadable && <CsvDownloadButton csv={csv} title={title} />}
          </Stack>
        )}
      </Stack>
      {note && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {note}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

/** What a panel says when it has nothing to show (no plays in the range yet). */
export function EmptyFigures({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ py: 3, textAlign: 'center' }}>
      <Typography color="text.secondary">{children}</Typography>
    </Box>
  );
}

/** Grey rows where a table's rows will be, so the page keeps its shape while it loads. */
export function RowsSkeleton({ rows = 5, height = 33 }: { rows?: number; height?: number }) {
  return (
    <Stack spacing={0.5} aria-hidden>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={height} />
      ))}
    </Stack>
  );
}
