// @vitest-environment jsdom

import { STORAGE_KEYS } from '@newsreel/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isCoolingDown, readPollHistory, recordPollAnswer } from './poll-history';

const now = new Date('2026-11-26T10:00:00.000Z');
const hoursAfter = (hours: number) => new Date(now.getTime() + hours * 3_600_000);

describe('the poll history', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('is empty at first, and not cooling down', () => {
    expect(readPollHistory()).toBeUndefined();
    expect(isCoolingDown(undefined, now)).toBe(false);
  });

  it('records each answered question and the poll once its last question is answered', () => {
    recordPollAnswer({ pollId: 'poll-1', pollQuestionId: 'q-1' }, now);
    expect(readPollHistory()).toEqual({ lastAnsweredAt: now.toISOString(), pollIds: [], pollQuestionIds: ['q-1'] });

    recordPollAnswer({ pollId: 'poll-1', pollQuestionId: 'q-2', completesPoll: true }, hoursAfter(1));
    recordPollAnswer({ pollId: 'poll-1', pollQuestionId: 'q-2', completesPoll: true }, hoursAfter(2));
    expect(readPollHistory()).toEqual({ lastAnsweredAt: hoursAfter(2).toISOString(), pollIds: ['poll-1'], pollQuestionIds: ['q-1', 'q-2'] });
    // Kept where the rest of the app's browser storage is (SPEC §3 Poll history).
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.pollHistory) ?? 'null')).toMatchObject({ pollIds: ['poll-1'] });
  });

  it('records the visitor-meta fields answered, and only those', () => {
    recordPollAnswer({ pollId: 'poll-2', pollQuestionId: 'q-3', field: 'ageBracket', completesPoll: true }, now);
    recordPollAnswer({ pollId: 'poll-3', pollQuestionId: 'q-4', field: null }, now);
    recordPollAnswer({ pollId: 'poll-4', pollQuestionId: 'q-5', field: 'ageBracket' }, now);
    expect(readPollHistory()?.visitorMeta).toEqual(['ageBracket']);
  });

  it('cools down for 24 hours after the last answer', () => {
    const history = recordPollAnswer({ pollId: 'poll-1', pollQuestionId: 'q-1' }, now);
    expect(isCoolingDown(history, hoursAfter(23.9))).toBe(true);
    expect(isCoolingDown(history, hoursAfter(24))).toBe(false);
    expect(isCoolingDown(history, hoursAfter(25))).toBe(false);
  });

  it('ignores a history that is not of its shape, and fails silently when storage does', () => {
    localStorage.setItem(STORAGE_KEYS.pollHistory, '{"lastAnsweredAt":"yesterday","pollIds":"p"}');
    expect(readPollHistory()).toBeUndefined();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(() => recordPollAnswer({ pollId: 'poll-1', pollQuestionId: 'q-1' }, now)).not.toThrow();
    expect(readPollHistory()).toBeUndefined();
  });
});
