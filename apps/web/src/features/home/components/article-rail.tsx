import { useTranslation } from 'react-i18next';
import { articlesOf, useArticleList, type ArticleListSource } from '../../articles/api/article-lists';
import { ArticleCard } from '../../articles/components/article-card';
import { LoadFailed } from './browse-page';
import { ContentRail, RailItem } from './content-rail';

/** A rail shows the first dozen; "See all" leads to the whole list. */
export const RAIL_SIZE = 12;

export interface ArticleRailProps {
  id: string;
  title: string;
  source: ArticleListSource;
  seeAllHref?: string;
}

/**
 * The first articles of one list as a rail. It stays out of the page until it has articles:
 * breaking, trending and pulse are often empty, and an empty rail only pushes the news down.
 */
export function ArticleRail({ id, title, source, seeAllHref }: ArticleRailProps) {
  const { t } = useTranslation();
  const list = useArticleList(source, { limit: RAIL_SIZE });
  const articles = articlesOf(list.data);

  if (list.isPending) return null;
  if (list.isError && articles.length === 0) {
    return (
      <ContentRail
        id={id}
        title={title}
        seeAllHref={seeAllHref}
        status={<LoadFailed message={t('home.sectionLoadFailed')} onRetry={() => void list.refetch()} />}
      />
    );
  }
  if (articles.length === 0) return null;
  return (
    <ContentRail id={id} title={title} seeAllHref={seeAllHref}>
      {articles.map((article) => (
        <RailItem key={article.id}>
          <ArticleCard article={article} />
        </RailItem>
      ))}
    </ContentRail>
  );
}
