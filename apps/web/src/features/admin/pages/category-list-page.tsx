import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import AddRounded from '@mui/icons-material/AddRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { AdminCategory } from '@newsreel/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { appActions, useAppDispatch } from '../../../app/state';
import { formatNumber } from '../../../lib/format';
import { useAdminCategories } from '../api/get-admin-categories';
import { useCreateAdminCategory, useDeleteAdminCategory, useUpdateAdminCategory } from '../api/save-admin-category';
import { CategoryDialog } from '../components/category-dialog';
import { ConfirmDelete } from '../components/confirm-delete';
import { DataTable, type DataColumn } from '../components/data-table';
import { FilterBar } from '../components/filter-bar';
import { InUseSelect } from '../components/in-use-select';
import { LoadFailed } from '../components/load-failed';
import { PageHeading } from '../components/page-heading';
import { SearchField } from '../components/search-field';
import { useDateTimeFormat } from '../hooks/use-poll-labels';
import {
  CATALOGUE_SEARCH_MAX,
  catalogueListSearch,
  categoryListQuery,
  nextOrder,
  parseCategoryListParams,
  type CategoryListParams,
  type CategorySort,
} from '../lib/content-list-params';
import { isolate } from '../lib/isolate';
import { refusalOf } from '../lib/refusal';

/** Counts and times sort the most (or newest) first on the first click; names and slugs A to Z. */
const firstOrderOf = (sort: CategorySort) => (sort === 'articleCount' || sort === 'createdAt' ? 'desc' : 'asc');

/** Which dialog is open: a new category, or the one being edited. */
type Editing = { category?: AdminCategory } | null;

/**
 * `/admin/categories`: every category with how many articles it has, searched, filtered by use,
 * sorted and paged as the URL says; a new one, or one's name, slug and description, in a dialog;
 * deleting one asks first, and one in use is refused in the server's words (what uses it).
 */
export function CategoryListPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const dateTime = useDateTimeFormat();
  const dispatch = useAppDispatch();
  const [search, setSearch] = useSearchParams();
  const params = parseCategoryListParams(search);
  const categories = useAdminCategories(categoryListQuery(params));
  const update = (next: CategoryListParams) => setSearch(catalogueListSearch(next), { replace: true });
  const [editing, setEditing] = useState<Editing>(null);
  const create = useCreateAdminCategory();
  const change = useUpdateAdminCategory();
  const remove = useDeleteAdminCategory();
  const saving = editing?.category ? change : create;
  const filtered = params.q !== '' || params.inUse !== undefined;

  const columns: DataColumn<AdminCategory, CategorySort>[] = [
    {
      key: 'name',
      label: t('adminContent.fields.name'),
      sort: 'name',
      fit: 'wrap',
      render: (category) => (
        <Link component="button" type="button" onClick={() => setEditing({ category })} sx={{ fontWeight: 600, textAlign: 'start' }} dir="auto">
          {category.name}
        </Link>
      ),
    },
    { key: 'slug', label: t('adminContent.fields.slug'), sort: 'slug', hideBelow: 'sm', render: (category) => <bdi>{category.slug}</bdi> },
    { key: 'description', label: t('adminContent.fields.description'), hideBelow: 'md', fit: 'wrap', render: (category) => <span dir="auto">{category.description || '—'}</span> },
    { key: 'articles', label: t('adminContent.catalogue.articles'), sort: 'articleCount', numeric: true, render: (category) => formatNumber(category.articleCount, language) },
    { key: 'created', label: t('adminContent.columns.createdAt'), sort: 'createdAt', hideBelow: 'md', fit: 'nowrap', render: (category) => dateTime(category.createdAt) },
    {
      key: 'actions',
      label: t('adminContent.catalogue.actions'),
      hideLabel: true,
      numeric: true,
      fit: 'nowrap',
      render: (category) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
          <IconButton size="small" aria-label={t('adminContent.categories.edit', { name: category.name })} title={t('adminContent.categories.edit', { name: category.name })} onClick={() => setEditing({ category })}>
            <EditOutlined fontSize="small" />
          </IconButton>
          <ConfirmDelete
            label={t('adminContent.categories.delete', { name: category.name })}
            title={t('adminContent.categories.deleteTitle', { name: isolate(category.name) })}
            body={category.articleCount > 0 ? t('adminContent.categories.deleteInUse', { number: formatNumber(category.articleCount, language) }) : t('adminContent.categories.deleteBody')}
            disabled={remove.isPending}
            onConfirm={() =>
              remove.mutate(category.id, { onSuccess: () => dispatch(appActions.showNotification(t('adminContent.categories.deleted', { name: isolate(category.name) }))) })
            }
          />
        </Stack>
      ),
    },
  ];

  return (
    <>
      <PageHeading
        title={t('adminContent.categories.title')}
        intro={t('adminContent.categories.intro')}
        action={
          <Button
            variant="contained"
            startIcon={<AddRounded aria-hidden />}
            onClick={() => {
              create.reset();
              setEditing({});
            }}
          >
            {t('adminContent.categories.new')}
          </Button>
        }
      />
      <FilterBar label={t('adminContent.categories.filters')}>
        <SearchField label={t('adminContent.categories.search')} value={params.q} maxLength={CATALOGUE_SEARCH_MAX} onSearch={(q) => update({ ...params, q, page: 1 })} />
        <InUseSelect value={params.inUse} onChange={(inUse) => update({ ...params, inUse, page: 1 })} />
      </FilterBar>
      {categories.isFetching && <LinearProgress aria-label={t('adminContent.categories.loading')} sx={{ mb: 1 }} />}
      {categories.isError && !categories.data ? (
        <LoadFailed message={t('adminContent.categories.loadFailed')} onRetry={() => void categories.refetch()} />
      ) : (
        categories.data && (
          <DataTable
            label={t('adminContent.categories.title')}
            rows={categories.data.items}
            rowKey={(category) => category.id}
            columns={columns}
            empty={filtered ? t('adminContent.categories.noMatches') : t('adminContent.categories.empty')}
            sorting={{ sort: params.sort, order: params.order, onSort: (sort) => update({ ...params, sort, order: nextOrder(params, sort, firstOrderOf(sort)), page: 1 }) }}
            paging={{ total: categories.data.total, page: params.page, limit: params.limit, onPage: (page, limit) => update({ ...params, page, limit }) }}
          />
        )
      )}
      {editing && (
        <CategoryDialog
          key={editing.category?.id ?? 'new'}
          category={editing.category}
          submitting={saving.isPending}
          refusal={
            saving.error
              ? refusalOf(saving.error, t('errors.generic'), { 409: t('adminContent.catalogue.slugTaken'), 404: t('adminContent.categories.gone') })
              : undefined
          }
          onClose={() => {
            setEditing(null);
            create.reset();
            change.reset();
          }}
          onSubmit={async (body) => {
            if (editing.category) {
              await change.mutateAsync({ categoryId: editing.category.id, body });
              dispatch(appActions.showNotification(t('adminContent.categories.saved')));
            } else {
              const created = await create.mutateAsync(body as Parameters<typeof create.mutateAsync>[0]);
              dispatch(appActions.showNotification(t('adminContent.categories.created', { name: isolate(created.name) })));
            }
          }}
        />
      )}
    </>
  );
}
