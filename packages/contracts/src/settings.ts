/** Keys of the per-user settings of SPEC §3. */
export const SETTINGS_KEYS = [
  'bulletin',
  'blockedPublishers',
  'autoScoreAdjust',
  'localRadius',
  'blockedCategories',
  'subscriptionExempt',
] as const;
export type SettingsKey = (typeof SETTINGS_KEYS)[number];

/** Items the web app keeps in browser storage (SPEC §3); the key names are Newsreel's own. */
export const STORAGE_KEYS = {
  appConfig: 'newsreel.appConfig',
  viewType: 'newsreel.viewType',
  regions: 'newsreel.regions',
  categories: 'newsreel.categories',
  location: 'newsreel.location',
  visitor: 'newsreel.visitor',
  pollHistory: 'newsreel.pollHistory',
  lastAd: 'newsreel.lastAd',
  usageMeter: 'newsreel.usageMeter',
  aiSearchHistory: 'newsreel.aiSearchHistory',
} as const;
export type StorageItem = keyof typeof STORAGE_KEYS;
