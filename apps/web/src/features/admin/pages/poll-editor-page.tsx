import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import type { AdminPoll } from '@newsreel/contracts';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { appActions, useAppDispatch } from '../../../app/state';
import { isApiError } from '../../../lib/api-client';
import { adminPaths } from '../admin-paths';
import { useCreatePoll } from '../api/create-poll';
import { useDeletePoll } from '../api/delete-poll';
import { useAdminPoll } from '../api/get-admin-poll';
import { useUpdatePoll } from '../api/update-poll';
import { AssetSection } from '../components/asset-section';
import { ConfirmDelete } from '../components/confirm-delete';
import { LoadFailed } from '../components/load-failed';
import { EditorSection } from '../components/editor-section';
import { PollDetailsForm } from '../components/poll-details-form';
import { PollPreview } from '../components/poll-preview';
import { PollStatusChip } from '../components/poll-status-chip';
import { QuestionsEditor } from '../components/questions-editor';
import { TargetsEditor } from '../components/targets-editor';
import { isolate } from '../lib/isolate';

// The results (and the chart library) load when the tab is opened.
const ResultsPanel = lazy(async () => ({ default: (await import('../components/results-panel')).ResultsPanel }));

function EditorHeader({ title, chip, action }: { title: string; chip?: ReactNode; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      <Link component={RouterLink} to={adminPaths.polls.href()} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start' }}>
        {/* Points back in either direction of writing. */}
        <ArrowBackRounded aria-hidden fontSize="small" sx={{ '[dir="rtl"] &': { transform: 'scaleX(-1)' } }} />
        {t('adminPolls.editor.back')}
      </Link>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap', justifyContent: 'space-between' }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, minWidth: 0, flexWrap: 'wrap' }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '1.5rem', sm: '2.125rem' }, overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          {chip}
        </Stack>
        {action}
      </Stack>
    </Stack>
  );
}

/** `/admin/polls/new`: the details of a new poll; once created, its editor opens for questions and targets. */
export function NewPollPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const create = useCreatePoll();
  return (
    <>
      <EditorHeader title={t('adminPolls.editor.newTitle')} />
      <EditorSection id="details" title={t('adminPolls.details.title')} intro={t('adminPolls.editor.newIntro')}>
        <PollDetailsForm
          submitting={create.isPending}
          onSubmit={async (body) => {
            const poll = await create.mutateAsync(body);
            dispatch(appActions.showNotification(t('adminPolls.editor.created')));
            await navigate(adminPaths.poll.href(poll.id), { replace: true });
          }}
        />
      </EditorSection>
    </>
  );
}

function PollEditor({ poll }: { poll: AdminPoll }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const update = useUpdatePoll();
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, lg: 8 }}>
        <Stack spacing={3}>
          <EditorSection id="details" title={t('adminPolls.details.title')}>
            <PollDetailsForm
              poll={poll}
              submitting={update.isPending}
              onSubmit={async (body) => {
                await update.mutateAsync({ pollId: poll.id, body });
                dispatch(appActions.showNotification(t('adminPolls.editor.saved')));
              }}
            />
          </EditorSection>
          <QuestionsEditor poll={poll} />
          <TargetsEditor poll={poll} />
          <AssetSection poll={poll} />
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <PollPreview poll={poll} />
      </Grid>
    </Grid>
  );
}

/** `/admin/polls/:pollId`: the poll's editor, or (`?tab=results`) its results. */
export function PollEditorPage() {
  const { t } = useTranslation();
  const { pollId = '' } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'results' ? 'results' : 'edit';
  const poll = useAdminPoll(pollId);
  const remove = useDeletePoll();

  if (!poll.data) {
    if (poll.isError) {
      const missing = isApiError(poll.error) && poll.error.status === 404;
      return (
        <>
          <EditorHeader title={t('adminPolls.editor.title')} />
          <LoadFailed
            message={missing ? t('adminPolls.editor.notFound') : t('adminPolls.editor.loadFailed')}
            onRetry={missing ? undefined : () => void poll.refetch()}
          />
        </>
      );
    }
    return (
      <Stack sx={{ py: 10, alignItems: 'center' }}>
        <CircularProgress aria-label={t('adminPolls.loading')} />
      </Stack>
    );
  }

  const data = poll.data;
  return (
    <>
      <EditorHeader
        title={data.name}
        chip={<PollStatusChip status={data.status} />}
        action={
          <ConfirmDelete
            variant="text"
            label={t('adminPolls.editor.delete')}
            title={t('adminPolls.editor.deleteTitle')}
            body={t('adminPolls.editor.deleteBody', { name: isolate(data.name) })}
            onConfirm={() =>
              remove.mutate(data.id, {
                onSuccess: () => {
                  dispatch(appActions.showNotification(t('adminPolls.editor.deleted')));
                  void navigate(adminPaths.polls.href(), { replace: true });
                },
              })
            }
          />
        }
      />
      <Tabs
        value={tab}
        onChange={(_event, next: string) => setSearch(next === 'results' ? { tab: 'results' } : {}, { replace: true })}
        aria-label={t('adminPolls.editor.tabs')}
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="edit" label={t('adminPolls.editor.editTab')} id="poll-tab-edit" aria-controls="poll-panel-edit" />
        <Tab value="results" label={t('adminPolls.editor.resultsTab')} id="poll-tab-results" aria-controls="poll-panel-results" />
      </Tabs>
      <div role="tabpanel" id={`poll-panel-${tab}`} aria-labelledby={`poll-tab-${tab}`}>
        {tab === 'results' ? (
          <Suspense
            fallback={
              <Stack sx={{ py: 6, alignItems: 'center' }}>
                <CircularProgress aria-label={t('adminPolls.loading')} />
              </Stack>
            }
          >
            <ResultsPanel poll={data} />
          </Suspense>
        ) : (
          <PollEditor poll={data} />
        )}
      </div>
    </>
  );
}
