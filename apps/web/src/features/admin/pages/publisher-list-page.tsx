import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import type { AdminPublisher, AdminPublisherCreateBody } from '@newsreel/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { appActions, useAppDispatch } from '../../../app/state';
import { formatNumber } from '../../../lib/format';
import { adminPaths } from '../admin-paths';
import { useAdminPublishers } from '../api/get-admin-publishers';
import { useCreateAdminPublisher } from '../api/save-admin-publisher';
import { DataTable, type DataColumn } from '../components/data-table';
import { FilterBar } from '../components/filter-bar';
import { InUseSelect } from '../components/in-use-select';
import { LoadFailed } from '../components/load-failed';
import { PageHeading } from '../components/page-heading';
import { PublisherForm } from '../components/publisher-form';
import { SearchField } from '../components/search-field';
import { SuperusersOnly } from '../components/superusers-only';
import { useDateTimeFormat } from '../hooks/use-poll-labels';
import {
  CATALOGUE_SEARCH_MAX,
  catalogueListSearch,
  nextOrder,
  parsePublisherListParams,
  publisherListQuery,
  type PublisherListParams,
  type PublisherSort,
} from '../lib/content-list-params';
import { isolate } from '../lib/isolate';
import { refusalOf } from '../lib/refusal';

/** Counts and times sort the most (or newest) first on the first click; names and slugs A to Z. */
const firstOrderOf = (sort: PublisherSort) => (sort === 'name' || sort === 'slug' ? 'asc' : 'desc');

/** `/admin/publishers` (superusers): every publisher with its articles and users; a new one opens on its page, to add its users. */
export function PublisherListPage() {
  const { t } = useTranslation();
  return (
    <SuperusersOnly body={t('adminContent.publishers.superusersOnly')}>
      <PublisherList />
    </SuperusersOnly>
  );
}

function NewPublisherDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const create = useCreateAdminPublisher();
  return (
    <Dialog open onClose={create.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('adminContent.publishers.newTitle')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('adminContent.publishers.newIntro')}
        </Typography>
        <PublisherForm
          label={t('adminContent.publishers.newTitle')}
          submitLabel={t('adminContent.publishers.create')}
          submitting={create.isPending}
          refusal={create.error ? refusalOf(create.error, t('errors.generic'), { 409: t('adminContent.catalogue.slugTaken') }) : undefined}
          actions={
            <Button onClick={onClose} disabled={create.isPending}>
              {t('adminContent.cancel')}
            </Button>
          }
          onSubmit={async (body) => {
            const publisher = await create.mutateAsync(body as AdminPublisherCreateBody);
            dispatch(appActions.showNotification(t('adminContent.publishers.created', { name: isolate(publisher.name) })));
            await navigate(adminPaths.publisher.href(publisher.id));
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function PublisherList() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const dateTime = useDateTimeFormat();
  const [search, setSearch] = useSearchParams();
  const params = parsePublisherListParams(search);
  const publishers = useAdminPublishers(publisherListQuery(params));
  const update = (next: PublisherListParams) => setSearch(catalogueListSearch(next), { replace: true });
  const [creating, setCreating] = useState(false);
  const filtered = params.q !== '' || params.inUse !== undefined;

  const columns: DataColumn<AdminPublisher, PublisherSort>[] = [
    {
      key: 'name',
      label: t('adminContent.fields.name'),
      sort: 'name',
      fit: 'wrap',
      render: (publisher) => (
        <Link component={RouterLink} to={adminPaths.publisher.href(publisher.id)} sx={{ fontWeight: 600 }} dir="auto">
          {publisher.name}
        </Link>
      ),
    },
    { key: 'slug', label: t('adminContent.fields.slug'), sort: 'slug', hideBelow: 'md', render: (publisher) => <bdi>{publisher.slug}</bdi> },
    {
      key: 'website',
      label: t('adminContent.fields.website'),
      hideBelow: 'md',
      fit: 'wrap',
      render: (publisher) => (publisher.website ? <bdi>{publisher.website.replace(/^https?:\/\//, '')}</bdi> : '—'),
    },
    { key: 'articles', label: t('adminContent.catalogue.articles'), sort: 'articleCount', numeric: true, render: (publisher) => formatNumber(publisher.articleCount, language) },
    { key: 'users', label: t('adminContent.publishers.users'), sort: 'userCount', numeric: true, hideBelow: 'sm', render: (publisher) => formatNumber(publisher.userCount, language) },
    { key: 'created', label: t('adminContent.columns.createdAt'), sort: 'createdAt', hideBelow: 'md', fit: 'nowrap', render: (publisher) => dateTime(publisher.createdAt) },
  ];

  return (
    <>
      <PageHeading
        title={t('adminContent.publishers.title')}
        intro={t('adminContent.publishers.intro')}
        action={
          <Button variant="contained" startIcon={<AddRounded aria-hidden />} onClick={() => setCreating(true)}>
            {t('adminContent.publishers.new')}
          </Button>
        }
      />
      <FilterBar label={t('adminContent.publishers.filters')}>
        <SearchField label={t('adminContent.publishers.search')} value={params.q} maxLength={CATALOGUE_SEARCH_MAX} onSearch={(q) => update({ ...params, q, page: 1 })} />
        <InUseSelect value={params.inUse} onChange={(inUse) => update({ ...params, inUse, page: 1 })} />
      </FilterBar>
      {publishers.isFetching && <LinearProgress aria-label={t('adminContent.publishers.loading')} sx={{ mb: 1 }} />}
      {publishers.isError && !publishers.data ? (
        <LoadFailed message={t('adminContent.publishers.loadFailed')} onRetry={() => void publishers.refetch()} />
      ) : (
        publishers.data && (
          <DataTable
            label={t('adminContent.publishers.title')}
            rows={publishers.data.items}
            rowKey={(publisher) => publisher.id}
            columns={columns}
            empty={filtered ? t('adminContent.publishers.noMatches') : t('adminContent.publishers.empty')}
            sorting={{ sort: params.sort, order: params.order, onSort: (sort) => update({ ...params, sort, order: nextOrder(params, sort, firstOrderOf(sort)), page: 1 }) }}
            paging={{ total: publishers.data.total, page: params.page, limit: params.limit, onPage: (page, limit) => update({ ...params, page, limit }) }}
          />
        )
      )}
      {creating && <NewPublisherDialog onClose={() => setCreating(false)} />}
    </>
  );
}
