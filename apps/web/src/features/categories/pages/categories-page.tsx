import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { gridColumns } from '../../articles/components/article-grid';
import { BrowsePage, LoadFailed, PageHeading } from '../../home/components/browse-page';
import { useCategories } from '../api/get-categories';
import { CategoryCard, CategoryCardSkeleton } from '../components/category-card';

/** `/categories`: every subject the catalogue covers, each leading to its articles. */
export function CategoriesPage() {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useCategories();
  const categories = data?.items ?? [];

  let content;
  if (isPending) {
    content = (
      <Box sx={gridColumns} role="status" aria-busy="true" aria-label={t('categories.loading')}>
        {Array.from({ length: 8 }, (_, index) => (
          <CategoryCardSkeleton key={index} />
        ))}
      </Box>
    );
  } else if (isError) {
    content = <LoadFailed message={t('categories.loadFailed')} onRetry={() => void refetch()} />;
  } else if (categories.length === 0) {
    content = <Typography color="text.secondary">{t('categories.empty')}</Typography>;
  } else {
    content = (
      <Box component="ul" sx={{ ...gridColumns, listStyle: 'none', p: 0, m: 0 }}>
        {categories.map((category) => (
          <li key={category.id}>
            <CategoryCard category={category} />
          </li>
        ))}
      </Box>
    );
  }

  return (
    <BrowsePage>
      <PageHeading title={t('categories.title')} description={t('categories.intro')} />
      {content}
    </BrowsePage>
  );
}
