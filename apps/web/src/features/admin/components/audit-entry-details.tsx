import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { AuditLogEntry } from '@newsreel/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { diffValues, formatValue, prettyJson } from '../lib/audit-diff';

/** JSON as it is written: left to right, in a box that scrolls rather than widens the page. */
export function JsonBlock({ label, value }: { label: string; value: unknown }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Box
        component="pre"
        dir="ltr"
        tabIndex={0}
        aria-label={label}
        sx={{ m: 0, p: 1.5, borderRadius: 1, bgcolor: 'action.hover', fontSize: '0.8125rem', overflow: 'auto', maxHeight: 360, textAlign: 'start' }}
      >
        {prettyJson(value)}
      </Box>
    </Box>
  );
}

const valueSx = { fontFamily: 'monospace', fontSize: '0.8125rem', overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' } as const;

/** An audit entry opened: what changed field by field, or the whole before and after side by side. */
export function AuditEntryDetails({ entry }: { entry: AuditLogEntry }) {
  const { t } = useTranslation();
  const [view, setView] = useState<'changes' | 'json'>('changes');
  const changes = diffValues(entry.before, entry.after);
  return (
    <Stack spacing={1.5} sx={{ py: 1 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <ToggleButtonGroup size="small" exclusive value={view} onChange={(_event, next: 'changes' | 'json' | null) => next && setView(next)} aria-label={t('adminPeople.audit.view')}>
          <ToggleButton value="changes">{t('adminPeople.audit.changes')}</ToggleButton>
          <ToggleButton value="json">{t('adminPeople.audit.sideBySide')}</ToggleButton>
        </ToggleButtonGroup>
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('adminPeople.audit.request', { requestId: entry.requestId ?? '—', ip: entry.ip ?? '—' })}
        </Typography>
      </Stack>
      {view === 'changes' ? (
        changes.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('adminPeople.audit.noChanges')}
          </Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('adminPeople.audit.changes')} sx={{ '& td, & th': { verticalAlign: 'top' } }}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ fontWeight: 700 }}>{t('adminPeople.audit.field')}</TableCell>
                  <TableCell sx={{ fontWeight: 700 }}>{t('adminPeople.audit.before')}</TableCell>
                  <TableCell sx={{ fontWeight: 700 }}>{t('adminPeople.audit.after')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {changes.map((change) => (
                  <TableRow key={change.path}>
                    <TableCell sx={{ ...valueSx, fontWeight: 600 }}>
                      <bdi>{change.path || t('adminPeople.audit.value')}</bdi>
                    </TableCell>
                    <TableCell sx={{ ...valueSx, color: 'error.light' }}>
                      {change.kind === 'added' ? <Typography component="span" color="text.secondary">—</Typography> : <del><bdi>{formatValue(change.before)}</bdi></del>}
                    </TableCell>
                    <TableCell sx={{ ...valueSx, color: 'success.light' }}>
                      {change.kind === 'removed' ? <Typography component="span" color="text.secondary">—</Typography> : <ins style={{ textDecoration: 'none' }}><bdi>{formatValue(change.after)}</bdi></ins>}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <JsonBlock label={t('adminPeople.audit.before')} value={entry.before} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <JsonBlock label={t('adminPeople.audit.after')} value={entry.after} />
          </Grid>
        </Grid>
      )}
    </Stack>
  );
}
