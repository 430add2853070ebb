import QueueMusicRounded from '@mui/icons-material/QueueMusicRounded';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { BrowsePage, LoadFailed, PageHeading, screenReaderOnly } from '../../home/components/browse-page';
import { ContentNotFound } from '../../home/components/content-not-found';
import { isMissing } from '../../../lib/api-client';
import { ArticleSequencePlayer } from '../../stories/components/article-sequence-player';
import { SequencePlayerSkeleton } from '../../stories/components/sequence-player-skeleton';
import { usePlaylist } from '../api/get-playlist';

const noMorePages = () => {};

/** `/playlists/:playlistId`: the playlist's articles in its order, played in a row like a story. */
export function PlaylistPage() {
  const { t } = useTranslation();
  const playlistId = useParams().playlistId ?? '';
  const { data: playlist, error, isPending, refetch } = usePlaylist(playlistId);

  if (isMissing(error)) {
    return <ContentNotFound title={t('playlists.notFound')} body={t('playlists.notFoundBody')} back={{ href: paths.stories.href(), label: t('playlists.toStories') }} />;
  }

  let content;
  if (isPending) content = <SequencePlayerSkeleton />;
  else if (error) content = <LoadFailed message={t('playlists.loadFailed')} onRetry={() => void refetch()} />;
  else if (playlist.articles.length === 0) content = <Typography color="text.secondary">{t('playlists.noArticles')}</Typography>;
  else {
    content = (
      <ArticleSequencePlayer
        articles={playlist.articles}
        total={playlist.articles.length}
        hasMore={false}
        onLoadMore={noMorePages}
        listHeading={t('playlists.inThisPlaylist')}
        playlistId={playlist.id}
      />
    );
  }

  return (
    <BrowsePage>
      <Typography
        variant="overline"
        color="primary"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, fontWeight: 700, lineHeight: 2 }}
      >
        <QueueMusicRounded sx={{ fontSize: 18 }} aria-hidden />
        {t('playlists.label')}
      </Typography>
      <PageHeading
        title={
          playlist ? (
            playlist.name
          ) : isPending ? (
            <>
              <Box component="span" sx={screenReaderOnly}>
                {t('playlists.loading')}
              </Box>
              <Skeleton width="min(560px, 80vw)" aria-hidden />
            </>
          ) : (
            t('playlists.label')
          )
        }
        description={playlist?.description || undefined}
      />
      {content}
    </BrowsePage>
  );
}
