import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DoneAllRounded from '@mui/icons-material/DoneAllRounded';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatNumber } from '../../../lib/format';
import { adminPaths } from '../admin-paths';
import type { BulkApproval } from '../hooks/use-bulk-approve';

export interface BulkApproveBarProps {
  /** How many rows are ticked. */
  count: number;
  approval: BulkApproval;
  onApprove: () => void;
  onClear: () => void;
  /** false: the ticked articles cannot be approved here (every article, not the queue); the other actions stay. */
  canApprove?: boolean;
  /** Other bulk actions beside approving (add to playlist). */
  actions?: ReactNode;
}

/**
 * Above the queue: the ticked articles approved one after another, with how far it has got, then
 * how many were approved and which were not, each with the server's reason.
 */
export function BulkApproveBar({ count, approval, onApprove, onClear, canApprove = true, actions }: BulkApproveBarProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const { progress, result } = approval;
  return (
    <Stack spacing={1.5} sx={{ mb: 2 }}>
      {(count > 0 || progress) && (
        <Paper variant="outlined" sx={{ px: 2, py: 1.5, borderRadius: 2 }}>
          {progress ? (
            <Box>
              <Typography variant="body2" id="bulk-approve-progress" sx={{ mb: 1 }} aria-live="polite">
                {t('adminContent.bulk.progress', { done: formatNumber(progress.done + 1, language), total: formatNumber(progress.total, language) })}
              </Typography>
              <LinearProgress variant="determinate" value={(progress.done / progress.total) * 100} aria-labelledby="bulk-approve-progress" />
            </Box>
          ) : (
            <Stack direction="row" useFlexGap sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
              <Typography variant="body2" sx={{ fontWeight: 700, flex: '1 1 auto' }}>
                {t('adminContent.bulk.selected', { number: formatNumber(count, language) })}
              </Typography>
              <Button onClick={onClear}>{t('adminContent.bulk.clear')}</Button>
              {actions}
              {canApprove && (
                <Button variant="contained" color="success" startIcon={<DoneAllRounded aria-hidden />} onClick={onApprove}>
                  {t('adminContent.bulk.approve')}
                </Button>
              )}
            </Stack>
          )}
        </Paper>
      )}
      {result && (
        <Alert severity={result.failed.length === 0 ? 'success' : result.approved === 0 ? 'error' : 'warning'} onClose={approval.dismiss}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {t('adminContent.bulk.approved', { number: formatNumber(result.approved, language) })}
          </Typography>
          {result.failed.length > 0 && (
            <>
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {t('adminContent.bulk.failed', { number: formatNumber(result.failed.length, language) })}
              </Typography>
              <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                {result.failed.map(({ article, message }) => (
                  <li key={article.id}>
                    <Link component={RouterLink} to={adminPaths.article.href(article.id)} color="inherit" sx={{ fontWeight: 600 }}>
                      <bdi>{article.title}</bdi>
                    </Link>
                    {': '}
                    {message}
                  </li>
                ))}
              </Box>
            </>
          )}
        </Alert>
      )}
    </Stack>
  );
}
