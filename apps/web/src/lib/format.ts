/**
 * Numbers, durations and ages in the reader's language (Arabic and Persian readers get their own
 * digits, as Intl gives them). Every formatter takes the i18next language.
 */
import { Territory } from '@newsreel/contracts';

const SECOND = 1;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function numberFormat(language: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return new Intl.NumberFormat(language, options);
}

/** A media length as a clock: 0:42, 3:07, 1:02:05, in the language's digits. */
export function formatDuration(totalSeconds: number, language: string): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const two = numberFormat(language, { minimumIntegerDigits: 2, useGrouping: false });
  const one = numberFormat(language, { useGrouping: false });
  const h = Math.floor(seconds / HOUR);
  const m = Math.floor((seconds % HOUR) / MINUTE);
  const s = seconds % MINUTE;
  return h > 0 ? `${one.format(h)}:${two.format(m)}:${two.format(s)}` : `${one.format(m)}:${two.format(s)}`;
}

/** How long ago something was published: "5 minutes ago", "yesterday", "3 weeks ago". */
export function formatAge(isoTime: string, language: string, now: Date = new Date()): string {
  const elapsed = (now.getTime() - new Date(isoTime).getTime()) / 1000;
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const ago = (value: number, unit: Intl.RelativeTimeFormatUnit) => format.format(-Math.max(0, Math.floor(value)), unit);
  if (elapsed < MINUTE) return format.format(0, 'second');
  if (elapsed < HOUR) return ago(elapsed / MINUTE, 'minute');
  if (elapsed < DAY) return ago(elapsed / HOUR, 'hour');
  if (elapsed < 7 * DAY) return ago(elapsed / DAY, 'day');
  if (elapsed < 30 * DAY) return ago(elapsed / (7 * DAY), 'week');
  if (elapsed < 365 * DAY) return ago(elapsed / (30 * DAY), 'month');
  return ago(elapsed / (365 * DAY), 'year');
}

/** A date written out in the reader's language. */
export function formatDate(isoTime: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(isoTime));
}

/** A count in the reader's digits, compact above a thousand (1.2K, 3.4M). */
export function formatCount(count: number, language: string): string {
  return numberFormat(language, { notation: count >= 1000 ? 'compact' : 'standard', maximumFractionDigits: 1 }).format(count);
}

/** A distance in the reader's digits: 850 m, 12 km. */
export function formatDistance(meters: number, language: string): string {
  if (meters < 1000) return numberFormat(language, { style: 'unit', unit: 'meter', maximumFractionDigits: 0 }).format(meters);
  return numberFormat(language, { style: 'unit', unit: 'kilometer', maximumFractionDigits: meters < 10_000 ? 1 : 0 }).format(meters / 1000);
}

/** The translation key of a territory's label; none for NONE. */
export const territoryLabelKey: Partial<Record<Territory, string>> = {
  [Territory.LOCAL]: 'territory.local',
  [Territory.STATE]: 'territory.state',
  [Territory.NATIONAL]: 'territory.national',
  [Territory.GLOBAL]: 'territory.global',
};
