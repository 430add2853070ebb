import type { Article, ArticleSummary } from '@newsreel/contracts';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useEffectEvent,
  useImperativeHandle,
  useRef,
  useState,
  type ComponentType,
  type JSX,
  type KeyboardEvent as ReactKeyboardEvent,
  type Ref,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector, useDataApi } from '../../../app/state';
import { Button } from '../../../app/ui/button';
import { classNames } from '../../../app/ui/class-names';
import { ArticleOutlinedIcon, GraphicEqRoundedIcon, PlayArrowRoundedIcon, ReplayRoundedIcon, VolumeOffRoundedIcon } from '../../../app/ui/icons';
import { Spinner } from '../../../app/ui/progress';
import { directionOf } from '../../../lib/i18n';
import { browserStorage } from '../../../lib/storage';
import { useTranscript } from '../api/get-transcript';
import { useHlsSource } from '../hooks/use-hls-source';
import { useMediaAnalytics } from '../hooks/use-media-analytics';
import { adPhaseOf, countArticle } from '../lib/ad-rules';
import { canPlayHlsNatively, captionsUrl, isHlsUrl, mediaKindOf, transcriptLanguageOf } from '../lib/media-source';
import { commandForKey, keyTargetOf, type PlayerCommand } from '../lib/player-keys';
import { createPlayhead } from '../lib/playhead';
import { isResumable, PLAYBACK_RATES, playbackPositions, playerPreferences } from '../lib/player-storage';
import styles from './article-player.module.css';
import type { AdBreakProps } from './ad-break';
import { AudioWaveform } from './audio-waveform';
import { PlayerControls } from './player-controls';

export interface ArticlePlayerHandle {
  seek(seconds: number): void;
  play(): void;
  pause(): void;
}

export interface ArticlePlayerProps {
  /** Plays article.mediafile (video or audio); shows the poster and transcript when there is none. */
  article: ArticleSummary | Article;
  autoPlay?: boolean;
  /** Seconds; overrides the remembered position (a `?t=` deep link). */
  startAt?: number;
  onEnded?: () => void;
  onTimeUpdate?: (seconds: number) => void;
  ref?: Ref<ArticlePlayerHandle>;
  variant?: 'page' | 'hero' | 'embedded';
  /** The playlist this article plays in, for its media events. */
  playlistId?: string;
}

