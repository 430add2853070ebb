import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import RefreshRounded from '@mui/icons-material/RefreshRounded';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import { JOB_STATES, type AdminJob } from '@newsreel/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { appActions, useAppDispatch } from '../../../app/state';
import { formatNumber } from '../../../lib/format';
import { useAdminJobs } from '../api/get-admin-jobs';
import { useRetryAdminJob } from '../api/retry-admin-job';
import { JsonBlock } from '../components/audit-entry-details';
import { DataTable, type DataColumn } from '../components/data-table';
import { EnumSelect } from '../components/enum-select';
import { FilterBar, filterFieldSx } from '../components/filter-bar';
import { LoadFailed } from '../components/load-failed';
import { PageHeading } from '../components/page-heading';
import { JobStateChip } from '../components/people-chips';
import { SuperusersOnly } from '../components/superusers-only';
import { useDateTimeFormat } from '../hooks/use-poll-labels';
import { JOB_NAME, jobListQuery, jobListSearch, parseJobListParams, type JobListParams } from '../lib/people-list-params';

/** `/admin/jobs`: the background jobs, newest first, by state and name; a failed one shows why and can run again. */
export function JobListPage() {
  return (
    <SuperusersOnly>
      <Jobs />
    </SuperusersOnly>
  );
}

