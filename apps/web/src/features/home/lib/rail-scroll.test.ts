import { describe, expect, it } from 'vitest';
import { railEdges, railKeyTarget, railScrollDelta } from './rail-scroll';

describe('railScrollDelta', () => {
  it('moves right to go forward left-to-right, and left right-to-left', () => {
    expect(railScrollDelta('forward', 'ltr', 300)).toBe(300);
    expect(railScrollDelta('back', 'ltr', 300)).toBe(-300);
    expect(railScrollDelta('forward', 'rtl', 300)).toBe(-300);
    expect(railScrollDelta('back', 'rtl', 300)).toBe(300);
  });
});

describe('railEdges', () => {
  it('is at the start before scrolling, in either direction', () => {
    expect(railEdges({ scrollLeft: 0, scrollWidth: 1000, clientWidth: 400 })).toEqual({ atStart: true, atEnd: false });
  });

  it('reads negative RTL offsets by their size', () => {
    expect(railEdges({ scrollLeft: -300, scrollWidth: 1000, clientWidth: 400 })).toEqual({ atStart: false, atEnd: false });
    expect(railEdges({ scrollLeft: -600, scrollWidth: 1000, clientWidth: 400 })).toEqual({ atStart: false, atEnd: true });
  });

  it('is at both ends when everything fits', () => {
    expect(railEdges({ scrollLeft: 0, scrollWidth: 400, clientWidth: 400 })).toEqual({ atStart: true, atEnd: true });
  });

  it('allows a pixel of rounding at the end', () => {
    expect(railEdges({ scrollLeft: 599.5, scrollWidth: 1000, clientWidth: 400 }).atEnd).toBe(true);
  });
});

describe('railKeyTarget', () => {
  it('mirrors the arrow keys in RTL', () => {
    expect(railKeyTarget('ArrowRight', 'ltr')).toBe(1);
    expect(railKeyTarget('ArrowLeft', 'ltr')).toBe(-1);
    expect(railKeyTarget('ArrowRight', 'rtl')).toBe(-1);
    expect(railKeyTarget('ArrowLeft', 'rtl')).toBe(1);
  });

  it('jumps to the ends with Home and End and ignores other keys', () => {
    expect(railKeyTarget('Home', 'rtl')).toBe('first');
    expect(railKeyTarget('End', 'ltr')).toBe('last');
    expect(railKeyTarget('Enter', 'ltr')).toBeNull();
  });
});
