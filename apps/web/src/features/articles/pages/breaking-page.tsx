import { useTranslation } from 'react-i18next';
import { BrowsePage, PageHeading, SectionHeading } from '../../home/components/browse-page';
import { PagedArticleGrid } from '../components/article-grid';

/** `/breaking`: every breaking article, newest first, 30 at a time. */
export function BreakingPage() {
  const { t } = useTranslation();
  return (
    <BrowsePage>
      <PageHeading title={t('feedPages.breakingTitle')} description={t('feedPages.breakingIntro')} />
      <SectionHeading hidden>{t('feedPages.articles')}</SectionHeading>
      <PagedArticleGrid source={{ kind: 'breaking' }} empty={t('feedPages.breakingEmpty')} />
    </BrowsePage>
  );
}
