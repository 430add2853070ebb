import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ArticleSummary } from '@newsreel/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';
import { articlesOf, useArticleList, type ArticleListSource } from '../api/article-lists';
import { ArticleGrid, ArticleGridSkeleton } from './article-grid';

/** Two rows of the grid on a television; fewer are shown on smaller screens (see `visibleRows`). */
export const RELATED_COUNT = 12;

/** Whole rows only: 4 cards on a phone, 6 on a tablet, 8 on a laptop, all 12 on a television. */
const visibleRows = {
  '& li:nth-of-type(n+5)': { display: { xs: 'none', sm: 'list-item' } },
  '& li:nth-of-type(n+7)': { display: { xs: 'none', lg: 'list-item' } },
  '& li:nth-of-type(n+9)': { display: { xs: 'none', xxl: 'list-item' } },
} as const;

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
    <Box component="section" aria-labelledby={headingId} data-related-articles sx={{ mt: { xs: 4, md: 6 } }}>
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography id={headingId} component="h2" variant="h5" sx={{ fontWeight: 800, fontSize: { xxl: '2.125rem' } }}>
          {kind === 'category' ? t('article.relatedInCategory', { category: name }) : t('article.relatedFromPublisher', { publisher: name })}
        </Typography>
        <Link component={RouterLink} to={href}>
          {t('article.seeAll')}
        </Link>
      </Stack>
      {list.isPending ? (
        <ArticleGridSkeleton count={4} />
      ) : list.isError && related.length === 0 ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('article.relatedFailed')}
        </Alert>
      ) : (
        <Box sx={visibleRows}>
          <ArticleGrid articles={related} />
        </Box>
      )}
    </Box>
  );
}
