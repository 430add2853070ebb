import ClosedCaption from '@mui/icons-material/ClosedCaption';
import ClosedCaptionOffOutlined from '@mui/icons-material/ClosedCaptionOffOutlined';
import Fullscreen from '@mui/icons-material/Fullscreen';
import FullscreenExit from '@mui/icons-material/FullscreenExit';
import PauseRounded from '@mui/icons-material/PauseRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import VolumeDownRounded from '@mui/icons-material/VolumeDownRounded';
import VolumeOffRounded from '@mui/icons-material/VolumeOffRounded';
import VolumeUpRounded from '@mui/icons-material/VolumeUpRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { formatDuration, formatNumber } from '../../../lib/format';
import { useShownSecond, type Playhead } from '../lib/playhead';
import { RangeInput } from './range-input';

export interface PlayerControlsProps {
  playing: boolean;
  ended: boolean;
  /** Where playback is; the seek bar and the clock follow it (or where the reader is dragging the bar). */
  playhead: Playhead;
  scrubTime: number | null;
  duration: number;
  muted: boolean;
  volume: number;
  rate: number;
  captions: boolean;
  /** Null when the article has no captions to show. */
  onToggleCaptions: (() => void) | null;
  fullscreen: boolean;
  /** Null when full screen is not offered (audio, or a browser without it). */
  onToggleFullscreen: (() => void) | null;
  hidden: boolean;
  onTogglePlay: () => void;
  onScrub: (seconds: number) => void;
  onSeek: (seconds: number) => void;
  onToggleMute: () => void;
  onVolume: (volume: number) => void;
  onCycleRate: () => void;
}

const controlSize = { xs: 22, sm: 26, xxl: 44 } as const;

/** The seek bar, drawn again once a second as the report plays (its step is a second). */
function SeekBar({
  playhead,
  scrubTime,
  duration,
  onScrub,
  onSeek,
}: Pick<PlayerControlsProps, 'playhead' | 'scrubTime' | 'duration' | 'onScrub' | 'onSeek'>) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const position = useShownSecond(playhead, scrubTime);
  return (
    <RangeInput
      label={t('player.seek')}
      valueText={t('player.position', { current: formatDuration(position, language), duration: formatDuration(duration, language) })}
      min={0}
      max={Math.max(duration, 0.1)}
      step={1}
      value={Math.min(position, duration)}
      disabled={duration <= 0}
      onInput={onScrub}
      onCommit={onSeek}
      sx={{ width: '100%' }}
    />
  );
}

/** The time played, in the language's digits. */
function PlayheadClock({ playhead, scrubTime }: Pick<PlayerControlsProps, 'playhead' | 'scrubTime'>) {
  const { i18n } = useTranslation();
  const position = useShownSecond(playhead, scrubTime);
  return <>{formatDuration(position, i18n.resolvedLanguage ?? 'en')} </>;
}

/** The player's own controls: seek bar, play, sound, time, speed, captions and full screen. */
export function PlayerControls({
  playing,
  ended,
  playhead,
  scrubTime,
  duration,
  muted,
  volume,
  rate,
  captions,
  onToggleCaptions,
  fullscreen,
  onToggleFullscreen,
  hidden,
  onTogglePlay,
  onScrub,
  onSeek,
  onToggleMute,
  onVolume,
  onCycleRate,
}: PlayerControlsProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const clock = (seconds: number) => formatDuration(seconds, language);
  const rateLabel = `${formatNumber(rate, language, { maximumFractionDigits: 2 })}×`;
  const soundIcon = muted || volume === 0 ? <VolumeOffRounded /> : volume < 0.5 ? <VolumeDownRounded /> : <VolumeUpRounded />;
  const playLabel = playing ? t('player.pause') : ended ? t('player.replay') : t('player.play');

  return (
    <Box
      data-player-controls
      // Clicks on the bar are for its controls, not for the picture behind it (which toggles play).
      onClick={(event) => event.stopPropagation()}
      onDoubleClick={(event) => event.stopPropagation()}
      sx={{
        position: 'absolute',
        insetInline: 0,
        bottom: 0,
        px: { xs: 1, sm: 1.5, xxl: 3 },
        pt: { xs: 3, xxl: 6 },
        pb: { xs: 0.25, xxl: 1.5 },
        color: 'common.white',
        background: 'linear-gradient(to top, rgba(0,0,0,0.85), rgba(0,0,0,0.55) 60%, transparent)',
        opacity: hidden ? 0 : 1,
        transition: 'opacity 200ms ease',
        '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
        '& .MuiIconButton-root': { color: 'inherit', p: { xs: 0.75, xxl: 1.5 } },
        '& .MuiSvgIcon-root': { fontSize: controlSize },
      }}
    >
      <SeekBar playhead={playhead} scrubTime={scrubTime} duration={duration} onScrub={onScrub} onSeek={onSeek} />
      <Stack direction="row" sx={{ alignItems: 'center', gap: { xs: 0.25, sm: 0.5, xxl: 1.5 }, minWidth: 0 }}>
        <IconButton onClick={onTogglePlay} aria-label={playLabel} title={playLabel}>
          {playing ? <PauseRounded /> : ended ? <ReplayRounded /> : <PlayArrowRounded />}
        </IconButton>
        <IconButton onClick={onToggleMute} aria-label={muted ? t('player.unmute') : t('player.mute')} title={muted ? t('player.unmute') : t('player.mute')}>
          {soundIcon}
        </IconButton>
        <RangeInput
          label={t('player.volume')}
          valueText={formatNumber(muted ? 0 : volume, language, { style: 'percent' })}
          min={0}
          max={1}
          step={0.05}
          value={muted ? 0 : volume}
          colour="#fff"
          onInput={onVolume}
          sx={{ display: { xs: 'none', sm: 'block' }, width: { sm: 72, xxl: 160 }, mx: 1, flexShrink: 0 }}
        />
        <Box
          component="span"
          sx={{ fontSize: { xs: '0.75rem', sm: '0.875rem', xxl: '1.25rem' }, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', mx: 0.5 }}
        >
          <PlayheadClock playhead={playhead} scrubTime={scrubTime} />/ {clock(duration)}
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <ButtonBase
          onClick={onCycleRate}
          aria-label={t('player.speed', { rate: rateLabel })}
          title={t('player.speed', { rate: rateLabel })}
          sx={{
            fontSize: { xs: '0.75rem', sm: '0.875rem', xxl: '1.25rem' },
            fontWeight: 700,
            minWidth: { xs: 36, xxl: 72 },
            height: { xs: 32, xxl: 56 },
            px: 0.75,
            borderRadius: 1,
            '&:hover': { bgcolor: 'rgba(255,255,255,0.12)' },
          }}
        >
          {rateLabel}
        </ButtonBase>
        {onToggleCaptions && (
          <IconButton onClick={onToggleCaptions} aria-label={t('player.captions')} aria-pressed={captions} title={t('player.captions')}>
            {captions ? <ClosedCaption /> : <ClosedCaptionOffOutlined />}
          </IconButton>
        )}
        {onToggleFullscreen && (
          <IconButton
            onClick={onToggleFullscreen}
            aria-label={fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}
            title={fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}
          >
            {fullscreen ? <FullscreenExit /> : <Fullscreen />}
          </IconButton>
        )}
      </Stack>
    </Box>
  );
}
