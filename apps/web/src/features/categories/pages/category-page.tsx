import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { PagedArticleGrid } from '../../articles/components/article-grid';
import { BrowsePage, LoadFailed, PageHeading, screenReaderOnly, SectionHeading } from '../../home/components/browse-page';
import { ContentNotFound } from '../../home/components/content-not-found';
import { isMissing } from '../../../lib/api-client';
import { useCategory } from '../api/get-category';
import { CategoryIcon } from '../components/category-card';

/** `/categories/:categoryId`: the category's articles, newest first, 30 at a time. */
export function CategoryPage() {
  const { t } = useTranslation();
  const categoryId = useParams().categoryId ?? '';
  const { data: category, error, isPending, refetch } = useCategory(categoryId);
  const back = { href: paths.categories.href(), label: t('categories.all') };

  if (error && isMissing(error)) {
    return <ContentNotFound title={t('categories.notFound')} body={t('categories.notFoundBody')} back={back} />;
  }

  return (
    <BrowsePage>
      <PageHeading
        back={back}
        title={
          isPending ? (
            <>
              <Box component="span" sx={screenReaderOnly}>
                {t('categories.loadingOne')}
              </Box>
              <Skeleton width={220} aria-hidden />
            </>
          ) : category ? (
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}>
              <CategoryIcon slug={category.slug} />
              {category.name}
            </Box>
          ) : (
            t('categories.title')
          )
        }
        description={category?.description ?? (isPending ? <Skeleton width="60%" aria-hidden /> : undefined)}
      />
      {error ? (
        <LoadFailed message={t('categories.loadOneFailed')} onRetry={() => void refetch()} />
      ) : (
        <>
          <SectionHeading>{t('categories.latest')}</SectionHeading>
          <PagedArticleGrid source={{ kind: 'category', categoryId }} empty={t('categories.articlesEmpty')} />
        </>
      )}
    </BrowsePage>
  );
}
