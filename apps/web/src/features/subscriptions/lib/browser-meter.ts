import { openMeteredArticle, type meterWindowOf, type MeterOpenResult, type MeterRead, type MeterSettings } from '@newsreel/contracts';
import { browserStorage } from '../../../lib/storage';

/** The reads kept in browser storage; missing, unreadable or hand-edited storage reads as none. */
function storedReads(): MeterRead[] {
  const reads = browserStorage.usageMeter.get()?.reads ?? [];
  return reads.flatMap((read) => {
    const readAt = Date.parse(read.readAt);
    return Number.isNaN(readAt) ? [] : [{ articleId: read.articleId.toLowerCase(), readAt }];
  });
}

function answerOf(articleId: string, settings: MeterSettings, window: ReturnType<typeof meterWindowOf>, allowed: boolean, counted: boolean): MeterOpenResult {
  return {
    metered: true,
    reason: 'metered',
    freeArticles: settings.freeArticles,
    periodDays: settings.periodDays,
    used: window.used,
    remaining: window.remaining,
    nextFreeAt: window.nextFreeAt === null ? null : new Date(window.nextFreeAt).toISOString(),
    articleId: articleId.toLowerCase(),
    allowed,
    counted,
  };
}

/**
 * The usage meter of a reader who is not signed in (issue 17 item 3; SPEC §3 browser storage,
 * usage meter): the same rolling window as the server's (contracts' openMeteredArticle), counted
 * in this browser. Opening an article counts it when one is left and keeps only the window's
 * reads; a storage failure is silent (the reader then reads as if nothing had been counted).
 * Answers as POST /v1/subscriptions/meter does.
 */
export function openInBrowserMeter(articleId: string, settings: MeterSettings, now = Date.now()): MeterOpenResult {
  const opened = openMeteredArticle(storedReads(), articleId, settings, now);
  if (opened.counted) {
    browserStorage.usageMeter.set({ reads: opened.window.reads.map((read) => ({ articleId: read.articleId, readAt: new Date(read.readAt).toISOString() })) });
  }
  return answerOf(articleId, settings, opened.window, opened.allowed, opened.counted);
}
