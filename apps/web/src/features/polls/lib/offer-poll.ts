import type { Poll } from '@newsreel/contracts';
import { appActions, type AppStore } from '../../../app/state';
import { createApiClient } from '../../../lib/api-client';
import { reportError } from '../../../lib/error-reporting';
import { knownVisitorMetaFields } from '../../visitors/visitor-meta';
import { findPolls } from '../api/find-polls';
import { choosePoll } from './choose-poll';
import { isCoolingDown, readPollHistory } from './poll-history';
import { pollRequestOf, readerPlaceOf } from './reader-place';

export interface PollOffer {
  store: AppStore;
  /** The article open when the offer was planned; nothing is offered once another is. */
  articleId: string;
  /** Offers a poll even within POLL_COOLDOWN_MS of the last answer (SPEC §4: the caller may opt out of the check). */
  ignoreCooldown?: boolean;
  signal?: AbortSignal;
  now?: Date;
}

// A poll the reader closed unanswered is not offered again on the next article of this visit.
const offeredThisVisit = new Set<string>();

/**
 * Offers the reader a poll beside the open article (SPEC §4 Poll offering): none within the
 * cooldown of the last answer, else the first by priority not answered yet, asked for with the
 * article, the reader's regions and position, and their visitor id. Failures are reported, not
 * shown: a poll is not what the reader came for. Resolves to the poll offered, or null.
 */
export async function offerPoll({ store, articleId, ignoreCooldown = false, signal, now = new Date() }: PollOffer): Promise<Poll | null> {
  const isStillOpen = () => {
    const state = store.getState();
    return !signal?.aborted && state.currentArticle?.id === articleId && state.poll === null;
  };
  if (!isStillOpen()) return null;
  const history = readPollHistory();
  if (!ignoreCooldown && isCoolingDown(history, now)) return null;
  const state = store.getState();
  const article = state.currentArticle;
  if (!article) return null;
  try {
    const request = pollRequestOf(article, readerPlaceOf(state), state.visitor?.id);
    const { items } = await findPolls(createApiClient(state.api), request, signal);
    const fresh = items.filter((poll) => !offeredThisVisit.has(poll.id));
    const poll = choosePoll(fresh, readPollHistory(), knownVisitorMetaFields(store.getState().visitor));
    if (!poll || !isStillOpen()) return null;
    offeredThisVisit.add(poll.id);
    store.dispatch(appActions.setPoll(poll));
    return poll;
  } catch (error) {
    if (!signal?.aborted) reportError(error, { call: 'POST /v1/polls/find' });
    return null;
  }
}

/** Forgets which polls this visit has offered (tests start each from a fresh visit). */
export function forgetOfferedPolls(): void {
  offeredThisVisit.clear();
}
