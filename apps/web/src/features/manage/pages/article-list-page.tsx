import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import CachedRounded from '@mui/icons-material/CachedRounded';
import { ArticleStatus, ReviewStatus, enumValues, type AdminArticle, type AdminArticleSort } from '@newsreel/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { appActions, useAppDispatch } from '../../../app/state';
import { useCategories } from '../../categories/api/get-categories';
import { ArticleStatusChips } from '../../admin/components/article-status-chips';
import { ConfirmDelete } from '../../admin/components/confirm-delete';
import { DataTable, type DataColumn } from '../../admin/components/data-table';
import { EnumSelect } from '../../admin/components/enum-select';
import { LoadFailed } from '../../admin/components/load-failed';
import { PageHeading } from '../../admin/components/page-heading';
import { useDateTimeFormat } from '../../admin/hooks/use-poll-labels';
import { ARTICLE_SEARCH_MAX, nextOrder } from '../../admin/lib/content-list-params';
import { isolate } from '../../admin/lib/isolate';
import { useDeleteManageArticle, useManageArticles, usePurgeManageArticle } from '../api/manage-articles';
import { manageListQuery, manageListSearch, parseManageListParams, type ManageListParams } from '../lib/article-list-params';
import { managePaths } from '../manage-paths';

/** Times sort newest first on the first click; titles A to Z. */
const firstOrderOf = (sort: AdminArticleSort) => (sort === 'title' ? 'asc' : 'desc');

/**
 * `/manage/articles`: the active publisher's articles in every state, with their status and
 * review chips (and what the moderator said when one was sent back), filtered, sorted and paged
 * as the URL says; words typed in the search are looked for in titles, descriptions, summaries
 * and transcripts. Each can be opened in the editor, cleared from the caches or deleted (asked first).
 */
