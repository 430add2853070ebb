import { STATISTICS_RANGE_MAX_DAYS, type StatisticsSummaryQuery } from '@newsreel/contracts';

/** The ranges offered with one click: the last 7, 30 or 90 days, today included. */
export const RANGE_PRESETS = [7, 30, 90] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
/** What the page shows without a range in its URL (the API's own default, too). */
export const DEFAULT_RANGE_PRESET: RangePreset = 30;

/** The statistics' range as the URL keeps it: the last few days, or two days the admin picked. */
export type StatisticsRange = { kind: 'last'; days: RangePreset } | { kind: 'between'; from: string; to: string };

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A time's UTC day, as the API counts days: YYYY-MM-DD. */
export function utcDayOf(time: Date): string {
  return time.toISOString().slice(0, 10);
}

/** The UTC day `days` after `day` (before, when negative). */
export function addDays(day: string, days: number): string {
  return utcDayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** Whether `text` is a real calendar day written YYYY-MM-DD (not 2026-02-30). */
export function isDay(text: string): boolean {
  return DAY_PATTERN.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && utcDayOf(new Date(`${text}T00:00:00Z`)) === text;
}

/** Days from `from` to `to`, both counted. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** What is wrong with two picked days, as a key of adminStatistics.range.problems; none when the API takes them. */
export function rangeProblemOf(from: string, to: string): 'from' | 'to' | 'reversed' | 'tooLong' | undefined {
  if (!isDay(from)) return 'from';
  if (!isDay(to)) return 'to';
  if (from > to) return 'reversed';
  if (daysBetween(from, to) > STATISTICS_RANGE_MAX_DAYS) return 'tooLong';
  return undefined;
}

/** Reads the range from the URL (`?days=7`, or `?from=…&to=…`); anything malformed is the default. */
export function parseStatisticsRange(search: URLSearchParams): StatisticsRange {
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  if ((from || to) && rangeProblemOf(from, to) === undefined) return { kind: 'between', from, to };
  const days = Number(search.get('days'));
  return { kind: 'last', days: (RANGE_PRESETS as readonly number[]).includes(days) ? (days as RangePreset) : DEFAULT_RANGE_PRESET };
}

/** The URL's query for `range`, empty for the default. */
export function statisticsRangeSearch(range: StatisticsRange): URLSearchParams {
  if (range.kind === 'between') return new URLSearchParams({ from: range.from, to: range.to });
  return new URLSearchParams(range.days === DEFAULT_RANGE_PRESET ? {} : { days: String(range.days) });
}

/** The days the range covers, as the summary asks for them; "the last N days" end today (UTC). */
export function summaryQueryOf(range: StatisticsRange, now: Date = new Date()): Required<StatisticsSummaryQuery> {
  if (range.kind === 'between') return { from: range.from, to: range.to };
  const today = utcDayOf(now);
  return { from: addDays(today, 1 - range.days), to: today };
}
