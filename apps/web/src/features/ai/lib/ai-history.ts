import { useSyncExternalStore } from 'react';
import { browserStorage, type AiSearchHistoryEntry } from '../../../lib/storage';

/** The reader's AI searches kept at most (the newest first). */
export const AI_HISTORY_LIMIT = 30;

const EMPTY: readonly AiSearchHistoryEntry[] = [];
let cached: { raw: readonly AiSearchHistoryEntry[] } | undefined;
const listeners = new Set<() => void>();

function read(): readonly AiSearchHistoryEntry[] {
  cached ??= { raw: browserStorage.aiSearchHistory.get() ?? EMPTY };
  return cached.raw;
}

function write(entries: readonly AiSearchHistoryEntry[]): void {
  cached = { raw: entries };
  // Storage that fails (full, blocked) fails silently; the list still shows this visit's searches.
  if (entries.length === 0) browserStorage.aiSearchHistory.remove();
  else browserStorage.aiSearchHistory.set([...entries]);
  for (const listener of listeners) listener();
}

/**
 * The reader's AI search history (SPEC §3, browser storage): each question or playlist prompt,
 * when it was asked and the stored result that reopens it. Asking the same thing again moves it
 * to the top instead of adding it twice.
 */
export const aiHistory = {
  list: read,
  add(entry: AiSearchHistoryEntry): void {
    const same = (other: AiSearchHistoryEntry) =>
      (entry.resultId !== undefined && other.resultId === entry.resultId) ||
      (other.query.trim().toLocaleLowerCase() === entry.query.trim().toLocaleLowerCase() && (other.type ?? 'ask') === (entry.type ?? 'ask'));
    write([entry, ...read().filter((other) => !same(other))].slice(0, AI_HISTORY_LIMIT));
  },
  remove(entry: AiSearchHistoryEntry): void {
    write(read().filter((other) => other !== entry));
  },
  clear(): void {
    write(EMPTY);
  },
  /** Forgets what was read, so the next read goes to storage again (tests, another tab). */
  reload(): void {
    cached = undefined;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Another tab asking or clearing shows here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', () => aiHistory.reload());
}

export function useAiHistory(): readonly AiSearchHistoryEntry[] {
  return useSyncExternalStore(aiHistory.subscribe, aiHistory.list, aiHistory.list);
}
