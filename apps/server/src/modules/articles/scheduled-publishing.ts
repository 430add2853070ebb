import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { SYSTEM_ACTOR } from '../audit/audit-log';
import { createAdminArticleRepository } from './admin-article-repository';
import { purgeArticleCaches } from './article-caches';
import { nextArticleState, transitionRule } from './article-lifecycle';

/** Due articles published per transaction; more wait for the next call. */
const DUE_BATCH = 200;

/**
 * Puts live the scheduled articles whose time has come (the lifecycle's `schedule-due`: scheduled
 * and approved → active, published at their scheduled time, so the feeds order them by it even
 * when the job runs late). The rows are taken `FOR UPDATE SKIP LOCKED`, so several workers may
 * run it at once and each article goes live once; each is recorded in the audit log as the
 * server's (`schedule-due`). Answers the ids it published, oldest time first.
 */
export async function publishDueArticles(db: Kysely<Database>, now = new Date()): Promise<string[]> {
  const { from } = transitionRule('schedule-due');
  const published = await db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('articles')
      .select('id')
      .where((eb) => eb.or(from.map((state) => eb.and([eb('status', '=', state.status), eb('review_status', '=', state.reviewStatus)]))))
      .where('scheduled_at', '<=', now)
      .orderBy('scheduled_at')
      .limit(DUE_BATCH)
      .forUpdate()
      .skipLocked()
      .execute();
    const articles = createAdminArticleRepository(trx);
    const ids: string[] = [];
    for (const { id } of due) {
      const facts = await articles.lockFacts(id);
      if (!facts) continue;
      const outcome = nextArticleState(facts, 'schedule-due', now);
      if (!outcome.ok) continue;
      const before = await articles.get(id);
      await articles.applyChange(id, outcome.change);
      await articles.audit({ actor: SYSTEM_ACTOR, action: 'schedule-due', resourceId: id, before, after: await articles.get(id) });
      ids.push(id);
    }
    return ids;
  });
  for (const id of published) purgeArticleCaches(db, id);
  return published;
}
