/**
 * The player's analytics events (SPEC §3): Play, Pause, Seek, Quartile (25, 50, 75, once each per
 * play-through), Complete and Watch Time. Loaded with the first play (hooks/use-media-analytics.ts),
 * so the first screen does not carry it.
 */
import type { ArticleSummary } from '@newsreel/contracts';
import { trackArticleEvent, type ArticleAction } from '../../../lib/analytics-events';

/** While playing, watch time is reported at most this often. */
export const WATCH_TIME_EVERY_MS = 10_000;
const QUARTILES = [25, 50, 75] as const;
/**
 * A step of the position between two time updates longer than this is not watching (the media
 * jumped); browsers send time updates every 250 ms or so, and far less often in a hidden tab.
 */
const MAX_WATCHED_STEP_SECONDS = 30;

/**
 * Seconds watched: the media's position moving forward while it plays, leaving out jumps (seeks),
 * counted until they are taken for a Watch Time event. Whole seconds are reported, and the rest of
 * a second is carried into the next report, so the reports add up to what was watched.
 */
export class WatchTimeAccount {
  private position: number;
  private seconds = 0;

  constructor(position: number) {
    this.position = position;
  }

  /** The media is at `position` after playing since the last call. */
  playedTo(position: number, playbackRate = 1): void {
    const step = position - this.position;
    if (step > 0 && step <= MAX_WATCHED_STEP_SECONDS * Math.max(1, playbackRate)) this.seconds += step;
    this.position = position;
  }

  /** The media jumped to `position` (a seek, a restart): nothing between was watched. */
  jumpedTo(position: number): void {
    this.position = position;
  }

  /** Whole seconds watched since the last take, or with `final` the rest rounded. */
  take(final = false): number {
    const whole = final ? Math.round(this.seconds) : Math.floor(this.seconds);
    this.seconds = final ? 0 : this.seconds - whole;
    return whole;
  }
}

export interface MediaTrackingOptions {
  /** Set when the article plays as part of a playlist. */
  playlistId?: string;
  /** When and where it started playing, if that was before this module loaded; now by default. */
  startedAt?: Date;
  startPosition?: number;
  now?: () => number;
}

const tenths = (seconds: number) => Math.round(seconds * 10) / 10;

/**
 * Follows `media`, which started playing `article` at `startedAt` (the Play is sent here), until
 * the returned function is called (another article, the player gone): that sends the watch time
 * not yet reported.
 */
export function trackMedia(media: HTMLMediaElement, article: ArticleSummary, options: MediaTrackingOptions = {}): () => void {
  const { playlistId, now = Date.now, startedAt = new Date(now()), startPosition = media.currentTime } = options;
  const account = new WatchTimeAccount(startPosition);
  const reached = new Set<number>();
  let lastReportAt = startedAt.getTime();
  let playing = false;
  /** Where the media was before a seek began; the browser's own seek to the start on a replay is not the reader's. */
  let seekFrom = startPosition;
  let completed = false;

  const send = (action: ArticleAction, fields: Record<string, unknown> = {}, at?: Date) =>
    trackArticleEvent(action, article, { position: tenths(media.currentTime), ...fields, ...(playlistId && { playlistId }) }, at);

  function reportWatchTime(final = false): void {
    lastReportAt = now();
    const watchSeconds = account.take(final);
    if (watchSeconds > 0) send('Watch Time', { watchSeconds });
  }

  function countPlayed(): void {
    if (playing) account.playedTo(media.currentTime, media.playbackRate);
    seekFrom = media.currentTime;
  }

  function onPlay(): void {
    if (playing) return;
    playing = true;
    account.jumpedTo(media.currentTime);
    send('Play');
  }

  function onPause(): void {
    // The end of the media pauses it too; that is a Complete, not a Pause.
    if (!playing || media.ended) return;
    countPlayed();
    playing = false;
    send('Pause');
    reportWatchTime();
  }

  function onTimeUpdate(): void {
    if (!playing) return;
    countPlayed();
    const duration = media.duration;
    if (Number.isFinite(duration) && duration > 0) {
      const percent = (media.currentTime / duration) * 100;
      for (const quartile of QUARTILES) {
        if (percent < quartile || reached.has(quartile)) continue;
        reached.add(quartile);
        send('Quartile', { quartile });
      }
    }
    if (now() - lastReportAt >= WATCH_TIME_EVERY_MS) reportWatchTime();
  }

  function onSeeking(): void {
    // Watched up to the jump (at most a time update's worth is lost), then counted from where it lands.
    account.jumpedTo(media.currentTime);
  }

  /** A seek the reader made (the seek bar, the keys, a transcript line). */
  function onSeeked(): void {
    if (completed) completed = false;
    else send('Seek', { seekFrom: tenths(seekFrom) });
    seekFrom = media.currentTime;
  }

  function onEnded(): void {
    if (playing) account.playedTo(Number.isFinite(media.duration) ? media.duration : media.currentTime, media.playbackRate);
    playing = false;
    completed = true;
    send('Complete');
    reportWatchTime(true);
    // Playing it again is a new play-through, with its own quartiles.
    reached.clear();
  }

  function onPageHide(): void {
    if (document.visibilityState !== 'hidden') return;
    countPlayed();
    reportWatchTime();
  }

  const mediaListeners = { play: onPlay, pause: onPause, timeupdate: onTimeUpdate, seeking: onSeeking, seeked: onSeeked, ended: onEnded };
  for (const [type, listener] of Object.entries(mediaListeners)) media.addEventListener(type, listener);
  document.addEventListener('visibilitychange', onPageHide);

  // The play that started it, when it happened; then whatever it did while this module loaded.
  playing = true;
  send('Play', { position: Math.round(startPosition * 10) / 10 }, startedAt);
  if (media.ended) onEnded();
  else if (media.paused) onPause();

  return () => {
    for (const [type, listener] of Object.entries(mediaListeners)) media.removeEventListener(type, listener);
    document.removeEventListener('visibilitychange', onPageHide);
    countPlayed();
    reportWatchTime(true);
  };
}
