import type { ArticleSummary } from '@newsreel/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../home/components/browse-page';
import { PagedListEnd } from '../../home/components/paged-list-end';
import { articlesOf, useArticleList, type ArticleListSource } from '../api/article-lists';
import { ArticleCard, ArticleCardSkeleton } from './article-card';
import styles from './article-grid.module.css';

/**
 * Columns of cards from phones (1) to 4K screens (6), for MUI's sx (the pages still drawn with
 * MUI lay their grids out with it); plain elements use the `grid` class of article-grid.module.css,
 * which says the same.
 */
export const gridColumns = {
  display: 'grid',
  gap: { xs: 2, xxl: 3 },
  gridTemplateColumns: {
    xs: '1fr',
    sm: 'repeat(2, minmax(0, 1fr))',
    md: 'repeat(3, minmax(0, 1fr))',
    lg: 'repeat(4, minmax(0, 1fr))',
    xxl: 'repeat(6, minmax(0, 1fr))',
  },
} as const;

export function ArticleGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div className={styles.grid} role="status" aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        <ArticleCardSkeleton key={index} />
      ))}
    </div>
  );
}

/** Cards of the given articles. */
export function ArticleGrid({ articles, renderExtra }: { articles: readonly ArticleSummary[]; renderExtra?: (article: ArticleSummary) => ReactNode }) {
  return (
    <ul className={styles.grid}>
      {articles.map((article, index) => (
        <li key={article.id}>
          <ArticleCard article={article} priority={index < 4}>
            {renderExtra?.(article)}
          </ArticleCard>
        </li>
      ))}
    </ul>
  );
}

export interface PagedArticleGridProps {
  source: ArticleListSource;
  /** What to say, and what to suggest, when the list is empty. */
  empty: ReactNode;
}

/**
 * Every article of one list as a grid, 30 at a time: more load as the reader nears the end (or
 * presses "Load more"); skeletons while loading, the empty text when there are none, and a
 * retry when the API fails.
 */
export function PagedArticleGrid({ source, empty }: PagedArticleGridProps) {
  const { t } = useTranslation();
  const list = useArticleList(source);
  const articles = articlesOf(list.data);

  if (list.isPending) return <ArticleGridSkeleton />;
  if (list.isError && articles.length === 0) {
    return <LoadFailed message={t('feed.loadFailed')} onRetry={() => void list.refetch()} />;
  }
  if (articles.length === 0) {
    return <div className={styles.empty}>{typeof empty === 'string' ? <p className={styles.emptyText}>{empty}</p> : empty}</div>;
  }
  return (
    <div className={styles.paged}>
      <ArticleGrid articles={articles} />
      <PagedListEnd list={list} loading={<ArticleGridSkeleton count={4} />} />
    </div>
  );
}
