import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import AddRounded from '@mui/icons-material/AddRounded';
import type { AdminPlaylist, AdminPlaylistCreateBody } from '@newsreel/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { appActions, useAppDispatch } from '../../../app/state';
import { formatNumber } from '../../../lib/format';
import { adminPaths } from '../admin-paths';
import { useAdminPlaylists, useCreateAdminPlaylist } from '../api/admin-collections';
import { PlaylistForm } from '../components/collection-forms';
import { DataTable, type DataColumn } from '../components/data-table';
import { FilterBar } from '../components/filter-bar';
import { LoadFailed } from '../components/load-failed';
import { PageHeading } from '../components/page-heading';
import { SearchField } from '../components/search-field';
import { useDateTimeFormat } from '../hooks/use-poll-labels';
import {
  COLLECTION_SEARCH_MAX,
  parsePlaylistListParams,
  playlistListQuery,
  playlistListSearch,
  type PlaylistListParams,
  type PlaylistSort,
} from '../lib/collection-list-params';
import { nextOrder } from '../lib/content-list-params';
import { isolate } from '../lib/isolate';
import { refusalOf } from '../lib/refusal';

/** Counts and times sort the most (or newest) first on the first click; names and ids A to Z. */
const firstOrderOf = (sort: PlaylistSort) => (sort === 'articleCount' || sort === 'createdAt' ? 'desc' : 'asc');

function NewPlaylistDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const create = useCreateAdminPlaylist();
  return (
    <Dialog open onClose={create.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('adminCollections.playlists.newTitle')}</DialogTitle>
      <DialogContent>
        <PlaylistForm
          label={t('adminCollections.playlists.newTitle')}
          submitLabel={t('adminCollections.playlists.create')}
          submitting={create.isPending}
          refusal={create.error ? refusalOf(create.error, t('errors.generic'), { 409: t('adminCollections.playlists.externalIdTaken') }) : undefined}
          actions={
            <Button onClick={onClose} disabled={create.isPending}>
              {t('adminContent.cancel')}
            </Button>
          }
          onSubmit={async (body) => {
            const playlist = await create.mutateAsync(body as AdminPlaylistCreateBody);
            dispatch(appActions.showNotification(t('adminCollections.playlists.created', { name: isolate(playlist.name) })));
            await navigate(adminPaths.playlist.href(playlist.id));
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

/**
 * `/admin/playlists` (moderators too): every playlist with how many articles it holds, searched,
 * sorted and paged on the server as the URL says; a new one is made in a dialog and opens on its
 * page, to add its articles.
 */
export function PlaylistListPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const dateTime = useDateTimeFormat();
  const [search, setSearch] = useSearchParams();
  const params = parsePlaylistListParams(search);
  const playlists = useAdminPlaylists(playlistListQuery(params));
  const update = (next: PlaylistListParams) => setSearch(playlistListSearch(next), { replace: true });
  const [creating, setCreating] = useState(false);

  const columns: DataColumn<AdminPlaylist, PlaylistSort>[] = [
    {
      key: 'name',
      label: t('adminContent.fields.name'),
      sort: 'name',
      fit: 'wrap',
      render: (playlist) => (
        <Link component={RouterLink} to={adminPaths.playlist.href(playlist.id)} sx={{ fontWeight: 600 }} dir="auto">
          {playlist.name}
        </Link>
      ),
    },
    { key: 'externalId', label: t('adminCollections.fields.externalId'), sort: 'externalId', hideBelow: 'sm', render: (playlist) => <bdi>{playlist.externalId}</bdi> },
    { key: 'description', label: t('adminContent.fields.description'), hideBelow: 'md', fit: 'wrap', render: (playlist) => <span dir="auto">{playlist.description || '—'}</span> },
    { key: 'articles', label: t('adminContent.catalogue.articles'), sort: 'articleCount', numeric: true, render: (playlist) => formatNumber(playlist.articleCount, language) },
    { key: 'created', label: t('adminContent.columns.createdAt'), sort: 'createdAt', hideBelow: 'md', fit: 'nowrap', render: (playlist) => dateTime(playlist.createdAt) },
  ];

  return (
    <>
      <PageHeading
        title={t('adminCollections.playlists.title')}
        intro={t('adminCollections.playlists.intro')}
        action={
          <Button variant="contained" startIcon={<AddRounded aria-hidden />} onClick={() => setCreating(true)}>
            {t('adminCollections.playlists.new')}
          </Button>
        }
      />
      <FilterBar label={t('adminCollections.playlists.filters')}>
        <SearchField label={t('adminCollections.playlists.search')} value={params.q} maxLength={COLLECTION_SEARCH_MAX} onSearch={(q) => update({ ...params, q, page: 1 })} />
      </FilterBar>
      {playlists.isFetching && <LinearProgress aria-label={t('adminContent.loading')} sx={{ mb: 1 }} />}
      {playlists.isError && !playlists.data ? (
        <LoadFailed message={t('adminCollections.playlists.loadFailed')} onRetry={() => void playlists.refetch()} />
      ) : (
        playlists.data && (
          <DataTable
            label={t('adminCollections.playlists.title')}
            rows={playlists.data.items}
            rowKey={(playlist) => playlist.id}
            columns={columns}
            empty={params.q ? t('adminCollections.playlists.noMatches') : t('adminCollections.playlists.empty')}
            sorting={{ sort: params.sort, order: params.order, onSort: (sort) => update({ ...params, sort, order: nextOrder(params, sort, firstOrderOf(sort)), page: 1 }) }}
            paging={{ total: playlists.data.total, page: params.page, limit: params.limit, onPage: (page, limit) => update({ ...params, page, limit }) }}
          />
        )
      )}
      {creating && <NewPlaylistDialog onClose={() => setCreating(false)} />}
    </>
  );
}
