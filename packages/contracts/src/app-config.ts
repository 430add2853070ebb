/** The app config of SPEC §3 and its default of SPEC §9. */
export const APP_CONFIG_TYPES = ['web', 'ios', 'android', 'tv'] as const;
export type AppConfigType = (typeof APP_CONFIG_TYPES)[number];

export interface AdRules {
  /** The article of a visit (1-based, counted as the player shows them) that gets the first ad. */
  startOn: number;
  /** After the first, an ad every n articles; 0: only the first ad of a visit. */
  frequency: number;
  /** At least this many seconds between two ads, across reloads too (the last ad is kept in browser storage). */
  timeBetweenAds: number;
  /**
   * true: an ad that is due waits until the reader presses play, so an article that starts by
   * itself plays without one and the ad comes with the reader's own play; false: the ad plays as
   * soon as the article would.
   */
  deferAds: boolean;
}

/**
 * The usage meter (issue 17 item 3; docs/architecture.md, "Usage meter"): while subscriptions are
 * on, a reader without one opens `freeArticles` different articles in any `periodDays` days (a
 * rolling window), then meets the paywall; an article already counted in the window is free to
 * reopen. Subscribers and accounts exempted by an admin (subscriptionExempt) are never metered.
 */
export interface MeterSettings {
  /** Different articles a reader may open in the window; 0: every article needs a subscription. */
  freeArticles: number;
  /** The window's length in days. */
  periodDays: number;
}

export const DEFAULT_METER_SETTINGS: MeterSettings = { freeArticles: 5, periodDays: 30 };
export const METER_FREE_ARTICLES_MAX = 100;
export const METER_PERIOD_DAYS_MAX = 365;

export interface AppConfig {
  type: AppConfigType;
  advertising: { enabled: boolean; provider: string; rules: AdRules };
  video: { enabled: boolean; provider: string };
  /** `meter`: missing in configs stored before it existed; they read as DEFAULT_METER_SETTINGS (meterSettingsOf). */
  subscription: { enabled: boolean; meter?: MeterSettings };
  features: { name: string; enabled: boolean }[];
}

export const DEFAULT_AD_RULES: AdRules = {
  startOn: 1,
  frequency: 0,
  timeBetweenAds: 600,
  deferAds: false,
};

/**
 * Newsreel's own ad server and player are the named providers of the default. An advertising
 * provider that is an http(s) address is a VAST tag URL instead: GET /v1/ads/next reads that VAST
 * document and answers its linear creative's media file.
 */
export const DEFAULT_AD_PROVIDER = 'newsreel-ads';
export const DEFAULT_VIDEO_PROVIDER = 'newsreel-player';

export function defaultAppConfig(type: AppConfigType = 'web'): AppConfig {
  return {
    type,
    advertising: { enabled: true, provider: DEFAULT_AD_PROVIDER, rules: { ...DEFAULT_AD_RULES } },
    video: { enabled: true, provider: DEFAULT_VIDEO_PROVIDER },
    subscription: { enabled: false, meter: { ...DEFAULT_METER_SETTINGS } },
    features: [
      { name: 'articlePoints', enabled: true },
      { name: 'aiSearch', enabled: true },
    ],
  };
}

export function isFeatureEnabled(config: AppConfig, name: string): boolean {
  return config.features.some((feature) => feature.name === name && feature.enabled);
}

const isWholeIn = (value: unknown, min: number, max: number): value is number => Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

/** The config's meter settings; a config without them (stored before they existed), or with bad ones, has the default. */
export function meterSettingsOf(config: Pick<AppConfig, 'subscription'>): MeterSettings {
  const meter = config.subscription.meter;
  return meter && isWholeIn(meter.freeArticles, 0, METER_FREE_ARTICLES_MAX) && isWholeIn(meter.periodDays, 1, METER_PERIOD_DAYS_MAX)
    ? { freeArticles: meter.freeArticles, periodDays: meter.periodDays }
    : { ...DEFAULT_METER_SETTINGS };
}

/** A stored config with what it may lack filled in from the default (the meter settings). */
export function withConfigDefaults(config: AppConfig): AppConfig & { subscription: { meter: MeterSettings } } {
  return { ...config, subscription: { ...config.subscription, meter: meterSettingsOf(config) } };
}

// ── The usage meter's rule (issue 17 item 3), here with no schema: the article page's first screen runs it ──

/** One counted article: its id and when it was opened (ms since the epoch). */
export interface MeterRead {
  articleId: string;
  readAt: number;
}

const DAY_MS = 86_400_000;

/**
 * The metered reader's window at `now`: the reads in the last periodDays days (oldest first), how
 * many are left, and when the next one frees up. One rule for the browser's meter (anonymous
 * readers) and the server's (signed-in readers).
 */
export function meterWindowOf(reads: readonly MeterRead[], settings: MeterSettings, now: number) {
  const period = settings.periodDays * DAY_MS;
  const inWindow = reads.filter((read) => read.readAt > now - period && read.readAt <= now).sort((a, b) => a.readAt - b.readAt);
  const used = inWindow.length;
  const remaining = Math.max(0, settings.freeArticles - used);
  // Below the limit again once all but freeArticles - 1 of them have left: the (used - freeArticles)-th oldest.
  const freeing = remaining === 0 && settings.freeArticles > 0 ? inWindow[used - settings.freeArticles] : undefined;
  return { reads: inWindow, used, remaining, nextFreeAt: freeing ? freeing.readAt + period : null };
}

/**
 * Opening `articleId` at `now` against the meter: free when it is already counted in the window,
 * counted when one is left, refused otherwise. Answers the reads to keep (the window's, with the
 * new one) and the window after it.
 */
export function openMeteredArticle(reads: readonly MeterRead[], articleId: string, settings: MeterSettings, now: number) {
  const id = articleId.toLowerCase();
  const before = meterWindowOf(reads, settings, now);
  if (before.reads.some((read) => read.articleId.toLowerCase() === id)) return { allowed: true, counted: false, window: before };
  if (before.remaining === 0) return { allowed: false, counted: false, window: before };
  return { allowed: true, counted: true, window: meterWindowOf([...before.reads, { articleId: id, readAt: now }], settings, now) };
}