function Jobs() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const dateTime = useDateTimeFormat();
  const dispatch = useAppDispatch();
  const [search, setSearch] = useSearchParams();
  const params = parseJobListParams(search);
  const jobs = useAdminJobs(jobListQuery(params));
  const retry = useRetryAdminJob();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const update = (next: JobListParams) => setSearch(jobListSearch(next), { replace: true });
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const columns: DataColumn<AdminJob>[] = [
    {
      key: 'open',
      label: t('adminPeople.jobs.details'),
      hideLabel: true,
      render: (job) => {
        const expanded = open.has(job.id);
        return (
          <IconButton
            size="small"
            aria-expanded={expanded}
            aria-controls={expanded ? `job-${job.id}` : undefined}
            aria-label={t(expanded ? 'adminPeople.jobs.hide' : 'adminPeople.jobs.show', { name: job.name })}
            onClick={() => toggle(job.id)}
          >
            <ExpandMoreRounded fontSize="small" sx={{ transition: 'transform 150ms', transform: expanded ? 'rotate(180deg)' : undefined }} />
          </IconButton>
        );
      },
    },
    { key: 'name', label: t('adminPeople.columns.job'), fit: 'wrap', render: (job) => <code dir="ltr">{job.name}</code> },
    { key: 'state', label: t('adminPeople.columns.state'), render: (job) => <JobStateChip state={job.state} /> },
    {
      key: 'attempts',
      label: t('adminPeople.columns.attempts'),
      numeric: true,
      hideBelow: 'sm',
      render: (job) => t('adminPeople.jobs.attemptsOf', { attempts: formatNumber(job.attempts, language), allowed: formatNumber(job.retryLimit + 1, language) }),
    },
    { key: 'createdAt', label: t('adminPeople.columns.created'), hideBelow: 'md', fit: 'nowrap', render: (job) => dateTime(job.createdAt) },
    { key: 'runAfter', label: t('adminPeople.columns.runAfter'), hideBelow: 'md', fit: 'nowrap', render: (job) => dateTime(job.runAfter) },
    { key: 'completedAt', label: t('adminPeople.columns.finished'), hideBelow: 'sm', fit: 'nowrap', render: (job) => dateTime(job.completedAt) },
    {
      key: 'retry',
      label: t('adminPeople.columns.actions'),
      hideLabel: true,
      numeric: true,
      render: (job) =>
        job.state === 'failed' ? (
          <Button
            size="small"
            variant="outlined"
            startIcon={<ReplayRounded aria-hidden />}
            disabled={retry.isPending}
            aria-label={t('adminPeople.jobs.retryJob', { name: job.name })}
            onClick={() => retry.mutate(job.id, { onSuccess: () => dispatch(appActions.showNotification(t('adminPeople.jobs.retried', { name: job.name }))) })}
          >
            {t('adminPeople.jobs.retry')}
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeading
        title={t('adminPeople.jobs.title')}
        intro={t('adminPeople.jobs.intro')}
        action={
          <Button variant="outlined" startIcon={<RefreshRounded aria-hidden />} disabled={jobs.isFetching} onClick={() => void jobs.refetch()}>
            {t('adminPeople.refresh')}
          </Button>
        }
      />
      <FilterBar label={t('adminPeople.jobs.filters')}>
        <JobNameField value={params.name} onChange={(name) => update({ ...params, name, page: 1 })} />
        <EnumSelect
          size="small"
          label={t('adminPeople.columns.state')}
          value={params.state ?? ''}
          options={JOB_STATES}
          labelOf={(state) => t(`adminPeople.jobs.state.${state}`)}
          emptyLabel={t('adminPeople.any')}
          onChange={(state) => update({ ...params, state: state === '' ? undefined : state, page: 1 })}
          sx={filterFieldSx}
        />
      </FilterBar>
      {jobs.isFetching && <LinearProgress aria-label={t('adminPeople.loading')} sx={{ mb: 1 }} />}
      {jobs.isError && !jobs.data ? (
        <LoadFailed message={t('adminPeople.jobs.loadFailed')} onRetry={() => void jobs.refetch()} />
      ) : (
        jobs.data && (
          <DataTable
            label={t('adminPeople.jobs.title')}
            rows={jobs.data.items}
            rowKey={(job) => job.id}
            columns={columns}
            empty={params.state || params.name ? t('adminPeople.noMatches') : t('adminPeople.jobs.empty')}
            paging={{ total: jobs.data.total, page: params.page, limit: params.limit, onPage: (page, limit) => update({ ...params, page, limit }) }}
            below={(job) => {
              const expanded = open.has(job.id);
              if (!job.error && !expanded) return null;
              return (
                <Stack spacing={1.5} sx={{ pb: 1 }}>
                  {/* Why the last run failed: every failed job and every job waiting to retry shows it. */}
                  {job.error && (
                    <Alert severity={job.state === 'failed' ? 'error' : 'warning'}>
                      <Box component="span" sx={{ fontWeight: 700 }}>
                        {t('adminPeople.jobs.lastError')}
                      </Box>{' '}
                      <Box component="span" dir="ltr" sx={{ fontFamily: 'monospace', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        {job.error}
                      </Box>
                    </Alert>
                  )}
                  {expanded && (
                    <Grid container spacing={2} id={`job-${job.id}`}>
                      <Grid size={{ xs: 12, md: 6 }}>
                        <JsonBlock label={t('adminPeople.jobs.data')} value={job.data} />
                      </Grid>
                      <Grid size={{ xs: 12, md: 6 }}>
                        <JsonBlock label={t('adminPeople.jobs.output')} value={job.output} />
                      </Grid>
                    </Grid>
                  )}
                </Stack>
              );
            }}
          />
        )
      )}
    </>
  );
}

/** A job's exact name, applied once typing pauses and only when it is a job's name (domain.what-it-does). */
function JobNameField({ value, onChange }: { value: string; onChange: (name: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const trimmed = text.trim();
  const valid = trimmed === '' || JOB_NAME.test(trimmed);
  useEffect(() => {
    if (!valid || trimmed === value) return;
    const timer = setTimeout(() => onChange(trimmed), 300);
    return () => clearTimeout(timer);
  }, [trimmed]); // eslint-disable-line react-hooks/exhaustive-deps -- only typing starts the pause
  return (
    <TextField
      size="small"
      type="search"
      label={t('adminPeople.jobs.name')}
      value={text}
      onChange={(event) => setText(event.target.value)}
      error={!valid}
      helperText={valid ? t('adminPeople.jobs.nameHelp') : t('adminPeople.validation.jobName')}
      slotProps={{ htmlInput: { maxLength: 100, dir: 'ltr', spellCheck: false } }}
      sx={{ flex: { xs: '1 1 100%', md: '1 1 260px' }, maxWidth: { md: 380 } }}
    />
  );
}
