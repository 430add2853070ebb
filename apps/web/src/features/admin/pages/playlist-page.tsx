import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdminPlaylist } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { appActions, useAppDispatch } from '../../../app/state';
import { isApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { adminPaths } from '../admin-paths';
import { useAdminPlaylist, useDeleteAdminPlaylist, useUpdateAdminPlaylist } from '../api/admin-collections';
import { CollectionArticles } from '../components/collection-articles';
import { PlaylistForm } from '../components/collection-forms';
import { ConfirmDelete } from '../components/confirm-delete';
import { EditorSection } from '../components/editor-section';
import { LoadFailed } from '../components/load-failed';
import { PageHeading } from '../components/page-heading';
import { useDateTimeFormat } from '../hooks/use-poll-labels';
import { isolate } from '../lib/isolate';
import { refusalOf } from '../lib/refusal';

/**
 * `/admin/playlists/:playlistId` (moderators too): a playlist's articles (added by searching, one
 * or several at once; put in order; removed after asking), its details, and deleting it.
 */
export function PlaylistPage() {
  const { t } = useTranslation();
  const { playlistId = '' } = useParams();
  const playlist = useAdminPlaylist(playlistId);
  const back = { href: adminPaths.playlists.href(), label: t('adminCollections.playlists.back') };
  if (!playlist.data) {
    if (playlist.isError) {
      const missing = isApiError(playlist.error) && (playlist.error.status === 404 || playlist.error.status === 400);
      return (
        <>
          <PageHeading title={t('adminCollections.playlists.one')} back={back} />
          <LoadFailed
            message={missing ? t('adminCollections.playlists.notFound') : t('adminCollections.playlists.loadOneFailed')}
            onRetry={missing ? undefined : () => void playlist.refetch()}
          />
        </>
      );
    }
    return (
      <Stack sx={{ py: 10, alignItems: 'center' }}>
        <CircularProgress aria-label={t('adminContent.loading')} />
      </Stack>
    );
  }
  return <PlaylistSections playlist={playlist.data} back={back} />;
}

function PlaylistSections({ playlist, back }: { playlist: AdminPlaylist; back: { href: string; label: string } }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const dateTime = useDateTimeFormat();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const save = useUpdateAdminPlaylist();
  const remove = useDeleteAdminPlaylist();
  const name = isolate(playlist.name);
  return (
    <>
      <PageHeading
        back={back}
        title={<span dir="auto">{playlist.name}</span>}
        action={
          <ConfirmDelete
            variant="text"
            label={t('adminCollections.playlists.delete')}
            title={t('adminCollections.playlists.deleteTitle', { name })}
            body={t('adminCollections.playlists.deleteBody')}
            disabled={remove.isPending}
            onConfirm={() =>
              remove.mutate(playlist.id, {
                onSuccess: () => {
                  dispatch(appActions.showNotification(t('adminCollections.playlists.deleted', { name })));
                  void navigate(adminPaths.playlists.href(), { replace: true });
                },
              })
            }
          />
        }
      />
      <Typography color="text.secondary" sx={{ mt: -1, mb: 3 }}>
        {t('adminCollections.playlists.summary', { articles: formatNumber(playlist.articleCount, language), date: dateTime(playlist.createdAt) })}
      </Typography>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <CollectionArticles kind="playlist" id={playlist.id} name={playlist.name} />
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <EditorSection id="playlist-details" title={t('adminCollections.details')}>
            <PlaylistForm
              playlist={playlist}
              label={t('adminCollections.details')}
              submitLabel={t('adminContent.save')}
              submitting={save.isPending}
              refusal={save.error ? refusalOf(save.error, t('errors.generic'), { 409: t('adminCollections.playlists.externalIdTaken') }) : undefined}
              onSubmit={async (body) => {
                await save.mutateAsync({ playlistId: playlist.id, body });
                dispatch(appActions.showNotification(t('adminCollections.saved')));
              }}
            />
          </EditorSection>
        </Grid>
      </Grid>
    </>
  );
}
