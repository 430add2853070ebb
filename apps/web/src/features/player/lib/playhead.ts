import { useSyncExternalStore } from 'react';

/**
 * Where playback is, in seconds, outside React state: the media reports it several times a
 * second, and re-rendering the whole player each time was the page's main work while it plays.
 * Only what shows the position subscribes, each at the precision it shows.
 */
export interface Playhead {
  get: () => number;
  set: (seconds: number) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createPlayhead(initialSeconds: number): Playhead {
  let seconds = initialSeconds;
  const listeners = new Set<() => void>();
  return {
    get: () => seconds,
    set: (next) => {
      if (next === seconds) return;
      seconds = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * What `select` makes of the playhead's position; the component re-renders only when that
 * changes (whole seconds for a clock, a bar's index for the waveform).
 */
export function usePlayhead<T extends number | string | boolean>(playhead: Playhead, select: (seconds: number) => T): T {
  return useSyncExternalStore(playhead.subscribe, () => select(playhead.get()));
}

/** The whole second shown for the playhead: where the reader is dragging the seek bar, or where playback is. */
export function useShownSecond(playhead: Playhead, scrubTime: number | null): number {
  return usePlayhead(playhead, (seconds) => Math.floor(scrubTime ?? seconds));
}
