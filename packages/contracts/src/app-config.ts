/** The app config of SPEC §3 and its default of SPEC §9. */
export const APP_CONFIG_TYPES = ['web', 'ios', 'android', 'tv'] as const;
export type AppConfigType = (typeof APP_CONFIG_TYPES)[number];

export interface AdRules {
  /** The article (1-based) before which the first ad plays. */
  startOn: number;
  /** Articles between ads; 0 means ads are spaced by time alone. */
  frequency: number;
  /** Seconds that must pass between two ads. */
  timeBetweenAds: number;
  /** Wait until the reader has started watching before the first ad. */
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

/** Newsreel's own ad server and player are the named providers of the default. */
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
