import type { ViewType } from '@newsreel/contracts';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { HeroPlayer, HeroPlayerSkeleton } from '../../player/components/hero-player';
import { useHomeFeed } from '../hooks/use-home-feed';
import { LoadFailed } from './browse-page';
import styles from './home-feed.module.css';

// The grid is a reader's choice, not the default view: its code (and the paging it brings) loads
// when it is drawn, not with the home page.
const PagedArticleGrid = lazy(async () => ({ default: (await import('../../articles/components/article-grid')).PagedArticleGrid }));

function EmptyFeed({ text }: { text: string }) {
  return (
    <div data-testid="feed-empty" className={styles.empty}>
      <p className={styles.emptyText}>{text}</p>
    </div>
  );
}

/**
 * The reader's feed in the view type they chose: the lean-back hero player with the list of what
 * comes next, or a grid of cards that loads 30 more as the reader scrolls. `headed` false leaves
 * the section unheaded (the embedded player, whose page heading says it all).
 */
export function HomeFeed({ viewType, headed = true, emptyText: emptyOverride }: { viewType: ViewType; headed?: boolean; emptyText?: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const feed = useHomeFeed();
  const { source, list, articles, loadMore, heading } = feed;
  const emptyText = emptyOverride ?? feed.emptyText;
  const shownHeading = headed ? heading : undefined;

  if (viewType === 'grid') {
    return (
      <section aria-labelledby={headingId} data-feed-view="grid">
        <h2 id={headingId} className={styles.heading}>
          {heading}
        </h2>
        <Suspense fallback={null}>
          <PagedArticleGrid source={source} empty={<EmptyFeed text={emptyText} />} />
        </Suspense>
      </section>
    );
  }

  let content;
  if (list.isPending) {
    return (
      <div data-feed-view="hero-player" role="status" aria-label={t('home.loadingFeed')}>
        <HeroPlayerSkeleton heading={shownHeading} />
      </div>
    );
  }
  if (list.isError && articles.length === 0) {
    content = <LoadFailed message={t('feed.loadFailed')} onRetry={() => void list.refetch()} />;
  } else if (articles.length === 0) {
    content = <EmptyFeed text={emptyText} />;
  } else {
    return (
      <div data-feed-view="hero-player">
        <HeroPlayer articles={articles} hasMore={list.hasNextPage} onLoadMore={loadMore} heading={shownHeading} />
      </div>
    );
  }
  return (
    <section aria-labelledby={shownHeading ? headingId : undefined} data-feed-view="hero-player">
      {shownHeading && (
        <h2 id={headingId} className={styles.heading}>
          {shownHeading}
        </h2>
      )}
      {content}
    </section>
  );
}
