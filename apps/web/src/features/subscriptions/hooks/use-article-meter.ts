import { meterSettingsOf, type MeterOpenResult } from '@newsreel/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApi, useAppSelector } from '../../../app/state';
import { meterOpenQueryOptions } from '../api/meter';
import { openInBrowserMeter } from '../lib/browser-meter';

/**
 * What the usage meter says about the article on the page: read it (`meter` null when no meter
 * applies: subscriptions off, or the server could not answer), wait (`deciding`: the session is
 * being restored, or the server has not answered), or the paywall.
 */
export type ArticleMeter = { kind: 'open'; meter: MeterOpenResult | null } | { kind: 'deciding' } | { kind: 'paywall'; meter: MeterOpenResult };

const OPEN: ArticleMeter = { kind: 'open', meter: null };
const DECIDING: ArticleMeter = { kind: 'deciding' };
const decisionOf = (meter: MeterOpenResult): ArticleMeter => (meter.allowed ? { kind: 'open', meter } : { kind: 'paywall', meter });

/**
 * The usage meter for the article page /v/{id} (issue 17 item 3; docs/architecture.md, "Usage
 * meter"), used nowhere else: opening an article's page is what counts (the home page's preview
 * never does). Signed in, the server counts and decides (asked as the article loads); signed out,
 * this browser's meter does, once the article has loaded (`loaded`), so an id that is no article
 * is never counted. The meter is soft: when the server cannot answer, the article is shown.
 */
export function useArticleMeter(articleId: string, loaded: boolean): ArticleMeter {
  const api = useApi();
  const enabled = useAppSelector((state) => state.config.subscription.enabled) && articleId !== '';
  const { freeArticles, periodDays } = meterSettingsOf(useAppSelector((state) => state.config));
  const authStatus = useAppSelector((state) => state.authStatus);
  const userId = useAppSelector((state) => state.user?.id ?? null);
  const server = useQuery(meterOpenQueryOptions(api, userId, articleId, enabled && authStatus === 'signedIn'));
  // Counting again for the same article is free, so a render that runs twice counts it once.
  const browser = useMemo(
    () => (enabled && loaded && authStatus === 'signedOut' ? openInBrowserMeter(articleId, { freeArticles, periodDays }) : null),
    [enabled, loaded, authStatus, articleId, freeArticles, periodDays],
  );

  if (!enabled) return OPEN;
  if (authStatus === 'restoring') return DECIDING;
  if (authStatus === 'signedOut') return browser ? decisionOf(browser) : DECIDING;
  if (server.isPending) return DECIDING;
  return server.data ? decisionOf(server.data) : OPEN;
}

/** How many free articles left bring the note up: the best metered sites warn near the end, not on every page. */
export const NOTE_WHEN_LEFT = 2;

/** Whether the article page shows the small "n free articles left" note (1 or 2 left). */
export function showsMeterNote(meter: MeterOpenResult | null): meter is MeterOpenResult {
  return meter !== null && meter.metered && meter.allowed && meter.remaining >= 1 && meter.remaining <= NOTE_WHEN_LEFT;
}

/** The paywall and the note: their code and strings load only for a page that shows one. */
export const loadMeterPanels = () =>
  Promise.all([import('../components/meter-panels'), import('../../../lib/lazy-strings').then(({ loadEnglishSection }) => loadEnglishSection('meter'))]).then(([module]) => module);