export function ManageArticleListPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const dispatch = useAppDispatch();
  const dateTime = useDateTimeFormat();
  const [search, setSearch] = useSearchParams();
  const params = parseManageListParams(search);
  const searching = params.q !== '';
  const articles = useManageArticles(manageListQuery(params), searching);
  const remove = useDeleteManageArticle();
  const purge = usePurgeManageArticle();
  const update = (next: ManageListParams) => setSearch(manageListSearch(next), { replace: true });
  const filtered = searching || params.status !== undefined || params.reviewStatus !== undefined || params.categoryId !== undefined;
  const notify = (message: string) => dispatch(appActions.showNotification(message));

  const categories = useCategories().data?.items;
  const categoryNames = useMemo(() => {
    const collator = new Intl.Collator(language);
    return new Map([...(categories ?? [])].sort((a, b) => collator.compare(a.name, b.name)).map((category) => [category.id, category.name]));
  }, [categories, language]);

  // The search is sent once typing pauses, not on every key.
  const [q, setQ] = useState(params.q);
  useEffect(() => {
    const text = q.trim();
    if (text === params.q) return;
    const timer = setTimeout(() => update({ ...params, q: text, page: 1 }), 300);
    return () => clearTimeout(timer);
  }, [q]); // eslint-disable-line react-hooks/exhaustive-deps -- only typing starts the pause

  const busy = remove.isPending || purge.isPending;
  const columns: DataColumn<AdminArticle, AdminArticleSort>[] = [
    {
      key: 'title',
      label: t('adminContent.columns.title'),
      sort: 'title',
      fit: 'wrap',
      render: (article) => (
        <>
          <Link component={RouterLink} to={managePaths.article.href(article.id)} sx={{ fontWeight: 600 }} dir="auto">
            {article.title}
          </Link>
          {article.reviewNote && (
            <Typography variant="body2" color="warning.main" dir="auto">
              {t('manage.articles.reviewNote', { note: article.reviewNote })}
            </Typography>
          )}
        </>
      ),
    },
    { key: 'state', label: t('adminContent.columns.state'), render: (article) => <ArticleStatusChips article={article} /> },
    { key: 'categories', label: t('adminContent.columns.categories'), hideBelow: 'md', fit: 'wrap', render: (article) => article.categories.map((category) => category.name).join(', ') || '—' },
    { key: 'createdAt', label: t('adminContent.columns.createdAt'), sort: 'createdAt', hideBelow: 'sm', fit: 'nowrap', render: (article) => dateTime(article.createdAt) },
    { key: 'publishedAt', label: t('adminContent.columns.publishedAt'), sort: 'publishedAt', hideBelow: 'md', fit: 'nowrap', render: (article) => dateTime(article.publishedAt) },
    {
      key: 'actions',
      label: t('manage.articles.actions'),
      hideLabel: true,
      fit: 'nowrap',
      render: (article) => (
        <Stack direction="row">
          <Tooltip title={t('manage.articles.purge')}>
            <IconButton
              size="small"
              aria-label={t('manage.articles.purgeOne', { title: article.title })}
              disabled={busy}
              onClick={() => purge.mutate(article.id, { onSuccess: () => notify(t('adminContent.article.purged')) })}
            >
              <CachedRounded fontSize="small" />
            </IconButton>
          </Tooltip>
          <ConfirmDelete
            label={t('manage.articles.deleteOne', { title: article.title })}
            title={t('adminContent.article.deleteTitle')}
            body={t('adminContent.article.deleteBody', { title: isolate(article.title) })}
            disabled={busy}
            onConfirm={() => remove.mutate(article.id, { onSuccess: () => notify(t('adminContent.article.deleted')) })}
          />
        </Stack>
      ),
    },
  ];
  const fieldSx = { minWidth: { xs: 'calc(50% - 8px)', sm: 170 }, flex: { xs: '1 1 calc(50% - 8px)', sm: '0 0 auto' }, maxWidth: { sm: 260 } };
  const any = t('adminContent.filters.any');

  return (
    <>
      <PageHeading
        title={t('manage.articles.title')}
        intro={t('manage.articles.intro')}
        action={
          <Button component={RouterLink} to={managePaths.newArticle.href()} variant="contained" startIcon={<AddRounded aria-hidden />}>
            {t('manage.nav.newArticle')}
          </Button>
        }
      />
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2, mb: 2 }} role="search" aria-label={t('manage.articles.filters')}>
        <TextField
          type="search"
          size="small"
          label={t('manage.articles.search')}
          helperText={searching ? t('manage.articles.searchHelp') : undefined}
          value={q}
          onChange={(event) => setQ(event.target.value)}
          slotProps={{ htmlInput: { maxLength: ARTICLE_SEARCH_MAX } }}
          sx={{ flex: { xs: '1 1 100%', md: '1 1 240px' }, maxWidth: { md: 360 } }}
        />
        <EnumSelect
          size="small"
          label={t('adminContent.fields.status')}
          value={params.status ?? ''}
          options={enumValues(ArticleStatus)}
          labelOf={(status) => t(`adminContent.articleStatus.${status}`)}
          emptyLabel={any}
          disabled={searching}
          onChange={(status) => update({ ...params, status: status === '' ? undefined : status, page: 1 })}
          sx={fieldSx}
        />
        <EnumSelect
          size="small"
          label={t('adminContent.fields.reviewStatus')}
          value={params.reviewStatus ?? ''}
          options={enumValues(ReviewStatus)}
          labelOf={(status) => t(`adminContent.reviewStatus.${status}`)}
          emptyLabel={any}
          disabled={searching}
          onChange={(status) => update({ ...params, reviewStatus: status === '' ? undefined : status, page: 1 })}
          sx={fieldSx}
        />
        <EnumSelect
          size="small"
          label={t('adminContent.fields.category')}
          value={params.categoryId && categoryNames.has(params.categoryId) ? params.categoryId : ''}
          options={[...categoryNames.keys()]}
          labelOf={(id) => categoryNames.get(id) ?? id}
          emptyLabel={t('adminContent.filters.anyCategory')}
          disabled={searching}
          onChange={(categoryId) => update({ ...params, categoryId: categoryId || undefined, page: 1 })}
          sx={fieldSx}
        />
      </Stack>
      {articles.isFetching && <LinearProgress aria-label={t('manage.articles.loading')} sx={{ mb: 1 }} />}
      {articles.isError && !articles.data ? (
        <LoadFailed message={t('manage.articles.loadFailed')} onRetry={() => void articles.refetch()} />
      ) : (
        articles.data && (
          <DataTable
            label={t('manage.articles.table')}
            rows={articles.data.items}
            rowKey={(article) => article.id}
            columns={columns}
            empty={filtered ? t('manage.articles.noMatches') : t('manage.articles.empty')}
            sorting={searching ? undefined : { sort: params.sort, order: params.order, onSort: (sort) => update({ ...params, sort, order: nextOrder(params, sort, firstOrderOf(sort)), page: 1 }) }}
            paging={{ total: articles.data.total, page: params.page, limit: params.limit, onPage: (page, limit) => update({ ...params, page, limit }) }}
          />
        )
      )}
    </>
  );
}
