import { describe, expect, it } from 'vitest';
import { parseStartTime } from './start-time';

describe('parseStartTime', () => {
  it('reads seconds', () => {
    expect(parseStartTime('83')).toBe(83);
    expect(parseStartTime('83s')).toBe(83);
    expect(parseStartTime('7.5')).toBe(7.5);
    expect(parseStartTime('0')).toBe(0);
  });

  it('reads hours, minutes and seconds spelled out', () => {
    expect(parseStartTime('1m23s')).toBe(83);
    expect(parseStartTime('2m')).toBe(120);
    expect(parseStartTime('1h2m3s')).toBe(3723);
    expect(parseStartTime('1H')).toBe(3600);
  });

  it('ignores what is not a time', () => {
    expect(parseStartTime(null)).toBeUndefined();
    expect(parseStartTime('')).toBeUndefined();
    expect(parseStartTime('-5')).toBeUndefined();
    expect(parseStartTime('soon')).toBeUndefined();
    expect(parseStartTime('1:23')).toBeUndefined();
    expect(parseStartTime('ms')).toBeUndefined();
  });
});
