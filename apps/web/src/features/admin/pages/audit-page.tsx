import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import type { AuditLogEntry } from '@newsreel/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { useAuditLog } from '../api/get-audit-log';
import { AuditEntryDetails } from '../components/audit-entry-details';
import { DataTable, type DataColumn } from '../components/data-table';
import { LoadFailed } from '../components/load-failed';
import { PageHeading } from '../components/page-heading';
import { AdminRoleChip } from '../components/people-chips';
import { SuperusersOnly } from '../components/superusers-only';
import { useDateTimeFormat } from '../hooks/use-poll-labels';
import { fromLocalInput, toLocalInput } from '../lib/date-time';
import { AUDIT_NAME, auditListQuery, auditListSearch, parseAuditListParams, type AuditListParams } from '../lib/people-list-params';

/** `/admin/audit`: every admin write, newest first, filtered by resource, id, actor, action and time; each opens to what it changed. */
export function AuditPage() {
  return (
    <SuperusersOnly>
      <AuditLog />
    </SuperusersOnly>
  );
}

type Filters = Pick<AuditListParams, 'resource' | 'resourceId' | 'actor' | 'action' | 'from' | 'to'>;
const NO_FILTERS: Filters = { resource: '', resourceId: '', actor: '', action: '', from: '', to: '' };

function AuditLog() {
  const { t } = useTranslation();
  const dateTime = useDateTimeFormat();
  const [search, setSearch] = useSearchParams();
  const params = parseAuditListParams(search);
  const entries = useAuditLog(auditListQuery(params));
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const update = (next: AuditListParams) => setSearch(auditListSearch(next), { replace: true });
  const filtered = Object.entries(NO_FILTERS).some(([key]) => params[key as keyof Filters] !== '');
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const actorOf = (entry: AuditLogEntry) =>
    entry.actor.userId === null ? (
      <Typography variant="body2" color="text.secondary">
        {t('adminPeople.audit.server')}
      </Typography>
    ) : (
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box component="span" dir="ltr" sx={{ overflowWrap: 'anywhere' }}>
          {entry.actor.email ?? entry.actor.userId}
        </Box>
        <AdminRoleChip role={entry.actor.adminRole} />
      </Stack>
    );

  const columns: DataColumn<AuditLogEntry>[] = [
    {
      key: 'open',
      label: t('adminPeople.audit.details'),
      hideLabel: true,
      render: (entry) => {
        const expanded = open.has(entry.id);
        return (
          <IconButton
            size="small"
            aria-expanded={expanded}
            aria-controls={expanded ? `audit-entry-${entry.id}` : undefined}
            aria-label={t(expanded ? 'adminPeople.audit.hide' : 'adminPeople.audit.show', { action: entry.action, resource: entry.resource })}
            onClick={() => toggle(entry.id)}
          >
            <ExpandMoreRounded fontSize="small" sx={{ transition: 'transform 150ms', transform: expanded ? 'rotate(180deg)' : undefined }} />
          </IconButton>
        );
      },
    },
    { key: 'when', label: t('adminPeople.columns.when'), render: (entry) => dateTime(entry.occurredAt) },
    { key: 'actor', label: t('adminPeople.columns.actor'), fit: 'wrap', hideBelow: 'md', render: actorOf },
    {
      key: 'action',
      label: t('adminPeople.columns.action'),
      render: (entry) => (
        <>
          <code dir="ltr">{entry.action}</code>
          {/* Phones and tablets have no resource or actor columns: they are under the action. */}
          <Stack spacing={0.5} sx={{ display: { md: 'none' }, mt: 0.5 }}>
            <Typography component="code" variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
              {entry.resource}
            </Typography>
            {actorOf(entry)}
          </Stack>
        </>
      ),
    },
    {
      key: 'resource',
      label: t('adminPeople.columns.resource'),
      hideBelow: 'md',
      fit: 'wrap',
      render: (entry) => (
        <>
          <code dir="ltr">{entry.resource}</code>
          <Typography variant="caption" color="text.secondary" component="div" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            <bdi>{entry.resourceId}</bdi>
          </Typography>
        </>
      ),
    },
  ];

  return (
    <>
      <PageHeading title={t('adminPeople.audit.title')} intro={t('adminPeople.audit.intro')} />
      <AuditFilters key={search.toString()} params={params} onApply={(filters) => update({ ...params, ...filters, page: 1 })} />
      {entries.isFetching && <LinearProgress aria-label={t('adminPeople.loading')} sx={{ mb: 1 }} />}
      {entries.isError && !entries.data ? (
        <LoadFailed
          message={isApiError(entries.error) && entries.error.status === 400 ? t('adminPeople.audit.badFilters') : t('adminPeople.audit.loadFailed')}
          onRetry={() => void entries.refetch()}
        />
      ) : (
        entries.data && (
          <DataTable
            label={t('adminPeople.audit.title')}
            rows={entries.data.items}
            rowKey={(entry) => entry.id}
            columns={columns}
            empty={filtered ? t('adminPeople.noMatches') : t('adminPeople.audit.empty')}
            paging={{ total: entries.data.total, page: params.page, limit: params.limit, onPage: (page, limit) => update({ ...params, page, limit }) }}
            below={(entry) =>
              open.has(entry.id) ? (
                <div id={`audit-entry-${entry.id}`}>
                  {/* Below the medium breakpoint the resource's id is not in the row: it is here. */}
                  <Typography variant="body2" sx={{ display: { md: 'none' }, fontFamily: 'monospace', overflowWrap: 'anywhere', pt: 1 }}>
                    <bdi>{`${entry.resource} ${entry.resourceId}`}</bdi>
                  </Typography>
                  <AuditEntryDetails entry={entry} />
                </div>
              ) : null
            }
          />
        )
      )}
    </>
  );
}

