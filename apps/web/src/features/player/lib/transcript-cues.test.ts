import { describe, expect, it } from 'vitest';
import { findCueIndex } from './transcript-cues';

const cues = [
  { start: 0, end: 3.5, text: 'A wind advisory has been issued.' },
  { start: 3.9, end: 7.9, text: 'Gusts of up to fifty miles per hour.' },
  { start: 8.2, end: 13.7, text: 'Waves could reach twelve feet.' },
];

describe('findCueIndex', () => {
  it('finds the cue being spoken', () => {
    expect(findCueIndex(cues, 0)).toBe(0);
    expect(findCueIndex(cues, 2)).toBe(0);
    expect(findCueIndex(cues, 3.9)).toBe(1);
    expect(findCueIndex(cues, 10)).toBe(2);
  });

  it('keeps the line just spoken current in the pause before the next one', () => {
    expect(findCueIndex(cues, 3.7)).toBe(0);
    expect(findCueIndex(cues, 8.1)).toBe(1);
  });

  it('keeps the last line current after the transcript ends', () => {
    expect(findCueIndex(cues, 60)).toBe(2);
  });

  it('has no current line before the first one starts, or without lines', () => {
    const startsLater = [{ start: 1.5, end: 3, text: 'Later' }];
    expect(findCueIndex(startsLater, 1)).toBe(-1);
    expect(findCueIndex([], 5)).toBe(-1);
  });

  it('works on long transcripts', () => {
    const many = Array.from({ length: 1000 }, (_, index) => ({ start: index * 2, end: index * 2 + 1.5, text: `line ${index}` }));
    expect(findCueIndex(many, 1234.5)).toBe(617);
    expect(findCueIndex(many, 1999)).toBe(999);
  });
});
