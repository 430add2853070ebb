/**
 * The article a reader left through the paywall's "Subscribe", so the subscription page can lead
 * back to it after the checkout. Kept in this tab's sessionStorage (the checkout comes back in the
 * same tab); like every storage use, failures are silent.
 */
const KEY = 'newsreel.subscribeReturnTo';
const ARTICLE_PATH = /^\/v\/[A-Za-z0-9-]+$/;

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return globalThis.sessionStorage ?? undefined;
  } catch {
    return undefined;
  }
}

export const subscribeReturnTo = {
  set(path: string): void {
    try {
      sessionStorageOrUndefined()?.setItem(KEY, path);
    } catch {
      // Storage blocked or full: the reader finds the article again by themselves.
    }
  },
  /** The article's path, only ever an article page of this site. */
  get(): string | null {
    try {
      const path = sessionStorageOrUndefined()?.getItem(KEY) ?? null;
      return path !== null && ARTICLE_PATH.test(path) ? path : null;
    } catch {
      return null;
    }
  },
  clear(): void {
    try {
      sessionStorageOrUndefined()?.removeItem(KEY);
    } catch {
      // Nothing was kept.
    }
  },
};
