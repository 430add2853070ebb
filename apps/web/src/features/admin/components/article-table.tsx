import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { AdminArticle, AdminArticleSort } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { adminPaths } from '../admin-paths';
import { useDateTimeFormat } from '../hooks/use-poll-labels';
import type { ArticleListParams } from '../lib/content-list-params';
import { ArticleStatusChips } from './article-status-chips';
import { ListPager } from './list-pager';

/** Shown from the medium breakpoint only. */
const wideOnly = { display: { xs: 'none', md: 'table-cell' } } as const;
/** Shown from the small breakpoint: a phone keeps the title (with its publisher under it) and the state. */
const notOnPhones = { display: { xs: 'none', sm: 'table-cell' } } as const;

interface Column {
  key: 'title' | 'publisher' | 'state' | 'categories' | 'waitingSince' | 'scheduledAt' | 'createdAt' | 'publishedAt';
  sort?: AdminArticleSort;
  wide?: 'md' | 'sm';
}

/** The queue shows how long each has waited; every article, when it was made and went live. */
const columnsOf = (view: ArticleListParams['view']): Column[] => [
  { key: 'title', sort: 'title' },
  { key: 'publisher', wide: 'sm' },
  { key: 'state' },
  { key: 'categories', wide: 'md' },
  ...(view === 'queue'
    ? ([
        { key: 'waitingSince', sort: 'reviewRequestedAt', wide: 'sm' },
        { key: 'scheduledAt', sort: 'scheduledAt', wide: 'md' },
      ] as const)
    : ([
        { key: 'createdAt', sort: 'createdAt', wide: 'sm' },
        { key: 'publishedAt', sort: 'publishedAt', wide: 'md' },
      ] as const)),
];

const hidden = (wide: Column['wide']) => (wide === 'md' ? wideOnly : wide === 'sm' ? notOnPhones : {});

export interface ArticleTableProps {
  articles: readonly AdminArticle[];
  total: number;
  params: ArticleListParams;
  onSort: (sort: AdminArticleSort) => void;
  onPage: (page: number, limit: number) => void;
  /** Shown in the body when there are no articles. */
  empty: string;
  /** Ids of the rows ticked for a bulk action; no tick boxes when left out. */
  selected?: ReadonlySet<string>;
  onSelect?: (ids: string[], selected: boolean) => void;
  /** No ticking while a bulk action runs. */
  selectionDisabled?: boolean;
}

/** A page of articles with sortable headings and paging; each title opens the article. */
export function ArticleTable({ articles, total, params, onSort, onPage, empty, selected, onSelect, selectionDisabled }: ArticleTableProps) {
  const { t } = useTranslation();
  const dateTime = useDateTimeFormat();
  const columns = columnsOf(params.view);
  const selectable = selected !== undefined && onSelect !== undefined;
  const ticked = selectable ? articles.filter((article) => selected.has(article.id)).length : 0;
  const cellOf = (article: AdminArticle, key: Column['key']) => {
    switch (key) {
      case 'publisher':
        return <bdi>{article.publisher.name}</bdi>;
      case 'state':
        return <ArticleStatusChips article={article} />;
      case 'categories':
        return article.categories.map((category) => category.name).join(', ') || '—';
      case 'waitingSince':
        return dateTime(article.reviewRequestedAt);
      case 'scheduledAt':
        return dateTime(article.scheduledAt);
      case 'createdAt':
        return dateTime(article.createdAt);
      case 'publishedAt':
        return dateTime(article.publishedAt);
      default:
        return null;
    }
  };
  return (
    <Paper variant="outlined" sx={{ borderRadius: 2, overflow: 'hidden' }}>
      <TableContainer>
        <Table size="small" aria-label={params.view === 'queue' ? t('adminContent.articles.queueTable') : t('adminContent.articles.allTable')}>
          <TableHead>
            <TableRow>
              {selectable && (
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={articles.length > 0 && ticked === articles.length}
                    indeterminate={ticked > 0 && ticked < articles.length}
                    disabled={articles.length === 0 || selectionDisabled}
                    onChange={(event) => onSelect(articles.map((article) => article.id), event.target.checked)}
                    slotProps={{ input: { 'aria-label': t('adminContent.bulk.selectPage') } }}
                  />
                </TableCell>
              )}
              {columns.map((column) => {
                const active = column.sort !== undefined && params.sort === column.sort;
                return (
                  <TableCell key={column.key} sortDirection={active ? params.order : false} sx={{ fontWeight: 700, whiteSpace: 'nowrap', ...hidden(column.wide) }}>
                    {column.sort ? (
                      <TableSortLabel active={active} direction={active ? params.order : 'asc'} onClick={() => onSort(column.sort as AdminArticleSort)}>
                        {t(`adminContent.columns.${column.key}`)}
                      </TableSortLabel>
                    ) : (
                      t(`adminContent.columns.${column.key}`)
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {articles.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length + (selectable ? 1 : 0)} sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
                  {empty}
                </TableCell>
              </TableRow>
            )}
            {articles.map((article) => (
              <TableRow key={article.id} hover selected={selectable && selected.has(article.id)}>
                {selectable && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      size="small"
                      checked={selected.has(article.id)}
                      disabled={selectionDisabled}
                      onChange={(event) => onSelect([article.id], event.target.checked)}
                      slotProps={{ input: { 'aria-label': t('adminContent.bulk.select', { title: article.title }) } }}
                    />
                  </TableCell>
                )}
                {columns.map((column) =>
                  column.key === 'title' ? (
                    <TableCell key={column.key} sx={{ minWidth: 160, maxWidth: 360, overflowWrap: 'break-word' }}>
                      <Link component={RouterLink} to={adminPaths.article.href(article.id)} sx={{ fontWeight: 600 }} dir="auto">
                        {article.title}
                      </Link>
                      {/* A phone has no publisher column: the name goes under the title. */}
                      <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                        <bdi>{article.publisher.name}</bdi>
                      </Typography>
                    </TableCell>
                  ) : (
                    <TableCell
                      key={column.key}
                      sx={{
                        ...(column.key === 'categories' ? { maxWidth: 200 } : { whiteSpace: column.key === 'state' ? 'normal' : 'nowrap' }),
                        ...hidden(column.wide),
                      }}
                    >
                      {cellOf(article, column.key)}
                    </TableCell>
                  ),
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <ListPager total={total} page={params.page} limit={params.limit} onPage={onPage} />
    </Paper>
  );
}
