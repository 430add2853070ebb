import { PRODUCT_NAME } from '@newsreel/contracts';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { ViewTypeToggle } from '../../features/articles/components/view-type-toggle';
import { useViewType } from '../../features/articles/hooks/use-view-type';
import { BrowsePage, PageHeading } from '../../features/home/components/browse-page';
import { EmbeddedHome } from '../../features/home/components/embedded-home';
import { HomeFeed } from '../../features/home/components/home-feed';
import { WhenNearViewport } from '../components/when-near-viewport';
import { loadEnglishSections } from '../lazy-page';
import { paths } from '../../lib/paths';
import { useAppSelector } from '../state';
import { MuiIsland } from '../theme/mui-island';
import styles from './home-page.module.css';

// The rails are still drawn with MUI: their code (and MUI's theme, and the stories' English
// strings) load when they are drawn, not with the first screen.
const ArticleRail = lazy(() => import('../../features/home/components/article-rail').then((module) => ({ default: module.ArticleRail })));
const StoriesRail = lazy(async () => {
  const [module] = await Promise.all([import('../../features/home/components/stories-rail'), loadEnglishSections(['stories'])]);
  return { default: module.StoriesRail };
});

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
    <MuiIsland>
      <ArticleRail id="breaking" title={t('home.breaking')} source={{ kind: 'breaking' }} seeAllHref={paths.breaking.href()} />
      <ArticleRail id="trending" title={t('home.trending')} source={{ kind: 'trending' }} seeAllHref={paths.trending.href()} />
      <ArticleRail id="pulse" title={t('home.pulse')} source={{ kind: 'pulse' }} seeAllHref={paths.trending.href()} />
      <StoriesRail />
    </MuiIsland>
  );
  return (
    <BrowsePage>
      <PageHeading title={t('home.title', { product: PRODUCT_NAME })} actions={<ViewTypeToggle />} />
      <div className={styles.sections}>
        {viewType === 'hero-player' ? (
          <>
            {feed}
            <WhenNearViewport>
              <div className={styles.sections}>{rails}</div>
            </WhenNearViewport>
          </>
        ) : (
          <>
            {rails}
            {feed}
          </>
        )}
      </div>
    </BrowsePage>
  );
}
