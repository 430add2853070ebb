import { describe, expect, it } from 'vitest';
import { addDays, isDay, parseStatisticsRange, rangeProblemOf, statisticsRangeSearch, summaryQueryOf } from './statistics-range';

const now = new Date('2026-11-26T23:30:00Z');

describe('the statistics range', () => {
  it('is the last 30 days, today (UTC) included, unless the URL says otherwise', () => {
    const range = parseStatisticsRange(new URLSearchParams());
    expect(range).toEqual({ kind: 'last', days: 30 });
    expect(summaryQueryOf(range, now)).toEqual({ from: '2026-10-28', to: '2026-11-26' });
    expect(statisticsRangeSearch(range).toString()).toBe('');
  });

  it('reads and writes the presets and picked days', () => {
    expect(summaryQueryOf(parseStatisticsRange(new URLSearchParams('days=7')), now)).toEqual({ from: '2026-11-20', to: '2026-11-26' });
    expect(summaryQueryOf(parseStatisticsRange(new URLSearchParams('days=90')), now)).toEqual({ from: '2026-08-29', to: '2026-11-26' });
    const picked = parseStatisticsRange(new URLSearchParams('from=2026-02-01&to=2026-03-01'));
    expect(picked).toEqual({ kind: 'between', from: '2026-02-01', to: '2026-03-01' });
    expect(statisticsRangeSearch(picked).toString()).toBe('from=2026-02-01&to=2026-03-01');
    expect(statisticsRangeSearch({ kind: 'last', days: 7 }).toString()).toBe('days=7');
  });

  it('falls back to the default for anything the API would refuse', () => {
    for (const search of ['days=12', 'from=2026-11-10&to=2026-11-01', 'from=2026-02-30&to=2026-03-01', 'from=2024-01-01&to=2026-01-01', 'from=2026-11-01']) {
      expect(parseStatisticsRange(new URLSearchParams(search)), search).toEqual({ kind: 'last', days: 30 });
    }
  });

  it('names what is wrong with two picked days', () => {
    expect(rangeProblemOf('', '2026-11-01')).toBe('from');
    expect(rangeProblemOf('2026-11-01', '2026-13-01')).toBe('to');
    expect(rangeProblemOf('2026-11-02', '2026-11-01')).toBe('reversed');
    expect(rangeProblemOf('2025-01-01', '2026-01-02')).toBe('tooLong');
    expect(rangeProblemOf('2025-01-01', '2026-01-01')).toBeUndefined();
    expect(rangeProblemOf('2026-11-01', '2026-11-01')).toBeUndefined();
  });

  it('counts calendar days in UTC', () => {
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('26-11-01')).toBe(false);
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
