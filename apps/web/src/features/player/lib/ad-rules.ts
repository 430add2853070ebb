import type { AdRules, AppConfig } from '@newsreel/contracts';

/** What the rules look back on: the last ad (from browser storage) and this visit's articles. */
export interface AdHistory {
  /** When the last ad played (ms since the epoch), in this visit or an earlier one; null: never. */
  lastAdAt: number | null;
  /** The article (1-based, this visit) the last ad of this visit played before; null: none yet. */
  lastAdArticle: number | null;
}

/**
 * Whether an ad plays before the visit's `article`-th article (SPEC §3, §9; issue 17): from
 * startOn on, the first of the visit, then one every `frequency` articles (0: only the first), and
 * never within timeBetweenAds seconds of the last one, whichever visit it played in.
 */
export function isAdDue(rules: AdRules, article: number, history: AdHistory, now: number): boolean {
  if (article < Math.max(1, rules.startOn)) return false;
  if (history.lastAdAt !== null && now - history.lastAdAt < rules.timeBetweenAds * 1000) return false;
  if (history.lastAdArticle === null) return true;
  return rules.frequency > 0 && article - history.lastAdArticle >= rules.frequency;
}

/**
 * How the player starts the visit's `article`-th article: 'none' (no ad), 'playing' (an ad first)
 * or 'waiting' (deferAds: an ad at the reader's own play). `lastAdPlayedAt` is browser storage's.
 */
export function adPhaseOf(advertising: AppConfig['advertising'], article: number, lastAdPlayedAt: string | undefined, now: number): 'none' | 'waiting' | 'playing' {
  const lastAdAt = Date.parse(lastAdPlayedAt ?? '');
  if (!advertising.enabled || !isAdDue(advertising.rules, article, { lastAdAt: Number.isNaN(lastAdAt) ? null : lastAdAt, lastAdArticle: visit.lastAdArticle }, now)) return 'none';
  return advertising.rules.deferAds ? 'waiting' : 'playing';
}

/** This visit (a page load) so far: the articles the player has shown, and the last one with an ad. */
const visit = { articles: 0, articleId: '', lastAdArticle: null as number | null };

/** Counts the article the player shows (once, however often its player renders); answers its number. */
export function countArticle(articleId: string): number {
  if (visit.articleId !== articleId) {
    visit.articleId = articleId;
    visit.articles += 1;
  }
  return visit.articles;
}

export const visitAds = {
  get lastAdArticle() {
    return visit.lastAdArticle;
  },
  played(article: number) {
    visit.lastAdArticle = article;
  },
  /** Tests start a new visit. */
  reset() {
    Object.assign(visit, { articles: 0, articleId: '', lastAdArticle: null });
  },
};
