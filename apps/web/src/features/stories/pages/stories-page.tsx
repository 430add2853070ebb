import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { gridColumns } from '../../articles/components/article-grid';
import { BrowsePage, LoadFailed, PageHeading } from '../../home/components/browse-page';
import { PagedListEnd } from '../../home/components/paged-list-end';
import { useStories } from '../api/get-stories';
import { StoryCard, StoryCardSkeleton } from '../components/story-card';

function StoryGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <Box sx={gridColumns} aria-hidden>
      {Array.from({ length: count }, (_, index) => (
        <StoryCardSkeleton key={index} />
      ))}
    </Box>
  );
}

/** `/stories`: every story as a card, newest first, more as the reader scrolls. */
export function StoriesPage() {
  const { t } = useTranslation();
  const list = useStories();
  const stories = list.data?.pages.flatMap((page) => page.items) ?? [];

  let content;
  if (list.isPending) {
    content = (
      <div role="status" aria-busy="true" aria-label={t('stories.loading')}>
        <StoryGridSkeleton />
      </div>
    );
  } else if (list.isError && stories.length === 0) {
    content = <LoadFailed message={t('stories.loadFailed')} onRetry={() => void list.refetch()} />;
  } else if (stories.length === 0) {
    content = <Typography color="text.secondary">{t('stories.empty')}</Typography>;
  } else {
    content = (
      <Stack spacing={3}>
        <Box component="ul" sx={{ ...gridColumns, listStyle: 'none', p: 0, m: 0 }}>
          {stories.map((story, index) => (
            <li key={story.id}>
              <StoryCard story={story} priority={index < 4} headingLevel="h2" />
            </li>
          ))}
        </Box>
        <PagedListEnd
          list={list}
          loading={<StoryGridSkeleton count={4} />}
          failed={<LoadFailed message={t('stories.loadFailed')} onRetry={() => void list.fetchNextPage()} />}
        />
      </Stack>
    );
  }

  return (
    <BrowsePage>
      <PageHeading title={t('stories.title')} description={t('stories.intro')} />
      {content}
    </BrowsePage>
  );
}
