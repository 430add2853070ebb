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

export interface AppConfig {
  type: AppConfigType;
  advertising: { enabled: boolean; provider: string; rules: AdRules };
  video: { enabled: boolean; provider: string };
  subscription: { enabled: boolean };
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
    subscription: { enabled: false },
    features: [
      { name: 'articlePoints', enabled: true },
      { name: 'aiSearch', enabled: true },
    ],
  };
}

export function isFeatureEnabled(config: AppConfig, name: string): boolean {
  return config.features.some((feature) => feature.name === name && feature.enabled);
}
