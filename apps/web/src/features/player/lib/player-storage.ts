/**
 * What the player remembers in browser storage: where the reader stopped in each recent article,
 * and their sound, captions and speed choices. Like every browser-storage item (SPEC §3),
 * failures are silent: storage may be blocked, full or hand-edited, and playback must not care.
 */

const POSITIONS_KEY = 'newsreel.playbackPositions';
const PREFERENCES_KEY = 'newsreel.playerPreferences';

/** Positions are kept for this many articles, the most recently played ones. */
export const REMEMBERED_ARTICLES = 50;
/** Closer than this to the start or the end, there is nothing worth resuming. */
export const RESUME_MARGIN_SECONDS = 3;

function readJson(key: string): unknown {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Blocked or full: the player keeps working without memory.
  }
}

/** [articleId, seconds] pairs, oldest first. */
export type PositionEntries = [string, number][];

const isEntry = (value: unknown): value is [string, number] =>
  Array.isArray(value) &&
  value.length === 2 &&
  typeof value[0] === 'string' &&
  typeof value[1] === 'number' &&
  Number.isFinite(value[1]) &&
  value[1] >= 0;

function readEntries(): PositionEntries {
  const stored = readJson(POSITIONS_KEY);
  return Array.isArray(stored) ? stored.filter(isEntry) : [];
}

/**
 * The entries once `articleId` is at `seconds` (null forgets it): the article moves to the newest
 * end and the oldest fall off beyond `limit`.
 */
export function withPosition(entries: PositionEntries, articleId: string, seconds: number | null, limit = REMEMBERED_ARTICLES): PositionEntries {
  const others = entries.filter(([id]) => id !== articleId);
  const next: PositionEntries = seconds === null ? others : [...others, [articleId, seconds]];
  return next.slice(Math.max(0, next.length - limit));
}

/**
 * Whether `seconds` is a place to come back to: not at the very start, and not at the end of
 * a finished article (which should start again from the beginning).
 */
export function isResumable(seconds: number, durationSeconds: number | null | undefined): boolean {
  if (!Number.isFinite(seconds) || seconds < RESUME_MARGIN_SECONDS) return false;
  if (durationSeconds && Number.isFinite(durationSeconds) && durationSeconds - seconds < RESUME_MARGIN_SECONDS) return false;
  return true;
}

export const playbackPositions = {
  /** Where the reader stopped in this article, if anywhere worth resuming. */
  get(articleId: string): number | undefined {
    return readEntries().find(([id]) => id === articleId)?.[1];
  },
  /** Remembers the position, or forgets it when it is at the start or the end. */
  set(articleId: string, seconds: number, durationSeconds?: number | null): void {
    const entries = readEntries();
    const resumable = isResumable(seconds, durationSeconds);
    if (!resumable && !entries.some(([id]) => id === articleId)) return;
    writeJson(POSITIONS_KEY, withPosition(entries, articleId, resumable ? Math.floor(seconds * 10) / 10 : null));
  },
  forget(articleId: string): void {
    const entries = readEntries();
    if (entries.some(([id]) => id === articleId)) writeJson(POSITIONS_KEY, withPosition(entries, articleId, null));
  },
};

export const PLAYBACK_RATES = [1, 1.25, 1.5, 2, 0.75] as const;
export type PlaybackRate = (typeof PLAYBACK_RATES)[number];

export interface PlayerPreferences {
  /** 0 to 1. */
  volume: number;
  /** Only the reader's own choice; a muted autoplay fallback is not remembered. */
  muted: boolean;
  captions: boolean;
  rate: PlaybackRate;
}

export const defaultPlayerPreferences: PlayerPreferences = { volume: 1, muted: false, captions: false, rate: 1 };

export const playerPreferences = {
  get(): PlayerPreferences {
    const stored = readJson(PREFERENCES_KEY);
    if (typeof stored !== 'object' || stored === null) return defaultPlayerPreferences;
    const { volume, muted, captions, rate } = stored as Record<string, unknown>;
    return {
      volume: typeof volume === 'number' && volume >= 0 && volume <= 1 ? volume : defaultPlayerPreferences.volume,
      muted: typeof muted === 'boolean' ? muted : defaultPlayerPreferences.muted,
      captions: typeof captions === 'boolean' ? captions : defaultPlayerPreferences.captions,
      rate: (PLAYBACK_RATES as readonly unknown[]).includes(rate) ? (rate as PlaybackRate) : defaultPlayerPreferences.rate,
    };
  },
  set(change: Partial<PlayerPreferences>): void {
    writeJson(PREFERENCES_KEY, { ...playerPreferences.get(), ...change });
  },
};
