import { env } from '../../lib/env';

export type MobilePlatform = 'ios' | 'android';

export interface AppStoreListing {
  platform: MobilePlatform;
  /** The store's own name: a brand, written the same in every language. */
  storeName: string;
  /** The phones it serves, for the platform chooser: also a brand name. */
  deviceName: string;
  url: string;
}

/** Where each phone gets the Newsreel app (VITE_APP_STORE_URL, VITE_PLAY_STORE_URL). */
export const APP_STORES: Record<MobilePlatform, AppStoreListing> = {
  ios: { platform: 'ios', storeName: 'App Store', deviceName: 'iPhone', url: env.appStoreUrl },
  android: { platform: 'android', storeName: 'Google Play', deviceName: 'Android', url: env.playStoreUrl },
};

export const MOBILE_PLATFORMS: readonly MobilePlatform[] = ['ios', 'android'];

/**
 * The phone platform a browser runs on, from its user agent; null on anything else. iPads since
 * iPadOS 13 present themselves as a Mac, and only their touch screen gives them away.
 */
export function detectMobilePlatform(userAgent: string, maxTouchPoints = 0): MobilePlatform | null {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  if (/macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return null;
}

/** The platform of the browser this page runs in. */
export function currentMobilePlatform(): MobilePlatform | null {
  if (typeof navigator === 'undefined') return null;
  return detectMobilePlatform(navigator.userAgent, navigator.maxTouchPoints);
}
