import { POLL_COOLDOWN_MS, type VisitorMetaField } from '@newsreel/contracts';
import { browserStorage, type PollHistory } from '../../../lib/storage';

/**
 * The reader's poll history (SPEC §3 Poll history), read and written only here. Storage that
 * is missing or refuses a write is silent (lib/storage.ts): the reader may then be asked again.
 */
export function readPollHistory(): PollHistory | undefined {
  return browserStorage.pollHistory.get();
}

/** True while the last answer is less than POLL_COOLDOWN_MS old (SPEC §4, §9): no poll is offered. */
export function isCoolingDown(history: PollHistory | undefined, now: Date = new Date()): boolean {
  if (!history) return false;
  const answeredAt = Date.parse(history.lastAnsweredAt);
  return now.getTime() - answeredAt < POLL_COOLDOWN_MS;
}

export interface PollAnswerRecord {
  pollId: string;
  pollQuestionId: string;
  /** The visitor field a visitor-meta question filled; it is never asked again. */
  field?: VisitorMetaField | null;
  /** True when this answer was the poll's last question: the poll is then not offered again. */
  completesPoll?: boolean;
}

const withItem = <T>(list: readonly T[] | undefined, item: T): T[] => (list?.includes(item) ? [...list] : [...(list ?? []), item]);

/** Records one answered question (and the poll, once its last question is answered) at `now`. */
export function recordPollAnswer({ pollId, pollQuestionId, field, completesPoll = false }: PollAnswerRecord, now: Date = new Date()): PollHistory {
  const previous = readPollHistory();
  const history: PollHistory = {
    lastAnsweredAt: now.toISOString(),
    pollIds: completesPoll ? withItem(previous?.pollIds, pollId) : [...(previous?.pollIds ?? [])],
    pollQuestionIds: withItem(previous?.pollQuestionIds, pollQuestionId),
    ...(field || previous?.visitorMeta ? { visitorMeta: field ? withItem(previous?.visitorMeta, field) : [...(previous?.visitorMeta ?? [])] } : {}),
  };
  browserStorage.pollHistory.set(history);
  return history;
}
