/**
 * Whether the reader closed the "Get the Newsreel app" banner. contracts' STORAGE_KEYS has no
 * item for it yet, so it lives under its own key here. Like every storage item, failures are
 * silent: blocked storage just means the banner may show again on the next visit.
 */
export const APP_BANNER_DISMISSED_KEY = 'newsreel.appBannerDismissedAt';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

export function isAppBannerDismissed(): boolean {
  try {
    const stored = storage()?.getItem(APP_BANNER_DISMISSED_KEY);
    return typeof stored === 'string' && !Number.isNaN(Date.parse(stored));
  } catch {
    return false;
  }
}

export function rememberAppBannerDismissed(now: Date = new Date()): void {
  try {
    storage()?.setItem(APP_BANNER_DISMISSED_KEY, now.toISOString());
  } catch {
    // Storage full or blocked: the banner stays closed for this visit only.
  }
}
