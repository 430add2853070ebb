import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { ArticleList, ArticleSummary } from '@newsreel/contracts';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { articlesOf } from '../../articles/api/article-lists';
import { ArticleCard } from '../../articles/components/article-card';
import { ArticleGridSkeleton, gridColumns } from '../../articles/components/article-grid';
import { LoadFailed } from '../../home/components/browse-page';
import { PagedListEnd } from '../../home/components/paged-list-end';

export type ShelfList = UseInfiniteQueryResult<InfiniteData<ArticleList>, Error>;

export interface ShelfArticlesProps {
  list: ShelfList;
  /** Shown when the shelf holds nothing: what the reader can do to fill it. */
  empty: ReactNode;
  /**
   * A control drawn over each card (beside its link, not inside it). It gets `hide`, to take the
   * card away at once, and `restore`, to bring it back if the change failed.
   */
  renderAction?: (article: ArticleSummary, handlers: { hide: () => void; restore: () => void }) => ReactNode;
}

/**
 * One shelf's articles as cards, 30 at a time with infinite scroll and "Load more", skeletons while
 * loading, the empty state, and a retry when the API fails. Cards the reader removes leave at once;
 * the list is read again behind them.
 */
export function ShelfArticles({ list, empty, renderAction }: ShelfArticlesProps) {
  const { t } = useTranslation();
  const [hiddenIds, setHiddenIds] = useState<ReadonlySet<string>>(() => new Set());
  const setHidden = useCallback((articleId: string, hidden: boolean) => {
    setHiddenIds((current) => {
      const next = new Set(current);
      if (hidden) next.add(articleId);
      else next.delete(articleId);
      return next;
    });
  }, []);
  const articles = articlesOf(list.data).filter((article) => !hiddenIds.has(article.id));

  if (list.isPending) return <ArticleGridSkeleton />;
  if (list.isError && articles.length === 0) {
    return <LoadFailed message={t('feed.loadFailed')} onRetry={() => void list.refetch()} />;
  }
  if (articles.length === 0) return <>{empty}</>;
  return (
    <Stack spacing={3}>
      <Box component="ul" sx={{ ...gridColumns, listStyle: 'none', p: 0, m: 0 }}>
        {articles.map((article, index) => (
          <Box component="li" key={article.id} sx={{ position: 'relative', minWidth: 0 }}>
            <ArticleCard article={article} priority={index < 4} />
            {renderAction && (
              <Box sx={{ position: 'absolute', top: 8, insetInlineEnd: 8 }}>
                {renderAction(article, {
                  hide: () => setHidden(article.id, true),
                  restore: () => setHidden(article.id, false),
                })}
              </Box>
            )}
          </Box>
        ))}
      </Box>
      <PagedListEnd list={list} loading={<ArticleGridSkeleton count={4} />} />
    </Stack>
  );
}
