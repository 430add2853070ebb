import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Actor } from '../articles/article-repository';
import { readsAsSubscriber, subscriptionsEnabled } from '../subscriptions/subscription-standing';
import type { StreamPolicy } from './device-repository';

/**
 * The lease rule (docs/architecture.md, "The lease rule"): with subscriptions off, an owner's
 * screens play freely; with them on, a subscription (or an admin's exemption) plays on one
 * screen at a time, and an owner without one on none.
 */
export async function streamPolicyOf(db: Kysely<Database>, owner: Actor): Promise<StreamPolicy> {
  if (!(await subscriptionsEnabled(db))) return 'unlimited';
  return (await readsAsSubscriber(db, owner)) ? 'one-stream' : 'refused';
}
