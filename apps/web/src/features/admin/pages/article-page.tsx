import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import CachedRounded from '@mui/icons-material/CachedRounded';
import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import ReplyRounded from '@mui/icons-material/ReplyRounded';
import SubjectRounded from '@mui/icons-material/SubjectRounded';
import { ReviewStatus, type AdminArticle } from '@newsreel/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { appActions, useAppDispatch } from '../../../app/state';
import { isApiError } from '../../../lib/api-client';
import { adminPaths } from '../admin-paths';
import { useApproveArticle } from '../api/approve-article';
import { useSendArticleBack } from '../api/article-needs-work';
import { useDeleteAdminArticle } from '../api/delete-admin-article';
import { useAdminArticle } from '../api/get-admin-article';
import { usePurgeArticleCache } from '../api/purge-article-cache';
import { useRejectArticleSummary } from '../api/reject-article-summary';
import { useUpdateAdminArticle } from '../api/update-admin-article';
import { ArticleAiSection } from '../components/article-ai-section';
import { ArticleDetailsForm } from '../components/article-details-form';
import { ArticleMediaSection } from '../components/article-media-section';
import { ArticleOverview } from '../components/article-overview';
import { ArticleStatusChips } from '../components/article-status-chips';
import { ConfirmDelete } from '../components/confirm-delete';
import { EditorSection } from '../components/editor-section';
import { LoadFailed } from '../components/load-failed';
import { ReasonDialog } from '../components/reason-dialog';
import { reviewActionsOf } from '../lib/article-review';
import { isolate } from '../lib/isolate';

/** Arrows that point back or onward turn around when the page is written right to left. */
const mirrored = { '[dir="rtl"] &': { transform: 'scaleX(-1)' } } as const;

function ArticleHeader({ title, chips, action }: { title: string; chips?: ReactNode; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      <Link component={RouterLink} to={adminPaths.articles.href()} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start' }}>
        <ArrowBackRounded aria-hidden fontSize="small" sx={mirrored} />
        {t('adminContent.article.back')}
      </Link>
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1.5, flexWrap: 'wrap', justifyContent: 'space-between' }}>
        <Stack spacing={1} sx={{ minWidth: 0, flex: '1 1 320px' }}>
          <Typography variant="h4" component="h1" dir="auto" sx={{ fontWeight: 800, fontSize: { xs: '1.5rem', sm: '2.125rem' }, overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          {chips}
        </Stack>
        {action}
      </Stack>
    </Stack>
  );
}

type Dialog = 'needsWork' | 'rejectSummary' | null;

/**
 * The review desk of one article: what the publisher was last told, and the moves its state
 * allows (approve, needs work with a reason, reject the AI's summary); purging it from the caches;
 * deleting it (asked first).
 */
