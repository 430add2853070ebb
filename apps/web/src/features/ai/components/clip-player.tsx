import ArrowOutwardRounded from '@mui/icons-material/ArrowOutwardRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import SkipNextRounded from '@mui/icons-material/SkipNextRounded';
import SkipPreviousRounded from '@mui/icons-material/SkipPreviousRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { appActions, useAppDispatch } from '../../../app/state';
import { formatCount, formatDuration } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { ArticlePlayer, type ArticlePlayerHandle } from '../../player/components/article-player';
import { useRecordViewOnce, VIEW_AFTER_SECONDS } from '../../player/hooks/use-record-view-once';
import type { PlayableClip } from '../lib/clips';

export interface ClipPlayerProps {
  clips: readonly PlayableClip[];
  /** The clip to start with. */
  startIndex?: number;
  onClose: () => void;
  /** The player's heading, e.g. "Playing the answer". */
  label: string;
}

/**
 * Clips of reports played one after another in the hero player: each starts at its first second
 * and moves on to the next at its last (or when its media ends); the last one stops at its end.
 */
export function ClipPlayer({ clips, startIndex = 0, onClose, label }: ClipPlayerProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const direction = useTheme().direction;
  const dispatch = useAppDispatch();
  const [index, setIndex] = useState(Math.min(startIndex, clips.length - 1));
  const [finished, setFinished] = useState(false);
  const player = useRef<ArticlePlayerHandle>(null);
  const recordView = useRecordViewOnce();
  const clip = clips[index];

  useEffect(() => {
    if (clip) dispatch(appActions.setCurrentArticle(clip.article));
  }, [clip, dispatch]);
  useEffect(() => () => void dispatch(appActions.setCurrentArticle(null)), [dispatch]);

  if (!clip) return null;
  const go = (next: number) => {
    setFinished(false);
    setIndex(Math.max(0, Math.min(clips.length - 1, next)));
  };
  const clipDone = () => {
    if (index < clips.length - 1) go(index + 1);
    else if (!finished) {
      player.current?.pause();
      setFinished(true);
    }
  };
  const PreviousIcon = direction === 'rtl' ? SkipNextRounded : SkipPreviousRounded;
  const NextIcon = direction === 'rtl' ? SkipPreviousRounded : SkipNextRounded;
  const range = t('ai.player.range', { start: formatDuration(clip.startSecond, language), end: formatDuration(clip.endSecond, language) });

  return (
    <Box component="section" aria-label={label} sx={{ display: 'grid', gap: 1.5 }}>
      <div data-testid="ai-clip-player" data-clip-index={index} data-clip-start={clip.startSecond} data-clip-end={clip.endSecond} data-article-id={clip.article.id}>
        {/* A new clip is a new player, even of the same article: it starts at the clip's second. */}
        <ArticlePlayer
          key={index}
          ref={player}
          article={clip.article}
          autoPlay
          variant="hero"
          startAt={clip.startSecond}
          onTimeUpdate={(seconds) => {
            // A clip watched as long as a report must be to count is a view of its article, as in the hero player.
            if (seconds - clip.startSecond >= VIEW_AFTER_SECONDS) recordView(clip.article.id);
            if (seconds >= clip.endSecond) clipDone();
          }}
          onEnded={clipDone}
        />
      </div>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <IconButton onClick={() => go(index - 1)} disabled={index === 0} aria-label={t('ai.player.previous')}>
          <PreviousIcon aria-hidden />
        </IconButton>
        <Typography variant="body2" aria-live="polite" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', flexGrow: 1 }}>
          {finished
            ? t('ai.player.finished')
            : t('ai.player.position', { position: formatCount(index + 1, language), total: formatCount(clips.length, language) })}
        </Typography>
        <IconButton onClick={() => go(index + 1)} disabled={index >= clips.length - 1} aria-label={t('ai.player.next')}>
          <NextIcon aria-hidden />
        </IconButton>
        <IconButton onClick={onClose} aria-label={t('ai.player.close')}>
          <CloseRounded aria-hidden />
        </IconButton>
      </Stack>
      <Box>
        <Typography variant="h6" component="p" lang={clip.article.language} dir="auto" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {clip.article.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {clip.article.publisher.name} · {range}
        </Typography>
        {clip.reason && (
          <Typography variant="body2" lang={clip.article.language} dir="auto" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {t('ai.quote', { text: clip.reason })}
          </Typography>
        )}
        <Button
          component={RouterLink}
          to={paths.article.href(clip.article.id, { startAt: clip.startSecond })}
          size="small"
          endIcon={<ArrowOutwardRounded aria-hidden sx={{ transform: direction === 'rtl' ? 'scaleX(-1)' : undefined }} />}
          sx={{ mt: 0.5 }}
        >
          {t('ai.player.openArticle')}
        </Button>
      </Box>
    </Box>
  );
}
