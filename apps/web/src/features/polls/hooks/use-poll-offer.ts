import { useEffect } from 'react';
import { useAppStore } from '../../../app/state';
import { reportError } from '../../../lib/error-reporting';

/**
 * How long an article is open before a poll is offered beside it: the reader first watches or
 * reads what they opened (a dialog over a video's first seconds interrupts it), and the poll's
 * code, its request and the dialog's first render come well after the page has become usable,
 * never among the work of its load.
 */
export const POLL_OFFER_DELAY_MS = 10_000;

export interface PollOfferOptions {
  /** Offer a poll even within the cooldown after the last answer (SPEC §4). */
  ignoreCooldown?: boolean;
  delayMs?: number;
}

/**
 * Plans a poll offer for the open article (state.currentArticle): after `delayMs`, when the
 * browser is idle, the offering code is loaded (it is not part of the page) and asks for a poll.
 * Leaving the article calls it off.
 */
export function usePollOffer(articleId: string | undefined, { ignoreCooldown = false, delayMs = POLL_OFFER_DELAY_MS }: PollOfferOptions = {}): void {
  const store = useAppStore();
  useEffect(() => {
    if (!articleId) return;
    // Leaving the article aborts the offer wherever it is: waiting, loading or asking.
    const controller = new AbortController();
    const offer = () =>
      void import('../lib/offer-poll')
        .then(({ offerPoll }) => offerPoll({ store, articleId, ignoreCooldown, signal: controller.signal }))
        .catch((error: unknown) => reportError(error, { loading: 'poll offer' }));
    const timer = setTimeout(() => (typeof requestIdleCallback === 'function' ? requestIdleCallback(offer, { timeout: 2000 }) : offer()), delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [articleId, store, ignoreCooldown, delayMs]);
}
