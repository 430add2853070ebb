import { describe, expect, it } from 'vitest';
import { formatDay, formatRate, formatWatchTime } from './statistics-format';

describe('the statistics’ formats', () => {
  it('writes watch time in hours and minutes, in the reader’s language', () => {
    expect(formatWatchTime(42.4, 'en')).toBe('42 sec');
    expect(formatWatchTime(125, 'en')).toBe('2 min');
    expect(formatWatchTime(7530, 'en')).toBe('2 hr 5 min');
    expect(formatWatchTime(45_000_000, 'en')).toBe('12,500 hr 0 min');
    expect(formatWatchTime(7530, 'de')).toBe('2 Std., 5 Min.');
    expect(formatWatchTime(7530, 'fa')).toMatch(/^۲ ساعت ۵ دقیقه$/);
  });

  it('writes a rate as a percentage to one decimal place', () => {
    expect(formatRate(0.4572, 'en')).toBe('45.7%');
    // French puts a (narrow) no-break space before the sign.
    expect(formatRate(1, 'fr')).toMatch(/^100\s%$/);
  });

  it('writes a UTC day as that day, wherever the reader is', () => {
    expect(formatDay('2026-11-26', 'en')).toBe('Nov 26, 2026');
    expect(formatDay('2026-11-26', 'en', 'short')).toBe('Nov 26');
  });
});
