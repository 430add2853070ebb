import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ViewType } from '@newsreel/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedArticleGrid } from '../../articles/components/article-grid';
import { HeroPlayer, HeroPlayerSkeleton } from '../../player/components/hero-player';
import { useHomeFeed } from '../hooks/use-home-feed';
import { LoadFailed } from './browse-page';

function EmptyFeed({ text }: { text: string }) {
  return (
    <Box
      data-testid="feed-empty"
      sx={{ py: { xs: 5, md: 8 }, px: 2, textAlign: 'center', border: 1, borderColor: 'divider', borderStyle: 'dashed', borderRadius: 2 }}
    >
      <Typography color="text.secondary" sx={{ maxWidth: 560, mx: 'auto' }}>
        {text}
      </Typography>
    </Box>
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
      <Box component="section" aria-labelledby={headingId} data-feed-view="grid">
        <Typography id={headingId} component="h2" variant="h5" sx={{ fontWeight: 800, mb: 1.5 }}>
          {heading}
        </Typography>
        <PagedArticleGrid source={source} empty={<EmptyFeed text={emptyText} />} />
      </Box>
    );
  }

  let content;
  if (list.isPending) {
    return (
      <Box data-feed-view="hero-player" role="status" aria-label={t('home.loadingFeed')}>
        <HeroPlayerSkeleton heading={shownHeading} />
      </Box>
    );
  }
  if (list.isError && articles.length === 0) {
    content = <LoadFailed message={t('feed.loadFailed')} onRetry={() => void list.refetch()} />;
  } else if (articles.length === 0) {
    content = <EmptyFeed text={emptyText} />;
  } else {
    return (
      <Box data-feed-view="hero-player">
        <HeroPlayer articles={articles} hasMore={list.hasNextPage} onLoadMore={loadMore} heading={shownHeading} />
      </Box>
    );
  }
  return (
    <Box component="section" aria-labelledby={shownHeading ? headingId : undefined} data-feed-view="hero-player">
      {shownHeading && (
        <Typography id={headingId} component="h2" variant="h5" sx={{ fontWeight: 800, mb: 1.5 }}>
          {shownHeading}
        </Typography>
      )}
      {content}
    </Box>
  );
}
