import type { VisitorMetaField } from '@newsreel/contracts';
import type { Visitor } from '../../app/state/types';
import { browserStorage } from '../../lib/storage';

/**
 * What the reader told about themselves (a poll's visitor-meta question): kept on the stored
 * visitor as meta[field], as they told it, and sent to the server with the visitor's next update
 * (SPEC §3 visitor meta; useVisitorSync sees `metaUnsent` and sends it once the browser is idle).
 */
export function rememberVisitorMeta(visitor: Visitor, field: VisitorMetaField, value: string): Visitor {
  const updated: Visitor = { ...visitor, meta: { ...visitor.meta, [field]: value }, metaUnsent: true };
  browserStorage.visitor.set(updated);
  return updated;
}

/** The visitor-meta fields this visitor already holds. */
export function knownVisitorMetaFields(visitor: Visitor | null | undefined): VisitorMetaField[] {
  return Object.entries(visitor?.meta ?? {})
    .filter(([, value]) => Boolean(value))
    .map(([field]) => field as VisitorMetaField);
}
