/** Two digits. */
const pad = (value: number) => String(value).padStart(2, '0');

/**
 * An ISO time as a datetime-local input shows it: the person's own clock, to the minute
 * (`2026-11-26T14:30`); '' for none.
 */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local input's value (the person's own clock) as an ISO time; null for none. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
