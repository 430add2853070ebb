import type { VisitorMetaField } from '@newsreel/contracts';
import type { Visitor } from '../../app/state/types';
import { browserStorage } from '../../lib/storage';

/**
 * What the reader told about themselves (a poll's visitor-meta question): kept on the stored
 * visitor as meta[field], for the visitor record on the server to take up (SPEC §3 visitor meta).
 */
export function rememberVisitorMeta(visitor: Visitor, field: VisitorMetaField, value: string): Visitor {
  const updated: Visitor = { ...visitor, meta: { ...visitor.meta, [field]: value } };
  browserStorage.visitor.set(updated);
  return updated;
}

/** The visitor-meta fields this visitor already holds. */
export function knownVisitorMetaFields(visitor: Visitor | null | undefined): VisitorMetaField[] {
  return Object.entries(visitor?.meta ?? {})
    .filter(([, value]) => Boolean(value))
    .map(([field]) => field as VisitorMetaField);
}
