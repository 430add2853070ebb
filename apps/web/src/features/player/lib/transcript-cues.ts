import type { TranscriptCue } from '@newsreel/contracts';

/**
 * The index of the cue being spoken at `seconds`: the last cue that has started. Between two cues
 * the one just spoken stays current (the highlight does not blink off in a pause); before the
 * first cue there is none (-1). Cues are in time order, so this is a binary search.
 */
export function findCueIndex(cues: readonly Pick<TranscriptCue, 'start'>[], seconds: number): number {
  let low = 0;
  let high = cues.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (cues[middle]!.start <= seconds) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}