/** The player box is 16:9 before anything loads, so nothing on the page moves when it does. */
export const PLAYER_RATIO = '16 / 9';
const CONTROLS_IDLE_MS = 2500;
const SAVE_EVERY_SECONDS = 2;
const PAGE_SCROLL_KEYS = new Set([' ', 'Spacebar', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);
/** HTMLMediaElement.HAVE_METADATA */
const HAVE_METADATA = 1;

/** The ad player loads only when an ad is due (the reader's first screen stays light). */
const AdBreak = lazy(async (): Promise<{ default: ComponentType<AdBreakProps> }> => ({ default: (await import('./ad-break')).AdBreak }));
/** none: no ad before this article (or it is over); waiting: one is due at the reader's play (deferAds); playing. */
type AdPhase = 'none' | 'waiting' | 'playing';

/**
 * One article's media with Newsreel's own controls: video with its poster, audio drawn as the
 * poster with a waveform, or the poster and transcript when there is nothing to play. Captions
 * come from the transcript as WebVTT; the position is remembered per article; autoplay falls
 * back to muted (with captions and an Unmute button) when the browser refuses sound.
 */
export function ArticlePlayer(props: ArticlePlayerProps): JSX.Element {
  // A new article is a new player: time, errors and the autoplay fallback start afresh.
  return <PlayerView key={props.article.id} {...props} />;
}

function PlayerView({ article, autoPlay = false, startAt, onEnded, onTimeUpdate, ref, variant = 'page', playlistId }: ArticlePlayerProps) {
  const { t, i18n } = useTranslation();
  // The arrow keys follow the seek bar, which the browser mirrors with the page.
  const direction = directionOf(i18n.resolvedLanguage ?? i18n.language);
  const dataApi = useDataApi();
  const kind = mediaKindOf(article);
  const url = kind === 'none' ? null : (article.mediafile?.url ?? null);
  const useHlsJs = url !== null && isHlsUrl(url) && !canPlayHlsNatively();
  const knownDuration = article.mediafile?.durationSeconds ?? article.durationSeconds ?? 0;

  const containerRef = useRef<HTMLDivElement>(null);
  const mediaRef = useRef<HTMLVideoElement | null>(null);
  const trackRef = useRef<HTMLTrackElement>(null);
  const pendingSeek = useRef<number | null>(null);
  const metadataApplied = useRef<HTMLMediaElement | null>(null);
  const lastSaved = useRef(0);
  const idleTimer = useRef<number | undefined>(undefined);

  // The element itself, for effects that must follow it when a retry makes a new one.
  const [media, setMedia] = useState<HTMLVideoElement | null>(null);
  const [failed, setFailed] = useState(false);
  const attachMedia = useCallback((element: HTMLVideoElement | null) => {
    mediaRef.current = element;
    setMedia(element);
    // The first render is sliced (a transition), so the file may have failed before React committed
    // the element, when its `error` event went unheard.
    if (element?.error) setFailed(true);
  }, []);

  const [preferences] = useState(playerPreferences.get);
  const [initialPosition] = useState(() => {
    if (startAt !== undefined) return Math.max(0, startAt);
    const remembered = playbackPositions.get(article.id);
    return remembered !== undefined && isResumable(remembered, knownDuration) ? remembered : 0;
  });
  const [attempt, setAttempt] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [ended, setEnded] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [playhead] = useState(() => createPlayhead(initialPosition));
  const [duration, setDuration] = useState(knownDuration);
  const [scrubTime, setScrubTime] = useState<number | null>(null);
  const [volume, setVolume] = useState(preferences.volume);
  const [muted, setMuted] = useState(preferences.muted);
  const [autoMuted, setAutoMuted] = useState(false);
  const [rate, setRate] = useState<number>(preferences.rate);
  const [captions, setCaptions] = useState(preferences.captions);
  const [captionsAvailable, setCaptionsAvailable] = useState(true);
  const [captionText, setCaptionText] = useState('');
  const [fullscreen, setFullscreen] = useState(false);
  const [idle, setIdle] = useState(false);

  // The app config's ad rules (lib/ad-rules.ts) decide, once per article, whether an ad plays first.
  const advertising = useAppSelector((state) => state.config.advertising);
  // The home page's hero is a muted preview that plays by itself: it carries no ads and does not
  // count towards them; ads come before the articles the reader opens (docs/architecture.md, "Ads").
  const adFree = kind === 'none' || variant === 'hero';
  const [articleNumber] = useState(() => (adFree ? 0 : countArticle(article.id)));
  const [adPhase, setAdPhase] = useState<AdPhase>(() => (adFree ? 'none' : adPhaseOf(advertising, articleNumber, browserStorage.lastAd.get()?.playedAt, Date.now())));
  // Handlers read the phase from here, as it is now (a state update shows only in the next render).
  const adPhaseRef = useRef(adPhase);
  function changeAdPhase(next: AdPhase) {
    adPhaseRef.current = next;
    setAdPhase(next);
  }

  const transcriptLanguage = transcriptLanguageOf(article);
  const trackSrc = captionsUrl(dataApi.baseUrl, article.id, transcriptLanguage);
  // iPhones have no element full screen, only the video's own (webkitEnterFullscreen).
  const canFullscreen =
    kind === 'video' && typeof document !== 'undefined' && (document.fullscreenEnabled === true || 'webkitEnterFullscreen' in HTMLVideoElement.prototype);

  // Transcript-only articles outside the article page show their transcript inside the player.
  const showTranscriptInPlayer = kind === 'none' && variant !== 'page';
  const includedCues = 'transcript' in article ? article.transcript?.cues : undefined;
  const fetchedTranscript = useTranscript(article.id, { enabled: showTranscriptInPlayer && !includedCues });
  const transcriptCues = includedCues ?? fetchedTranscript.data?.cues ?? [];

  useHlsSource(media, url, useHlsJs, () => setFailed(true));
  useMediaAnalytics(media, article, playlistId);

  const mediaDuration = () => {
    const value = mediaRef.current?.duration;
    // Streamed WebM often has no duration in its header until it has been read to the end.
    return value !== undefined && Number.isFinite(value) && value > 0 ? value : duration;
  };

  function savePosition(seconds: number) {
    lastSaved.current = seconds;
    playbackPositions.set(article.id, seconds, mediaDuration());
  }

  async function startPlayback({ mutedFallback }: { mutedFallback: boolean }) {
    const media = mediaRef.current;
    if (!media) return;
    try {
      await media.play();
    } catch (error) {
      // Browsers refuse sound without a gesture; muted, with captions, the report can still run.
      const refused = error instanceof DOMException && error.name === 'NotAllowedError';
      if (!refused || !mutedFallback || media.muted) return;
      media.muted = true;
      setAutoMuted(true);
      setCaptions(true);
      try {
        await media.play();
      } catch {
        // No autoplay at all here; the play button is in view.
      }
    }
  }

  function seek(seconds: number) {
    const media = mediaRef.current;
    const target = Math.min(Math.max(0, seconds), mediaDuration() || Number.POSITIVE_INFINITY);
    playhead.set(target);
    if (!media || media.readyState < HAVE_METADATA) {
      pendingSeek.current = target;
      return;
    }
    media.currentTime = target;
  }

  function togglePlay() {
    const media = mediaRef.current;
    if (!media || adPhaseRef.current === 'playing') return;
    // deferAds: the ad that is due starts with the reader's own play.
    if (adPhaseRef.current === 'waiting') return changeAdPhase('playing');
    if (media.paused || media.ended) void startPlayback({ mutedFallback: false });
    else media.pause();
  }

  function togglePlayFromOutside() {
    if (adPhaseRef.current === 'waiting') return changeAdPhase('playing');
    if (adPhaseRef.current === 'none') void startPlayback({ mutedFallback: false });
  }

  function setSound(next: { muted?: boolean; volume?: number }) {
    const media = mediaRef.current;
    if (!media) return;
    if (next.volume !== undefined) media.volume = Math.min(1, Math.max(0, next.volume));
    if (next.muted !== undefined) media.muted = next.muted;
    // Unmuting at zero volume would still be silent.
    if (!media.muted && media.volume === 0) media.volume = 0.5;
    setAutoMuted(false);
    playerPreferences.set({ muted: media.muted, volume: media.volume });
  }

  function toggleCaptions() {
    const next = !captions;
    setCaptions(next);
    playerPreferences.set({ captions: next });
  }

  function cycleRate() {
    const index = PLAYBACK_RATES.findIndex((value) => value === rate);
    const next = PLAYBACK_RATES[(index + 1) % PLAYBACK_RATES.length] ?? 1;
    setRate(next);
    playerPreferences.set({ rate: next });
  }

  function toggleFullscreen() {
    const container = containerRef.current;
    if (!container) return;
    if (!document.fullscreenEnabled) {
      (mediaRef.current as (HTMLVideoElement & { webkitEnterFullscreen?: () => void }) | null)?.webkitEnterFullscreen?.();
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void container.requestFullscreen().catch(() => undefined);
  }

  function wake() {
    setIdle(false);
    window.clearTimeout(idleTimer.current);
    idleTimer.current = window.setTimeout(() => setIdle(true), CONTROLS_IDLE_MS);
  }

  /** Carries out a command; false when it does not apply here (so the key keeps its usual job). */
  function run(command: PlayerCommand): boolean {
    const media = mediaRef.current;
    if (!media || kind === 'none' || adPhaseRef.current === 'playing') return false;
    switch (command.type) {
      case 'togglePlay':
        togglePlay();
        return true;
      case 'seekBy':
        seek(media.currentTime + command.seconds);
        return true;
      case 'seekToFraction':
        seek(mediaDuration() * command.fraction);
        return true;
      case 'volumeBy':
        setSound({ volume: media.volume + command.delta, muted: media.volume + command.delta <= 0 });
        return true;
      case 'toggleMute':
        setSound({ muted: !media.muted });
        return true;
      case 'toggleCaptions':
        if (!captionsAvailable) return false;
        toggleCaptions();
        return true;
      case 'toggleFullscreen':
        if (!canFullscreen) return false;
        toggleFullscreen();
        return true;
    }
  }

  function handleKeyDown(event: ReactKeyboardEvent | KeyboardEvent) {
    if (event.defaultPrevented) return;
    const command = commandForKey(event, keyTargetOf(event.target), direction);
    if (!command || !run(command)) return;
    event.preventDefault();
    wake();
  }

  useImperativeHandle(ref, () => ({
    seek,
    play: togglePlayFromOutside,
    pause: () => mediaRef.current?.pause(),
  }));

  // Volume, mute and speed live on the element; React state mirrors them for the controls.
  useEffect(() => {
    const element = mediaRef.current;
    if (!element) return;
    element.volume = preferences.volume;
    element.muted = preferences.muted;
  }, [media, preferences]);
  useEffect(() => {
    if (mediaRef.current) mediaRef.current.playbackRate = rate;
  }, [media, rate]);

  // Captions: the track stays 'hidden' (loaded, not drawn by the browser) and its active cues
  // are drawn by the player, above the controls, for video and audio alike.
  useEffect(() => {
    const element = trackRef.current;
    const track = element?.track;
    if (!element || !track) return;
    track.mode = 'hidden';
    const showCues = () => {
      const lines = Array.from(track.activeCues ?? [], (cue) =>
        typeof VTTCue !== 'undefined' && cue instanceof VTTCue ? (cue.getCueAsHTML().textContent ?? '') : '',
      );
      setCaptionText(lines.filter(Boolean).join('\n'));
    };
    const noCaptions = () => setCaptionsAvailable(false);
    track.addEventListener('cuechange', showCues);
    element.addEventListener('error', noCaptions);
    return () => {
      track.removeEventListener('cuechange', showCues);
      element.removeEventListener('error', noCaptions);
    };
  }, [media, trackSrc]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === containerRef.current && containerRef.current !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  useEffect(() => () => window.clearTimeout(idleTimer.current), []);

  // Where the reader leaves off is kept when the player goes (another article, another page).
  const rememberOnLeave = useEffectEvent((media: HTMLMediaElement) => {
    if (media.currentTime > 0 && !media.ended) savePosition(media.currentTime);
  });
  useEffect(() => {
    if (!media) return;
    const onPageHide = () => rememberOnLeave(media);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      rememberOnLeave(media);
    };
  }, [media]);

  // Lock-screen and headset controls show what is playing.
  useEffect(() => {
    if (!playing || typeof navigator === 'undefined' || !('mediaSession' in navigator) || typeof MediaMetadata === 'undefined') return;
    navigator.mediaSession.metadata = new MediaMetadata({
      title: article.title,
      artist: article.publisher.name,
      artwork: article.poster ? [{ src: new URL(article.poster, window.location.href).href }] : [],
    });
  }, [playing, article]);

  // On the article page the shortcuts also work before anything in the player has the focus,
  // except the keys that scroll a page (Space, the up and down arrows, Home, End).
  const onDocumentKeyDown = useEffectEvent((event: KeyboardEvent) => {
    const target = event.target;
    const onPage = target === document.body || (target instanceof HTMLElement && target.tagName === 'MAIN');
    if (!onPage || PAGE_SCROLL_KEYS.has(event.key)) return;
    handleKeyDown(event);
  });
  useEffect(() => {
    if (variant !== 'page') return;
    const listener = (event: KeyboardEvent) => onDocumentKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [variant]);

  const controlsHidden = kind === 'video' && playing && idle && scrubTime === null;

  /** Once per media element, when it knows its duration: the start position, and autoplay. */
  function applyMetadata() {
    const element = mediaRef.current;
    if (!element || metadataApplied.current === element) return;
    metadataApplied.current = element;
    if (Number.isFinite(element.duration) && element.duration > 0) setDuration(element.duration);
    const start = pendingSeek.current ?? initialPosition;
    pendingSeek.current = null;
    if (start > 0) element.currentTime = Math.min(start, Math.max(0, mediaDuration() - 0.5));
    // An ad that is due holds the article until it is over.
    if (autoPlay && adPhaseRef.current === 'none') void startPlayback({ mutedFallback: true });
  }
  // The first render is sliced (a transition), so the media may read its metadata before React has
  // committed the element, when its `loadedmetadata` goes unheard; this takes it up after the commit.
  const catchUpMetadata = useEffectEvent(applyMetadata);
  useEffect(() => {
    if (media && media.readyState >= HAVE_METADATA) catchUpMetadata();
  }, [media]);

  const mediaEvents = {
    onLoadedMetadata: applyMetadata,
    onDurationChange: () => {
      const value = mediaRef.current?.duration;
      if (value !== undefined && Number.isFinite(value) && value > 0) setDuration(value);
    },
    onTimeUpdate: () => {
      const seconds = mediaRef.current?.currentTime ?? 0;
      playhead.set(seconds);
      onTimeUpdate?.(seconds);
      if (Math.abs(seconds - lastSaved.current) >= SAVE_EVERY_SECONDS) savePosition(seconds);
    },
    onSeeked: () => {
      const seconds = mediaRef.current?.currentTime ?? 0;
      playhead.set(seconds);
      onTimeUpdate?.(seconds);
    },
    onPlay: () => {
      setPlaying(true);
      setEnded(false);
      wake();
    },
    onPause: () => {
      setPlaying(false);
      const media = mediaRef.current;
      if (media && !media.ended) savePosition(media.currentTime);
    },
    onEnded: () => {
      setPlaying(false);
      setEnded(true);
      playbackPositions.forget(article.id);
      onEnded?.();
    },
    onWaiting: () => setWaiting(true),
    onPlaying: () => setWaiting(false),
    onCanPlay: () => setWaiting(false),
    onVolumeChange: () => {
      const media = mediaRef.current;
      if (!media) return;
      setMuted(media.muted);
      setVolume(media.volume);
    },
    onError: () => setFailed(true),
  };

  const mediaLanguage = transcriptLanguage ?? article.language;
  const captionsTrack = <track ref={trackRef} kind="captions" src={trackSrc} srcLang={mediaLanguage} label={t('player.captions')} />;

  return (
    <div
      ref={containerRef}
      role="region"
      aria-label={t('player.label', { title: article.title })}
      tabIndex={kind === 'none' ? undefined : 0}
      data-player-variant={variant}
      data-playing={String(playing)}
      onKeyDown={kind === 'none' ? undefined : handleKeyDown}
      onPointerMove={kind === 'video' ? wake : undefined}
      className={classNames(styles.player, variant !== 'embedded' && styles.rounded, controlsHidden && styles.idle)}
    >
      {kind === 'none' && article.poster && (
        <img src={article.poster} alt="" fetchPriority={variant === 'page' ? 'high' : undefined} className={styles.cover} />
      )}

      {kind === 'none' && (
        <div className={styles.transcriptOnly}>
          <p className={styles.transcriptOnlyTitle}>
            <ArticleOutlinedIcon />
            {t('player.transcriptOnly')}
          </p>
          {showTranscriptInPlayer && transcriptCues.length > 0 ? (
            <div lang={mediaLanguage} dir="auto" className={styles.transcript} tabIndex={0}>
              {transcriptCues.map((cue) => (
                <p key={`${cue.start}-${cue.text}`}>{cue.text}</p>
              ))}
            </div>
          ) : (
            <p className={styles.transcriptOnlyHint}>{t('player.transcriptOnlyHint')}</p>
          )}
        </div>
      )}

      {kind !== 'none' && url && (
        <div
          // A click on the picture plays or pauses (after waking hidden controls); a double click
          // on video goes full screen. Keyboard users have the same in the control bar.
          onClick={() => (controlsHidden ? wake() : togglePlay())}
          onDoubleClick={canFullscreen ? toggleFullscreen : undefined}
          className={styles.fill}
        >
          {/* Audio plays through a <video> element too: browsers let a muted video start by
              itself, never a muted <audio>, and the news channel must run muted. */}
          <video
            key={attempt}
            ref={attachMedia}
            src={useHlsJs ? undefined : url}
            poster={kind === 'video' ? (article.poster ?? undefined) : undefined}
            preload="metadata"
            playsInline
            className={styles.media}
            {...mediaEvents}
          >
            {captionsAvailable && captionsTrack}
          </video>
          {kind === 'audio' && (
            <>
              {article.poster && (
                <img src={article.poster} alt="" fetchPriority={variant === 'page' ? 'high' : undefined} className={styles.cover} />
              )}
              <div className={styles.audioShade} />
              <div className={styles.audioBadge}>
                <GraphicEqRoundedIcon />
                <span>{t('player.audioReport')}</span>
              </div>
              <div className={styles.waveform}>
                <AudioWaveform seed={article.id} playhead={playhead} scrubTime={scrubTime} duration={duration} playing={playing} />
              </div>
            </>
          )}

          {!playing && !waiting && !failed && (
            <div aria-hidden className={styles.playSign}>
              {ended ? <ReplayRoundedIcon /> : <PlayArrowRoundedIcon />}
            </div>
          )}
          {waiting && playing && <Spinner label={t('player.loading')} className={styles.loading} />}
        </div>
      )}

      {captions && captionText && kind !== 'none' && (
        <div
          aria-hidden
          lang={mediaLanguage}
          dir="auto"
          className={classNames(styles.captions, kind === 'audio' ? styles.captionsAudio : controlsHidden && styles.captionsLow)}
        >
          <span className={styles.captionText}>{captionText}</span>
        </div>
      )}

      {autoMuted && muted && (
        <Button variant="contained" startIcon={<VolumeOffRoundedIcon />} onClick={() => setSound({ muted: false })} className={styles.unmute}>
          {t('player.unmute')}
        </Button>
      )}

      {adPhase === 'playing' && (
        <Suspense fallback={null}>
          <AdBreak
            article={article}
            articleNumber={articleNumber}
            onDone={(played) => {
              // The article follows an ad, an autoplaying player, or the reader's play that started it.
              const wanted = played || autoPlay || advertising.rules.deferAds;
              changeAdPhase('none');
              if (wanted) void startPlayback({ mutedFallback: true });
            }}
          />
        </Suspense>
      )}

      {failed && (
        <div role="alert" className={styles.failed}>
          <p>{t('player.playFailed')}</p>
          <Button
            variant="contained"
            onClick={() => {
              setFailed(false);
              setAttempt((value) => value + 1);
            }}
          >
            {t('common.retry')}
          </Button>
        </div>
      )}

      {kind !== 'none' && !failed && (
        <PlayerControls
          playing={playing}
          ended={ended}
          playhead={playhead}
          scrubTime={scrubTime}
          duration={duration}
          muted={muted}
          volume={volume}
          rate={rate}
          captions={captions}
          onToggleCaptions={captionsAvailable ? toggleCaptions : null}
          fullscreen={fullscreen}
          onToggleFullscreen={canFullscreen ? toggleFullscreen : null}
          hidden={controlsHidden}
          onTogglePlay={togglePlay}
          onScrub={(seconds) => {
            setScrubTime(seconds);
            wake();
          }}
          onSeek={(seconds) => {
            setScrubTime(null);
            seek(seconds);
          }}
          onToggleMute={() => setSound({ muted: !muted })}
          onVolume={(value) => setSound({ volume: value, muted: value === 0 })}
          onCycleRate={cycleRate}
        />
      )}
    </div>
  );
}