function ReviewSection({ article }: { article: AdminArticle }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const approve = useApproveArticle();
  const sendBack = useSendArticleBack();
  const rejectSummary = useRejectArticleSummary();
  const purge = usePurgeArticleCache();
  const remove = useDeleteAdminArticle();
  const [dialog, setDialog] = useState<Dialog>(null);
  const actions = reviewActionsOf(article);
  const busy = approve.isPending || sendBack.isPending || rejectSummary.isPending || purge.isPending || remove.isPending;
  const notify = (key: string) => dispatch(appActions.showNotification(t(key)));

  return (
    <EditorSection id="review" title={t('adminContent.article.reviewTitle')} intro={t(`adminContent.article.reviewIntro.${reviewIntroOf(article)}`)}>
      <Stack spacing={2}>
        {article.reviewStatus === ReviewStatus.NEEDS_WORK && article.reviewNote && (
          <Alert severity="warning">
            <AlertTitle>{t('adminContent.article.noteTitle')}</AlertTitle>
            <Typography variant="body2" dir="auto" sx={{ whiteSpace: 'pre-line' }}>
              {article.reviewNote}
            </Typography>
          </Alert>
        )}
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
          {actions.approve && (
            <Button
              variant="contained"
              color="success"
              startIcon={<CheckCircleOutlineRounded aria-hidden />}
              disabled={busy}
              onClick={() =>
                approve.mutate(article.id, {
                  onSuccess: (approved) => notify(approved.live ? 'adminContent.article.approvedLive' : 'adminContent.article.approvedScheduled'),
                })
              }
            >
              {t('adminContent.article.approve')}
            </Button>
          )}
          {actions.needsWork && (
            <Button variant="outlined" color="warning" startIcon={<ReplyRounded aria-hidden sx={mirrored} />} disabled={busy} onClick={() => setDialog('needsWork')}>
              {t('adminContent.article.needsWork')}
            </Button>
          )}
          {actions.rejectSummary && (
            <Button variant="outlined" color="warning" startIcon={<SubjectRounded aria-hidden />} disabled={busy} onClick={() => setDialog('rejectSummary')}>
              {t('adminContent.article.rejectSummary')}
            </Button>
          )}
          <Button
            variant="outlined"
            startIcon={<CachedRounded aria-hidden />}
            disabled={busy}
            onClick={() => purge.mutate(article.id, { onSuccess: () => notify('adminContent.article.purged') })}
          >
            {t('adminContent.article.purge')}
          </Button>
          <ConfirmDelete
            variant="text"
            label={t('adminContent.article.delete')}
            title={t('adminContent.article.deleteTitle')}
            body={t('adminContent.article.deleteBody', { title: isolate(article.title) })}
            disabled={busy}
            onConfirm={() =>
              remove.mutate(article.id, {
                onSuccess: () => {
                  notify('adminContent.article.deleted');
                  void navigate(adminPaths.articles.href(), { replace: true });
                },
              })
            }
          />
        </Stack>
      </Stack>
      <ReasonDialog
        open={dialog === 'needsWork'}
        title={t('adminContent.article.needsWorkTitle')}
        body={t('adminContent.article.needsWorkBody')}
        label={t('adminContent.article.reason')}
        confirm={t('adminContent.article.needsWorkConfirm')}
        required
        submitting={sendBack.isPending}
        onClose={() => setDialog(null)}
        onConfirm={async (reason) => {
          await sendBack.mutateAsync({ articleId: article.id, reason });
          notify('adminContent.article.sentBack');
        }}
      />
      <ReasonDialog
        open={dialog === 'rejectSummary'}
        title={t('adminContent.article.rejectSummaryTitle')}
        body={t('adminContent.article.rejectSummaryBody')}
        label={t('adminContent.article.reasonOptional')}
        confirm={t('adminContent.article.rejectSummaryConfirm')}
        required={false}
        submitting={rejectSummary.isPending}
        onClose={() => setDialog(null)}
        onConfirm={async (reason) => {
          await rejectSummary.mutateAsync({ articleId: article.id, reason });
          notify('adminContent.article.summaryRejected');
        }}
      />
    </EditorSection>
  );
}

/** Which sentence says where the article stands in its review. */
function reviewIntroOf(article: AdminArticle): 'awaiting' | 'live' | 'scheduled' | 'needsWork' | 'notReady' {
  const actions = reviewActionsOf(article);
  if (actions.approve) return 'awaiting';
  if (article.reviewStatus === ReviewStatus.NEEDS_WORK) return 'needsWork';
  if (article.live) return 'live';
  if (actions.needsWork) return 'scheduled';
  return 'notReady';
}

/** `/admin/articles/:articleId`: one article to review, edit, purge from the caches or delete. */
export function ArticlePage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { articleId = '' } = useParams();
  const article = useAdminArticle(articleId);
  const update = useUpdateAdminArticle();

  if (!article.data) {
    if (article.isError) {
      const missing = isApiError(article.error) && (article.error.status === 404 || article.error.status === 400);
      return (
        <>
          <ArticleHeader title={t('adminContent.article.title')} />
          <LoadFailed
            message={missing ? t('adminContent.article.notFound') : t('adminContent.article.loadFailed')}
            onRetry={missing ? undefined : () => void article.refetch()}
          />
        </>
      );
    }
    return (
      <Stack sx={{ py: 10, alignItems: 'center' }}>
        <CircularProgress aria-label={t('adminContent.loading')} />
      </Stack>
    );
  }

  const data = article.data;
  return (
    <>
      <ArticleHeader title={data.title} chips={<ArticleStatusChips article={data} />} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Stack spacing={3}>
            <ReviewSection article={data} />
            <ArticleAiSection article={data} />
            <ArticleMediaSection article={data} />
            <EditorSection id="details" title={t('adminContent.article.detailsTitle')} intro={t('adminContent.article.detailsIntro')}>
              <ArticleDetailsForm
                article={data}
                submitting={update.isPending}
                onSubmit={async (body) => {
                  await update.mutateAsync({ articleId: data.id, body });
                  dispatch(appActions.showNotification(t('adminContent.article.saved')));
                }}
              />
            </EditorSection>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <ArticleOverview article={data} />
        </Grid>
      </Grid>
    </>
  );
}
