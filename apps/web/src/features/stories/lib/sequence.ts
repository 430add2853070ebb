/**
 * Where a reader is in an ordered set of articles played in a row (a story or a playlist). The
 * count can grow while playing (more pages arrive), so every step takes the count known now.
 */
export interface SequenceState {
  index: number;
  /** The last article has ended; the player offers to start again. */
  finished: boolean;
}

export type SequenceAction =
  | { type: 'next' }
  | { type: 'previous' }
  /** The article playing now came to its end. */
  | { type: 'ended' }
  | { type: 'select'; index: number }
  | { type: 'restart' };

export const sequenceStart: SequenceState = { index: 0, finished: false };

export function stepSequence(state: SequenceState, action: SequenceAction, count: number): SequenceState {
  const last = Math.max(0, count - 1);
  switch (action.type) {
    case 'next':
      return state.index < last ? { index: state.index + 1, finished: false } : state;
    case 'ended':
      return state.index < last ? { index: state.index + 1, finished: false } : { index: last, finished: true };
    case 'previous':
      return state.index > 0 ? { index: state.index - 1, finished: false } : { index: 0, finished: false };
    case 'select':
      return { index: Math.min(Math.max(0, Math.trunc(action.index)), last), finished: false };
    case 'restart':
      return sequenceStart;
  }
}

/** A horizontal move shorter than this is a tap or a wobble, not a swipe. */
export const SWIPE_MIN_DISTANCE_PX = 48;

/**
 * The step a swipe asks for: +1 next, -1 previous, 0 none. The finger moving towards the
 * inline start brings the next article (leftwards in left-to-right languages, rightwards in
 * right-to-left ones), as turning a page does. Mostly vertical moves are scrolls, not swipes.
 */
export function swipeStep(dx: number, dy: number, direction: 'ltr' | 'rtl'): -1 | 0 | 1 {
  if (Math.abs(dx) < SWIPE_MIN_DISTANCE_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return 0;
  const towardsLeft = dx < 0;
  const next = direction === 'rtl' ? !towardsLeft : towardsLeft;
  return next ? 1 : -1;
}
