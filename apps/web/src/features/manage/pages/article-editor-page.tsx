import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { ArticleStatus, type AdminArticle } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { appActions, useAppDispatch } from '../../../app/state';
import { isMissing } from '../../../lib/api-client';
import { ArticleStatusChips } from '../../admin/components/article-status-chips';
import { LoadFailed } from '../../admin/components/load-failed';
import { PageHeading } from '../../admin/components/page-heading';
import { useCreateArticleBundle, useManageArticle, useUpdateArticleBundle } from '../api/manage-articles';
import { ArticleForm } from '../components/article-form';
import { KeyframePicker } from '../components/keyframe-picker';
import { MediaNeedsDraft, MediaUploadSection } from '../components/media-upload-section';
import { ThumbnailImport } from '../components/thumbnail-import';
import { EMPTY_ARTICLE, valuesOf } from '../lib/article-form-values';
import { managePaths } from '../manage-paths';

/** What the publisher is told once the article is saved: where it is now. */
function savedMessageKey(article: AdminArticle, submit: boolean): string {
  if (!submit) return 'manage.editor.savedDraft';
  return article.status === ArticleStatus.PREPARING ? 'manage.editor.savedPreparing' : 'manage.editor.savedSubmitted';
}

/** `/manage/articles/new`: a new article, sent in one bundle with its media; then the list. */
export function NewArticlePage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const create = useCreateArticleBundle();
  return (
    <>
      <PageHeading title={t('manage.editor.newTitle')} intro={t('manage.editor.newIntro')} back={{ href: managePaths.articles.href(), label: t('manage.editor.back') }} />
      <ArticleForm
        values={EMPTY_ARTICLE}
        creating
        saving={create.isPending}
        onSave={async (body, submit) => {
          const article = await create.mutateAsync({ ...body, submit });
          dispatch(appActions.showNotification(t(savedMessageKey(article, submit))));
          await navigate(managePaths.articles.href());
        }}
      />
      <Stack sx={{ mt: 3 }}>
        <MediaNeedsDraft />
      </Stack>
    </>
  );
}

/** `/manage/articles/{id}`: one of the publisher's articles, in the same editor; what it sends replaces what it had. */
export function EditArticlePage() {
  const { t } = useTranslation();
  const { articleId = '' } = useParams();
  const dispatch = useAppDispatch();
  const article = useManageArticle(articleId);
  const update = useUpdateArticleBundle(articleId);
  const back = { href: managePaths.articles.href(), label: t('manage.editor.back') };

  if (article.isPending) {
    return (
      <Stack sx={{ py: 8, alignItems: 'center' }}>
        <CircularProgress aria-label={t('manage.articles.loading')} />
      </Stack>
    );
  }
  if (article.isError) {
    return (
      <>
        <PageHeading title={t('manage.editor.editTitle')} back={back} />
        <LoadFailed message={isMissing(article.error) ? t('manage.editor.notFound') : t('manage.articles.loadFailed')} onRetry={isMissing(article.error) ? undefined : () => void article.refetch()} />
      </>
    );
  }
  const current = article.data;
  // Changing a live or scheduled article takes it back through review (the lifecycle's revise).
  const published = current.status === ArticleStatus.ACTIVE || current.status === ArticleStatus.SCHEDULED;
  return (
    <>
      <PageHeading title={<bdi>{current.title}</bdi>} back={back} intro={current.reviewNote ? t('manage.articles.reviewNote', { note: current.reviewNote }) : undefined} />
      <Stack sx={{ mb: 2 }}>
        <ArticleStatusChips article={current} />
      </Stack>
      <ArticleForm
        key={current.updatedAt}
        values={valuesOf(current)}
        creating={false}
        saving={update.isPending}
        notice={published ? t('manage.editor.revise') : undefined}
        onSave={async (body, submit) => {
          const saved = await update.mutateAsync({ ...body, location: body.location ?? null, submit });
          dispatch(appActions.showNotification(t(savedMessageKey(saved, submit))));
        }}
      />
      <Stack spacing={3} sx={{ mt: 3 }}>
        <MediaUploadSection article={current} />
        <KeyframePicker article={current} />
        <ThumbnailImport article={current} />
      </Stack>
    </>
  );
}
