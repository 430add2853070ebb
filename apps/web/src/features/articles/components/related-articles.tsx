import type { ArticleSummary } from '@newsreel/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';
import { LoadFailed } from '../../home/components/browse-page';
import { articlesOf, useArticleList, type ArticleListSource } from '../api/article-lists';
import { ArticleGrid, ArticleGridSkeleton } from './article-grid';
import styles from './related-articles.module.css';

/** Two rows of the grid on a television; fewer are shown on smaller screens (whole rows, related-articles.module.css). */
export const RELATED_COUNT = 12;

/** Where related articles come from: the article's first category, else its publisher. */
export function relatedSourceOf(article: ArticleSummary): { source: ArticleListSource; name: string; href: string; kind: 'category' | 'publisher' } {
  const category = article.categories[0];
  if (category) {
    return { source: { kind: 'category', categoryId: category.id }, name: category.name, href: paths.category.href(category.id), kind: 'category' };
  }
  return {
    source: { kind: 'publisher', publisherId: article.publisher.id },
    name: article.publisher.name,
    href: paths.publisher.href(article.publisher.id),
    kind: 'publisher',
  };
}

/** More on the same subject (or from the same publisher), without the article itself. */
export function RelatedArticles({ article }: { article: ArticleSummary }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { source, name, href, kind } = relatedSourceOf(article);
  const list = useArticleList(source);
  const related = articlesOf(list.data)
    .filter((candidate) => candidate.id !== article.id)
    .slice(0, RELATED_COUNT);

  if (list.isSuccess && related.length === 0) return null;

  return (
    <section aria-labelledby={headingId} data-related-articles className={styles.related}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.heading}>
          {kind === 'category' ? t('article.relatedInCategory', { category: name }) : t('article.relatedFromPublisher', { publisher: name })}
        </h2>
        <RouterLink to={href} className={styles.seeAll}>
          {t('article.seeAll')}
        </RouterLink>
      </div>
      {list.isPending ? (
        <ArticleGridSkeleton count={4} />
      ) : list.isError && related.length === 0 ? (
        <LoadFailed message={t('article.relatedFailed')} onRetry={() => void list.refetch()} />
      ) : (
        <div className={styles.rows}>
          <ArticleGrid articles={related} />
        </div>
      )}
    </section>
  );
}
