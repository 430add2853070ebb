import { useTranslation } from 'react-i18next';
import { IconButton } from '../../../app/ui/button';
import { classNames } from '../../../app/ui/class-names';
import {
  ClosedCaptionIcon,
  ClosedCaptionOffOutlinedIcon,
  FullscreenExitIcon,
  FullscreenIcon,
  PauseRoundedIcon,
  PlayArrowRoundedIcon,
  ReplayRoundedIcon,
  VolumeDownRoundedIcon,
  VolumeOffRoundedIcon,
  VolumeUpRoundedIcon,
} from '../../../app/ui/icons';
import { formatDuration, formatNumber } from '../../../lib/format';
import { useShownSecond, type Playhead } from '../lib/playhead';
import styles from './player-controls.module.css';
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
      className={styles.seek}
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
  const soundIcon = muted || volume === 0 ? <VolumeOffRoundedIcon /> : volume < 0.5 ? <VolumeDownRoundedIcon /> : <VolumeUpRoundedIcon />;
  const playLabel = playing ? t('player.pause') : ended ? t('player.replay') : t('player.play');
  const muteLabel = muted ? t('player.unmute') : t('player.mute');
  const rateName = t('player.speed', { rate: rateLabel });
  const fullscreenLabel = fullscreen ? t('player.exitFullscreen') : t('player.fullscreen');

  return (
    <div
      data-player-controls
      className={classNames(styles.controls, hidden && styles.hidden)}
      // Clicks on the bar are for its controls, not for the picture behind it (which toggles play).
      onClick={(event) => event.stopPropagation()}
      onDoubleClick={(event) => event.stopPropagation()}
    >
      <SeekBar playhead={playhead} scrubTime={scrubTime} duration={duration} onScrub={onScrub} onSeek={onSeek} />
      <div className={styles.row}>
        <IconButton color="inherit" className={styles.button} onClick={onTogglePlay} aria-label={playLabel} title={playLabel}>
          {playing ? <PauseRoundedIcon /> : ended ? <ReplayRoundedIcon /> : <PlayArrowRoundedIcon />}
        </IconButton>
        <IconButton color="inherit" className={styles.button} onClick={onToggleMute} aria-label={muteLabel} title={muteLabel}>
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
          className={styles.volume}
        />
        {/* Elapsed / total reads left to right in every language, as clocks do. */}
        <span className={styles.time} dir="ltr">
          <PlayheadClock playhead={playhead} scrubTime={scrubTime} />/ {clock(duration)}
        </span>
        <button type="button" className={styles.rate} onClick={onCycleRate} aria-label={rateName} title={rateName}>
          {rateLabel}
        </button>
        {onToggleCaptions && (
          <IconButton
            color="inherit"
            className={styles.button}
            onClick={onToggleCaptions}
            aria-label={t('player.captions')}
            aria-pressed={captions}
            title={t('player.captions')}
          >
            {captions ? <ClosedCaptionIcon /> : <ClosedCaptionOffOutlinedIcon />}
          </IconButton>
        )}
        {onToggleFullscreen && (
          <IconButton color="inherit" className={styles.button} onClick={onToggleFullscreen} aria-label={fullscreenLabel} title={fullscreenLabel}>
            {fullscreen ? <FullscreenExitIcon /> : <FullscreenIcon />}
          </IconButton>
        )}
      </div>
    </div>
  );
}
