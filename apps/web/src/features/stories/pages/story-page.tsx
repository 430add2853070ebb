import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { articlesOf, useArticleList } from '../../articles/api/article-lists';
import { BrowsePage, LoadFailed, PageHeading, screenReaderOnly } from '../../home/components/browse-page';
import { ContentNotFound } from '../../home/components/content-not-found';
import { isMissing } from '../../../lib/api-client';
import { useStory } from '../api/get-story';
import { ArticleSequencePlayer } from '../components/article-sequence-player';
import { SequencePlayerSkeleton } from '../components/sequence-player-skeleton';

/** `/stories/:storyId`: the story's articles played in a row, in the story's order. */
export function StoryPage() {
  const { t } = useTranslation();
  const storyId = useParams().storyId ?? '';
  const story = useStory(storyId);
  const list = useArticleList({ kind: 'story', storyId });
  const articles = articlesOf(list.data);
  const total = list.data?.pages[0]?.total ?? articles.length;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const back = { href: paths.stories.href(), label: t('stories.all') };

  if (isMissing(story.error) || isMissing(list.error)) {
    return <ContentNotFound title={t('stories.notFound')} body={t('stories.notFoundBody')} back={back} />;
  }

  let content;
  if (list.isPending) {
    content = <SequencePlayerSkeleton />;
  } else if (list.isError && articles.length === 0) {
    content = <LoadFailed message={t('stories.loadOneFailed')} onRetry={() => void list.refetch()} />;
  } else if (articles.length === 0) {
    content = <Typography color="text.secondary">{t('stories.noArticles')}</Typography>;
  } else {
    content = (
      <ArticleSequencePlayer
        articles={articles}
        total={total}
        hasMore={hasNextPage}
        onLoadMore={loadMore}
        listHeading={t('stories.inThisStory')}
      />
    );
  }

  return (
    <BrowsePage>
      <PageHeading
        back={back}
        title={
          story.data ? (
            story.data.title
          ) : story.isPending ? (
            <>
              <Box component="span" sx={screenReaderOnly}>
                {t('stories.loadingOne')}
              </Box>
              <Skeleton width="min(560px, 80vw)" aria-hidden />
            </>
          ) : (
            t('stories.title')
          )
        }
        description={story.data?.description ?? (story.isPending ? <Skeleton width="60%" aria-hidden /> : undefined)}
      />
      {story.isError && !isMissing(story.error) && (
        <Box sx={{ mb: 2 }}>
          <LoadFailed message={t('stories.loadOneFailed')} onRetry={() => void story.refetch()} />
        </Box>
      )}
      {content}
    </BrowsePage>
  );
}
