/**
 * The start time of a deep link's `?t=`: seconds (`83`, `83.5`, `83s`) or the spelled-out form
 * shared links often use (`1m23s`, `1h2m3s`). Anything else is ignored (the player starts where
 * it would have).
 */
export function parseStartTime(value: string | null | undefined): number | undefined {
  const text = value?.trim().toLowerCase();
  if (!text) return undefined;
  if (/^\d+(\.\d+)?s?$/.test(text)) return Number.parseFloat(text);
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(text);
  if (!match || !(match[1] || match[2] || match[3])) return undefined;
  const [hours = 0, minutes = 0, seconds = 0] = [match[1], match[2], match[3]].map((part) => Number(part ?? 0));
  return hours * 3600 + minutes * 60 + seconds;
}
