/**
 * Numbers, durations and ages in the reader's language (Arabic and Persian readers get their own
 * digits, as Intl gives them). Every formatter takes the i18next language.
 */
import { Territory } from '@newsreel/contracts';

const SECOND = 1;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Making an Intl formatter loads locale data and costs far more than formatting with it (a page of
// cards formats hundreds of times as it first renders), so each one is made once and kept.
const formatters = new Map<string, unknown>();
function kept<T>(kind: string, language: string, options: object | undefined, make: () => T): T {
  const key = `${kind} ${language} ${JSON.stringify(options ?? {})}`;
  let formatter = formatters.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

function numberFormat(language: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return kept('number', language, options, () => new Intl.NumberFormat(language, options));
}

/** Plain numbers in the reader's digits (a speed like 1.25, a share like 80 %). */
export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  return numberFormat(language, options).format(value);
}

/** A list of names joined the language's way: "Spain, France and Italy". */
export function formatList(names: string[], language: string): string {
  // One name (most readers follow one region) needs no list format, whose first use is slow.
  if (names.length < 2) return names[0] ?? '';
  const options = { style: 'long', type: 'conjunction' } as const;
  return kept('list', language, options, () => new Intl.ListFormat(language, options)).format(names);
}

/** A language's name in the reader's language ("es" → "Spanish"); the code itself when Intl has no name for it. */
export function languageName(code: string, language: string): string {
  const options = { type: 'language' } as const;
  try {
    return kept('language', language, options, () => new Intl.DisplayNames([language], options)).of(code) ?? code;
  } catch {
    return code;
  }
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
  const format = kept('relative', language, undefined, () => new Intl.RelativeTimeFormat(language, { numeric: 'auto' }));
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
  const options = { dateStyle: 'medium' } as const;
  return kept('date', language, options, () => new Intl.DateTimeFormat(language, options)).format(new Date(isoTime));
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
