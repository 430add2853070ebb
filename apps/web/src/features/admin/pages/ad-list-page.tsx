import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import { AD_MEDIA_TYPES, type AdminAd, type AdminAdCreateBody } from '@newsreel/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { appActions, useAppDispatch } from '../../../app/state';
import { useAdminAds, useCreateAdminAd, useDeleteAdminAd, useUpdateAdminAd, useUploadAdMedia } from '../api/admin-ads';
import { AdDialog } from '../components/ad-dialog';
import { ConfirmDelete } from '../components/confirm-delete';
import { DataTable, type DataColumn } from '../components/data-table';
import { LoadFailed } from '../components/load-failed';
import { PageHeading } from '../components/page-heading';
import { useDateTimeFormat } from '../hooks/use-poll-labels';
import { isolate } from '../lib/isolate';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../lib/page-sizes';
import { refusalOf } from '../lib/refusal';

function paramsOf(search: URLSearchParams) {
  const page = Number(search.get('page'));
  const limit = Number(search.get('limit'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE,
  };
}

/** Whether the ad is served now: on, with a video, within its dates. */
function stateOf(ad: AdminAd, now: number): 'off' | 'noVideo' | 'scheduled' | 'ended' | 'live' {
  if (!ad.enabled) return 'off';
  if (!ad.mediaUrl) return 'noVideo';
  if (ad.startsAt && Date.parse(ad.startsAt) > now) return 'scheduled';
  if (ad.endsAt && Date.parse(ad.endsAt) <= now) return 'ended';
  return 'live';
}

/** `/admin/ads`: the ad inventory the player's ads come from (issue 17): add, change, upload a video, delete. */
export function AdListPage() {
  const { t } = useTranslation();
  const dateTime = useDateTimeFormat();
  const dispatch = useAppDispatch();
  const [search, setSearch] = useSearchParams();
  const params = paramsOf(search);
  const ads = useAdminAds({ page: params.page, limit: params.limit });
  const create = useCreateAdminAd();
  const change = useUpdateAdminAd();
  const remove = useDeleteAdminAd();
  const upload = useUploadAdMedia();
  const [editing, setEditing] = useState<{ ad?: AdminAd } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploadFor, setUploadFor] = useState<AdminAd | null>(null);
  const saving = editing?.ad ? change : create;
  const [now] = useState(() => Date.now());

  const columns: DataColumn<AdminAd>[] = [
    {
      key: 'title',
      label: t('adminAds.fields.title'),
      fit: 'wrap',
      render: (ad) => (
        <Stack spacing={0.5}>
          <Box component="span" dir="auto" sx={{ fontWeight: 600 }}>
            {ad.title}
          </Box>
          {ad.mediaUrl && (
            <Link href={ad.mediaUrl} target="_blank" rel="noopener noreferrer" variant="body2" dir="ltr" sx={{ overflowWrap: 'anywhere' }}>
              {t('adminAds.video')}
            </Link>
          )}
        </Stack>
      ),
    },
    {
      key: 'state',
      label: t('adminAds.columns.state'),
      fit: 'nowrap',
      render: (ad) => {
        const state = stateOf(ad, now);
        return <Chip size="small" label={t(`adminAds.state.${state}`)} color={state === 'live' ? 'success' : 'default'} variant={state === 'live' ? 'filled' : 'outlined'} />;
      },
    },
    {
      key: 'targets',
      label: t('adminAds.columns.targets'),
      fit: 'wrap',
      render: (ad) =>
        ad.regionIds.length === 0 && ad.categoryIds.length === 0
          ? t('adminAds.everywhere')
          : t('adminAds.targetCounts', { regions: ad.regionIds.length, categories: ad.categoryIds.length }),
    },
    {
      key: 'dates',
      label: t('adminAds.columns.dates'),
      fit: 'nowrap',
      render: (ad) => (
        <Typography variant="body2">
          {ad.startsAt ? dateTime(ad.startsAt) : t('adminAds.now')} – {ad.endsAt ? dateTime(ad.endsAt) : t('adminAds.noEnd')}
        </Typography>
      ),
    },
    { key: 'weight', label: t('adminAds.fields.weight'), fit: 'nowrap', render: (ad) => ad.weight },
    { key: 'dailyCap', label: t('adminAds.fields.dailyCap'), fit: 'nowrap', render: (ad) => ad.dailyCap ?? t('adminAds.noCap') },
    {
      key: 'actions',
      label: t('adminAds.columns.actions'),
      fit: 'nowrap',
      render: (ad) => (
        <Stack direction="row" spacing={0.5}>
          <IconButton size="small" aria-label={t('adminAds.edit', { title: ad.title })} title={t('adminAds.edit', { title: ad.title })} onClick={() => setEditing({ ad })}>
            <EditOutlined fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={t('adminAds.upload', { title: ad.title })}
            title={t('adminAds.upload', { title: ad.title })}
            disabled={upload.isPending}
            onClick={() => {
              setUploadFor(ad);
              fileInput.current?.click();
            }}
          >
            <UploadFileRounded fontSize="small" />
          </IconButton>
          <ConfirmDelete
            label={t('adminAds.delete', { title: ad.title })}
            title={t('adminAds.deleteTitle')}
            body={t('adminAds.deleteBody', { title: isolate(ad.title) })}
            disabled={remove.isPending}
            onConfirm={() => remove.mutate(ad.id, { onSuccess: () => dispatch(appActions.showNotification(t('adminAds.deleted', { title: isolate(ad.title) }))) })}
          />
        </Stack>
      ),
    },
  ];

  return (
    <>
      <PageHeading
        title={t('adminAds.title')}
        intro={t('adminAds.intro')}
        action={
          <Button variant="contained" startIcon={<AddRounded aria-hidden />} onClick={() => setEditing({})}>
            {t('adminAds.add')}
          </Button>
        }
      />
      <input
        ref={fileInput}
        type="file"
        accept={AD_MEDIA_TYPES.join(',')}
        hidden
        aria-label={t('adminAds.chooseFile')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file || !uploadFor) return;
          const ad = uploadFor;
          upload.mutate(
            { adId: ad.id, file },
            {
              onSuccess: () => dispatch(appActions.showNotification(t('adminAds.uploaded', { title: isolate(ad.title) }))),
              onError: (error) => dispatch(appActions.showNotification(refusalOf(error, t('adminAds.uploadFailed')), 'error')),
            },
          );
        }}
      />
      {upload.progress !== null && <LinearProgress variant="determinate" value={upload.progress * 100} aria-label={t('adminAds.uploading')} sx={{ mb: 1 }} />}
      {ads.isFetching && upload.progress === null && <LinearProgress aria-label={t('adminAds.loading')} sx={{ mb: 1 }} />}
      {ads.isError && !ads.data ? (
        <LoadFailed message={t('adminAds.loadFailed')} onRetry={() => void ads.refetch()} />
      ) : (
        ads.data && (
          <DataTable
            label={t('adminAds.title')}
            rows={ads.data.items}
            rowKey={(ad) => ad.id}
            columns={columns}
            empty={t('adminAds.empty')}
            paging={{ total: ads.data.total, page: params.page, limit: params.limit, onPage: (page, limit) => setSearch(new URLSearchParams({ page: String(page), limit: String(limit) }), { replace: true }) }}
          />
        )
      )}
      {editing && (
        <AdDialog
          key={editing.ad?.id ?? 'new'}
          ad={editing.ad}
          submitting={saving.isPending}
          refusal={saving.error ? refusalOf(saving.error, t('errors.generic'), { 404: t('adminAds.gone') }) : undefined}
          onClose={() => {
            setEditing(null);
            create.reset();
            change.reset();
          }}
          onSubmit={async (body: AdminAdCreateBody) => {
            if (editing.ad) await change.mutateAsync({ adId: editing.ad.id, body });
            else await create.mutateAsync(body);
            dispatch(appActions.showNotification(t('adminAds.saved', { title: isolate(body.title) })));
          }}
        />
      )}
    </>
  );
}
