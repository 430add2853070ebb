import { formatNumber } from '../../../lib/format';

const MINUTE_S = 60;
const HOUR_S = 60 * MINUTE_S;

const listFormats = new Map<string, Intl.ListFormat>();
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Watch time the way a person reads it, in their language: "12 hr 5 min", "45 sec" under a
 * minute (Intl's units joined as a unit list, as Intl.DurationFormat would, which not every
 * browser has yet).
 */
export function formatWatchTime(totalSeconds: number, language: string): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const unit = (value: number, name: 'hour' | 'minute' | 'second') => formatNumber(value, language, { style: 'unit', unit: name, unitDisplay: 'short' });
  if (seconds < MINUTE_S) return unit(seconds, 'second');
  const hours = Math.floor(seconds / HOUR_S);
  const minutes = Math.floor((seconds % HOUR_S) / MINUTE_S);
  if (hours === 0) return unit(minutes, 'minute');
  let list = listFormats.get(language);
  if (!list) {
    list = new Intl.ListFormat(language, { type: 'unit', style: 'narrow' });
    listFormats.set(language, list);
  }
  return list.format([unit(hours, 'hour'), unit(minutes, 'minute')]);
}

/** A share (0.457) as a percentage to one decimal place: 45.7 %. */
export function formatRate(rate: number, language: string): string {
  return formatNumber(rate, language, { style: 'percent', maximumFractionDigits: 1 });
}

/**
 * A UTC day (YYYY-MM-DD) in the reader's language: `short` for a chart's axis ("26 Nov"),
 * `long` for the range's heading ("26 Nov 2026"). Read as a UTC day, so it is the day the API counted.
 */
export function formatDay(day: string, language: string, length: 'short' | 'long' = 'long'): string {
  const key = `${language} ${length}`;
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, length === 'short' ? { month: 'short', day: 'numeric', timeZone: 'UTC' } : { dateStyle: 'medium', timeZone: 'UTC' });
    dayFormats.set(key, format);
  }
  return format.format(new Date(`${day}T00:00:00Z`));
}
