// @vitest-environment jsdom

import { STORAGE_KEYS } from '@newsreel/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AI_HISTORY_LIMIT, aiHistory } from './ai-history';

const at = (minute: number) => new Date(Date.UTC(2026, 1, 10, 7, minute)).toISOString();

beforeEach(() => {
  localStorage.clear();
  aiHistory.reload();
});
afterEach(() => vi.restoreAllMocks());

describe('the AI search history', () => {
  it('keeps the newest first in browser storage, once per question, and clears', () => {
    aiHistory.add({ query: 'Floods?', askedAt: at(1), resultId: 'a', type: 'ask' });
    aiHistory.add({ query: 'trains', askedAt: at(2), resultId: 'b', type: 'playlist' });
    aiHistory.add({ query: 'floods?', askedAt: at(3), resultId: 'c', type: 'ask' });
    expect(aiHistory.list().map((entry) => entry.resultId)).toEqual(['c', 'b']);
    aiHistory.reload();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.aiSearchHistory) ?? '')).toHaveLength(2);
    expect(aiHistory.list().map((entry) => entry.resultId)).toEqual(['c', 'b']);
    aiHistory.clear();
    expect(aiHistory.list()).toEqual([]);
    expect(localStorage.getItem(STORAGE_KEYS.aiSearchHistory)).toBeNull();
  });

  it(`keeps at most ${AI_HISTORY_LIMIT}`, () => {
    for (let index = 0; index < AI_HISTORY_LIMIT + 5; index += 1) aiHistory.add({ query: `q${index}`, askedAt: at(index % 60), resultId: `r${index}` });
    expect(aiHistory.list()).toHaveLength(AI_HISTORY_LIMIT);
    expect(aiHistory.list()[0]?.query).toBe(`q${AI_HISTORY_LIMIT + 4}`);
  });

  it('fails silently when storage does: the list still holds this visit’s searches', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => aiHistory.add({ query: 'floods', askedAt: at(1), resultId: 'a' })).not.toThrow();
    expect(aiHistory.list()).toHaveLength(1);
  });

  it('ignores a damaged stored list', () => {
    localStorage.setItem(STORAGE_KEYS.aiSearchHistory, '{"not":"a list"');
    aiHistory.reload();
    expect(aiHistory.list()).toEqual([]);
  });
});
