import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CachedRounded from '@mui/icons-material/CachedRounded';
import type { AdminStory } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { appActions, useAppDispatch } from '../../../app/state';
import { isApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { adminPaths } from '../admin-paths';
import { useAdminStory, useDeleteAdminStory, usePurgeStoryCache, useUpdateAdminStory } from '../api/admin-collections';
import { CollectionArticles } from '../components/collection-articles';
import { StoryForm } from '../components/collection-forms';
import { ConfirmDelete } from '../components/confirm-delete';
import { EditorSection } from '../components/editor-section';
import { LoadFailed } from '../components/load-failed';
import { StoryStateChip } from '../components/story-state-chip';
import { StoryAssetsSection } from '../components/story-assets-section';
import { PageHeading } from '../components/page-heading';
import { useDateTimeFormat } from '../hooks/use-poll-labels';
import { isolate } from '../lib/isolate';
import { refusalOf } from '../lib/refusal';

/**
 * `/admin/stories/:storyId` (moderators too): a story's articles (added, put in order, removed),
 * its details with its poster and publishing time, clearing its cached public answers, and
 * deleting it.
 */
export function StoryPage() {
  const { t } = useTranslation();
  const { storyId = '' } = useParams();
  const story = useAdminStory(storyId);
  const back = { href: adminPaths.stories.href(), label: t('adminCollections.stories.back') };
  if (!story.data) {
    if (story.isError) {
      const missing = isApiError(story.error) && (story.error.status === 404 || story.error.status === 400);
      return (
        <>
          <PageHeading title={t('adminCollections.stories.one')} back={back} />
          <LoadFailed
            message={missing ? t('adminCollections.stories.notFound') : t('adminCollections.stories.loadOneFailed')}
            onRetry={missing ? undefined : () => void story.refetch()}
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
  return <StorySections story={story.data} back={back} />;
}

function StorySections({ story, back }: { story: AdminStory; back: { href: string; label: string } }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const dateTime = useDateTimeFormat();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const save = useUpdateAdminStory();
  const remove = useDeleteAdminStory();
  const purge = usePurgeStoryCache();
  const title = isolate(story.title);
  return (
    <>
      <PageHeading
        back={back}
        title={<span dir="auto">{story.title}</span>}
        action={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              startIcon={<CachedRounded aria-hidden />}
              disabled={purge.isPending}
              onClick={() => purge.mutate(story.id, { onSuccess: () => dispatch(appActions.showNotification(t('adminCollections.stories.cacheCleared', { title }))) })}
            >
              {t('adminCollections.stories.clearCache')}
            </Button>
            <ConfirmDelete
              variant="text"
              label={t('adminCollections.stories.delete')}
              title={t('adminCollections.stories.deleteTitle', { title })}
              body={t('adminCollections.stories.deleteBody')}
              disabled={remove.isPending}
              onConfirm={() =>
                remove.mutate(story.id, {
                  onSuccess: () => {
                    dispatch(appActions.showNotification(t('adminCollections.stories.deleted', { title })));
                    void navigate(adminPaths.stories.href(), { replace: true });
                  },
                })
              }
            />
          </Stack>
        }
      />
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ mt: -1, mb: 3, alignItems: 'center', flexWrap: 'wrap' }}>
        <StoryStateChip story={story} />
        <Typography color="text.secondary">
          {t('adminCollections.stories.summary', { articles: formatNumber(story.articleCount, language), date: dateTime(story.publishedAt) })}
        </Typography>
      </Stack>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <CollectionArticles kind="story" id={story.id} name={story.title} />
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <EditorSection id="story-details" title={t('adminCollections.details')}>
            <StoryForm
              story={story}
              label={t('adminCollections.details')}
              submitLabel={t('adminContent.save')}
              submitting={save.isPending}
              refusal={save.error ? refusalOf(save.error, t('errors.generic'), { 409: t('adminContent.catalogue.slugTaken') }) : undefined}
              onSubmit={async (body) => {
                await save.mutateAsync({ storyId: story.id, body });
                dispatch(appActions.showNotification(t('adminCollections.saved')));
              }}
            />
          </EditorSection>
          <Box sx={{ mt: 3 }}>
            <StoryAssetsSection story={story} />
          </Box>
        </Grid>
      </Grid>
    </>
  );
}
