import { describe, expect, it } from 'vitest';
import { sequenceStart, stepSequence, swipeStep, type SequenceAction, type SequenceState } from './sequence';

const run = (actions: SequenceAction[], count: number, from: SequenceState = sequenceStart) =>
  actions.reduce((state, action) => stepSequence(state, action, count), from);

describe('stepSequence', () => {
  it('moves on to the next article when one ends', () => {
    expect(run([{ type: 'ended' }], 3)).toEqual({ index: 1, finished: false });
    expect(run([{ type: 'ended' }, { type: 'ended' }], 3)).toEqual({ index: 2, finished: false });
  });

  it('finishes after the last article ends, and starts again on request', () => {
    const finished = run([{ type: 'ended' }, { type: 'ended' }, { type: 'ended' }], 3);
    expect(finished).toEqual({ index: 2, finished: true });
    expect(stepSequence(finished, { type: 'restart' }, 3)).toEqual(sequenceStart);
  });

  it('goes back and forth with previous and next, stopping at the ends', () => {
    expect(run([{ type: 'previous' }], 3)).toEqual({ index: 0, finished: false });
    expect(run([{ type: 'next' }, { type: 'next' }, { type: 'next' }], 3)).toEqual({ index: 2, finished: false });
    expect(run([{ type: 'next' }, { type: 'previous' }], 3)).toEqual({ index: 0, finished: false });
  });

  it('leaves the finished state when the reader steps back', () => {
    expect(stepSequence({ index: 2, finished: true }, { type: 'previous' }, 3)).toEqual({ index: 1, finished: false });
  });

  it('keeps going when more articles arrive after the count it knew', () => {
    const atEndOfFirstPage = run([{ type: 'next' }], 2);
    expect(stepSequence(atEndOfFirstPage, { type: 'ended' }, 4)).toEqual({ index: 2, finished: false });
  });

  it('selects an article by position, within the list', () => {
    expect(run([{ type: 'select', index: 2 }], 5)).toEqual({ index: 2, finished: false });
    expect(run([{ type: 'select', index: 9 }], 5)).toEqual({ index: 4, finished: false });
    expect(run([{ type: 'select', index: -1 }], 5)).toEqual({ index: 0, finished: false });
  });

  it('stays at the start of an empty list', () => {
    expect(run([{ type: 'ended' }], 0)).toEqual({ index: 0, finished: true });
    expect(run([{ type: 'next' }], 0)).toEqual(sequenceStart);
  });
});

describe('swipeStep', () => {
  it('shows the next article for a swipe to the left in left-to-right languages', () => {
    expect(swipeStep(-120, 10, 'ltr')).toBe(1);
    expect(swipeStep(120, -10, 'ltr')).toBe(-1);
  });

  it('is mirrored in right-to-left languages', () => {
    expect(swipeStep(120, 0, 'rtl')).toBe(1);
    expect(swipeStep(-120, 0, 'rtl')).toBe(-1);
  });

  it('ignores taps, short moves and vertical scrolls', () => {
    expect(swipeStep(0, 0, 'ltr')).toBe(0);
    expect(swipeStep(-30, 0, 'ltr')).toBe(0);
    expect(swipeStep(-80, 100, 'ltr')).toBe(0);
  });
});
