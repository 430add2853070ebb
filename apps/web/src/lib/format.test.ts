import { describe, expect, it } from 'vitest';
import { formatAge, formatCount, formatDistance, formatDuration } from './format';

describe('format', () => {
  it('writes durations as a clock', () => {
    expect(formatDuration(42, 'en')).toBe('0:42');
    expect(formatDuration(187, 'en')).toBe('3:07');
    expect(formatDuration(3725, 'en')).toBe('1:02:05');
    expect(formatDuration(-5, 'en')).toBe('0:00');
  });

  it('uses the language digits', () => {
    expect(formatDuration(187, 'ar-EG')).toBe('٣:٠٧');
    expect(formatCount(1234, 'en')).toBe('1.2K');
    expect(formatCount(12, 'fa')).toBe('۱۲');
  });

  it('says how long ago, in the language', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(formatAge('2026-11-22T11:55:00Z', 'en', now)).toBe('5 minutes ago');
    expect(formatAge('2026-11-21T11:00:00Z', 'en', now)).toBe('yesterday');
    expect(formatAge('2026-11-22T11:55:00Z', 'es', now)).toBe('hace 5 minutos');
  });

  it('writes distances in metres or kilometres', () => {
    expect(formatDistance(850, 'en')).toBe('850 m');
    expect(formatDistance(12_400, 'en')).toBe('12 km');
  });
});