/** The log's filters, checked as the API checks them, applied together. */
function AuditFilters({ params, onApply }: { params: AuditListParams; onApply: (filters: Filters) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Filters>({ ...params, from: toLocalInput(params.from), to: toLocalInput(params.to) });
  const [problems, setProblems] = useState<Partial<Record<keyof Filters, string>>>({});
  const set = (key: keyof Filters) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const filters: Filters = {
      resource: draft.resource.trim(),
      resourceId: draft.resourceId.trim(),
      actor: draft.actor.trim(),
      action: draft.action.trim(),
      from: fromLocalInput(draft.from) ?? '',
      to: fromLocalInput(draft.to) ?? '',
    };
    const found = {
      resource: filters.resource && !AUDIT_NAME.test(filters.resource) ? t('adminPeople.validation.auditName') : undefined,
      action: filters.action && !AUDIT_NAME.test(filters.action) ? t('adminPeople.validation.auditName') : undefined,
      to: filters.from && filters.to && Date.parse(filters.to) <= Date.parse(filters.from) ? t('adminPeople.validation.toAfterFrom') : undefined,
    };
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    onApply(filters);
  };

  const text = (key: keyof Filters, label: string, max: number, help?: string) => (
    <TextField
      size="small"
      label={label}
      value={draft[key]}
      onChange={set(key)}
      error={Boolean(problems[key])}
      helperText={problems[key] ?? help}
      slotProps={{ htmlInput: { maxLength: max, dir: 'ltr', spellCheck: false } }}
    />
  );
  const time = (key: 'from' | 'to', label: string) => (
    <TextField
      size="small"
      type="datetime-local"
      label={label}
      value={draft[key]}
      onChange={set(key)}
      error={Boolean(problems[key])}
      helperText={problems[key]}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );

  return (
    <Paper variant="outlined" component="form" role="search" aria-label={t('adminPeople.audit.filters')} noValidate onSubmit={submit} sx={{ p: 2, mb: 2, borderRadius: 2 }}>
      {/* Even columns: one on phones, two on tablets, three above. */}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } }}>
        {text('resource', t('adminPeople.audit.resource'), 40, t('adminPeople.audit.resourceHelp'))}
        {text('resourceId', t('adminPeople.audit.resourceId'), 200)}
        {text('actor', t('adminPeople.audit.actor'), 254, t('adminPeople.audit.actorHelp'))}
        {text('action', t('adminPeople.audit.action'), 40, t('adminPeople.audit.actionHelp'))}
        {time('from', t('adminPeople.audit.from'))}
        {time('to', t('adminPeople.audit.to'))}
      </Box>
      <Stack direction="row" sx={{ gap: 1, mt: 2, justifyContent: 'flex-end' }}>
        <Button
          onClick={() => {
            setDraft(NO_FILTERS);
            setProblems({});
            onApply(NO_FILTERS);
          }}
        >
          {t('adminPeople.clear')}
        </Button>
        <Button type="submit" variant="contained">
          {t('adminPeople.apply')}
        </Button>
      </Stack>
    </Paper>
  );
}
