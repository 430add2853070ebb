import Stack from '@mui/material/Stack';
import { PRODUCT_NAME } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { ViewTypeToggle } from '../../features/articles/components/view-type-toggle';
import { useViewType } from '../../features/articles/hooks/use-view-type';
import { ArticleRail } from '../../features/home/components/article-rail';
import { BrowsePage, PageHeading } from '../../features/home/components/browse-page';
import { EmbeddedHome } from '../../features/home/components/embedded-home';
import { HomeFeed } from '../../features/home/components/home-feed';
import { StoriesRail } from '../../features/home/components/stories-rail';
import { WhenNearViewport } from '../components/when-near-viewport';
import { paths } from '../../lib/paths';
import { useAppSelector } from '../state';

/**
 * `/`: the reader's news. In the hero-player view the player comes first and the rails follow;
 * in the grid view the rails come first, because the grid below them never ends. Embedded in a
 * publisher's page it is the player and its list only.
 */
export function HomePage() {
  const embedded = useAppSelector((state) => state.embedded);
  return embedded ? <EmbeddedHome /> : <ReaderHome />;
}

function ReaderHome() {
  const { t } = useTranslation();
  const [viewType] = useViewType();
  const feed = <HomeFeed viewType={viewType} />;
  const rails = (
    <>
      <ArticleRail id="breaking" title={t('home.breaking')} source={{ kind: 'breaking' }} seeAllHref={paths.breaking.href()} />
      <ArticleRail id="trending" title={t('home.trending')} source={{ kind: 'trending' }} seeAllHref={paths.trending.href()} />
      <ArticleRail id="pulse" title={t('home.pulse')} source={{ kind: 'pulse' }} seeAllHref={paths.trending.href()} />
      <StoriesRail />
    </>
  );
  return (
    <BrowsePage>
      <PageHeading title={t('home.title', { product: PRODUCT_NAME })} actions={<ViewTypeToggle />} />
      <Stack spacing={{ xs: 4, md: 5, xxl: 7 }}>
        {viewType === 'hero-player' ? (
          <>
            {feed}
            <WhenNearViewport>
              <Stack spacing={{ xs: 4, md: 5, xxl: 7 }}>{rails}</Stack>
            </WhenNearViewport>
          </>
        ) : (
          <>
            {rails}
            {feed}
          </>
        )}
      </Stack>
    </BrowsePage>
  );
}
