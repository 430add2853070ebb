/**
 * What an admin write changed, field by field, from the audit log's `before` and `after` (either
 * may be null: a create has no before, a delete no after). Plain objects are compared key by key,
 * to any depth (`settings.bulletin`); anything else (a text, a number, a list) is one value.
 */
export interface FieldChange {
  /** Where the field is: its keys joined by dots; '' for a value that is not an object. */
  path: string;
  kind: 'added' | 'removed' | 'changed';
  /** undefined: the field was not there. */
  before: unknown;
  after: unknown;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value's fields as path → value; a value that is not a plain object is one field at `prefix`. */
function leaves(value: unknown, prefix: string, into: Map<string, unknown>): Map<string, unknown> {
  if (isPlainObject(value) && Object.keys(value).length > 0) {
    for (const [key, inner] of Object.entries(value)) leaves(inner, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into.set(prefix, value);
  }
  return into;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields that differ, in the order they appear (before's first, then those only after has). */
export function diffValues(before: unknown, after: unknown): FieldChange[] {
  const was = before === null || before === undefined ? new Map<string, unknown>() : leaves(before, '', new Map());
  const is = after === null || after === undefined ? new Map<string, unknown>() : leaves(after, '', new Map());
  const changes: FieldChange[] = [];
  for (const path of new Set([...was.keys(), ...is.keys()])) {
    const old = was.has(path) ? was.get(path) : undefined;
    const now = is.has(path) ? is.get(path) : undefined;
    if (!was.has(path)) changes.push({ path, kind: 'added', before: undefined, after: now });
    else if (!is.has(path)) changes.push({ path, kind: 'removed', before: old, after: undefined });
    else if (!same(old, now)) changes.push({ path, kind: 'changed', before: old, after: now });
  }
  return changes;
}

/** A field's value as text: a text as it is, anything else as JSON; '' for a field that was not there. */
export function formatValue(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A whole `before` or `after` as indented JSON, for reading side by side. */
export function prettyJson(value: unknown): string {
  return JSON.stringify(value ?? null, null, 2);
}
