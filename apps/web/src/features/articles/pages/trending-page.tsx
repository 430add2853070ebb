import { useTranslation } from 'react-i18next';
import { BrowsePage, PageHeading, SectionHeading } from '../../home/components/browse-page';
import { PagedArticleGrid } from '../components/article-grid';

/** `/trending`: the most liked, saved and watched articles of the last 48 hours, 30 at a time. */
export function TrendingPage() {
  const { t } = useTranslation();
  return (
    <BrowsePage>
      <PageHeading title={t('feedPages.trendingTitle')} description={t('feedPages.trendingIntro')} />
      <SectionHeading hidden>{t('feedPages.articles')}</SectionHeading>
      <PagedArticleGrid source={{ kind: 'trending' }} empty={t('feedPages.trendingEmpty')} />
    </BrowsePage>
  );
}
