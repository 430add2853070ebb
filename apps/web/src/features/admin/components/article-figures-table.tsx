import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ArticlePlays } from '@newsreel/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';
import { useStatisticsFormats } from '../hooks/use-statistics-formats';
import { ScrollableTable } from './scrollable-table';

/** One article's figures: the article-plays list's rows, and the summary's top articles (which add visitors). */
export type ArticleFigures = ArticlePlays['items'][number] & { visitors?: number };

/** From the small breakpoint: a phone keeps the article, its plays and (for the top list) its visitors. */
const notOnPhones = { display: { xs: 'none', sm: 'table-cell' } } as const;
/** From the medium breakpoint. */
const wideOnly = { display: { xs: 'none', md: 'table-cell' } } as const;

/** The rows of a table of articles as CSV rows, headings first (watch time in seconds). */
export function articleFiguresCsv(articles: readonly ArticleFigures[], t: TFunction, withVisitors: boolean): (string | number)[][] {
  const headings = [
    t('adminStatistics.articles.article'),
    t('adminStatistics.csv.articleId'),
    t('adminStatistics.articles.publisher'),
    t('adminStatistics.articles.plays'),
    t('adminStatistics.articles.completions'),
    t('adminStatistics.csv.watchSeconds'),
    ...(withVisitors ? [t('adminStatistics.articles.visitors')] : []),
  ];
  return [
    headings,
    ...articles.map((article) => [
      article.title ?? t('adminStatistics.articles.deleted'),
      article.articleId,
      article.publisherName ?? '',
      article.plays,
      article.completions,
      article.watchSeconds,
      ...(withVisitors ? [article.visitors ?? 0] : []),
    ]),
  ];
}

export interface ArticleFiguresTableProps {
  articles: readonly ArticleFigures[];
  /** The id of the heading that names the table. */
  labelledBy: string;
  /** Whether the rows carry visitors (the summary's do). */
  withVisitors?: boolean;
}

/**
 * Articles with their plays, completions and watch time, most played first. Each title opens
 * the article as readers see it; titles keep their own direction (an English title in an Arabic
 * table). On a phone the publisher moves under the title.
 */
export function ArticleFiguresTable({ articles, labelledBy, withVisitors = false }: ArticleFiguresTableProps) {
  const { t } = useTranslation();
  const format = useStatisticsFormats();
  return (
    <ScrollableTable labelledBy={labelledBy}>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <TableCell>{t('adminStatistics.articles.article')}</TableCell>
            <TableCell sx={wideOnly}>{t('adminStatistics.articles.publisher')}</TableCell>
            <TableCell align="right">{t('adminStatistics.articles.plays')}</TableCell>
            <TableCell align="right" sx={notOnPhones}>
              {t('adminStatistics.articles.completions')}
            </TableCell>
            <TableCell align="right" sx={notOnPhones}>
              {t('adminStatistics.articles.watchTime')}
            </TableCell>
            {withVisitors && <TableCell align="right">{t('adminStatistics.articles.visitors')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {articles.map((article) => (
            <TableRow key={article.articleId}>
              <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 140 }}>
                {article.title === null ? (
                  <Typography variant="body2" component="span" color="text.secondary">
                    {t('adminStatistics.articles.deleted')}
                  </Typography>
                ) : (
                  <Link component={RouterLink} to={paths.article.href(article.articleId)} dir="auto" color="inherit" underline="hover">
                    {article.title}
                  </Link>
                )}
                {article.publisherName && (
                  <Box component="span" dir="auto" sx={{ display: { xs: 'block', md: 'none' }, color: 'text.secondary', fontSize: '0.8125rem' }}>
                    {article.publisherName}
                  </Box>
                )}
              </TableCell>
              <TableCell sx={wideOnly}>
                <span dir="auto">{article.publisherName ?? '—'}</span>
              </TableCell>
              <TableCell align="right">{format.count(article.plays)}</TableCell>
              <TableCell align="right" sx={notOnPhones}>
                {format.count(article.completions)}
              </TableCell>
              <TableCell align="right" sx={{ ...notOnPhones, whiteSpace: 'nowrap' }}>
                {format.watchTime(article.watchSeconds)}
              </TableCell>
              {withVisitors && <TableCell align="right">{format.count(article.visitors ?? 0)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollableTable>
  );
}
