import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { useStories } from '../../stories/api/get-stories';
import { StoryCard, StoryCardSkeleton } from '../../stories/components/story-card';
import { RAIL_SIZE } from './article-rail';
import { LoadFailed } from './browse-page';
import { ContentRail, RailItem } from './content-rail';

/** The newest stories as a rail, leading to /stories. Shown with skeletons while loading. */
export function StoriesRail() {
  const { t } = useTranslation();
  const list = useStories({ limit: RAIL_SIZE });
  const stories = list.data?.pages.flatMap((page) => page.items) ?? [];
  const rail = { id: 'stories', title: t('home.stories'), seeAllHref: paths.stories.href() };

  if (list.isPending) {
    return (
      <ContentRail {...rail} busy>
        {Array.from({ length: 6 }, (_, index) => (
          <RailItem key={index} hidden>
            <StoryCardSkeleton />
          </RailItem>
        ))}
      </ContentRail>
    );
  }
  if (list.isError && stories.length === 0) {
    return <ContentRail {...rail} status={<LoadFailed message={t('home.sectionLoadFailed')} onRetry={() => void list.refetch()} />} />;
  }
  if (stories.length === 0) return null;
  return (
    <ContentRail {...rail}>
      {stories.map((story) => (
        <RailItem key={story.id}>
          <StoryCard story={story} />
        </RailItem>
      ))}
    </ContentRail>
  );
}
