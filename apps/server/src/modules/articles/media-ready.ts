import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { SYSTEM_ACTOR } from '../audit/audit-log';
import { createAdminArticleRepository } from './admin-article-repository';
import { purgeArticleCaches } from './article-caches';
import { nextArticleState } from './article-lifecycle';

/**
 * The media pipeline's event (article-lifecycle.ts, 'media-ready'): an article waiting in
 * preparing for its media moves on (to the AI's summary or to review) once a playable file of it
 * has been processed. Any other state stays as it is. Answers whether the article moved.
 */
export async function announceArticleMediaReady(db: Kysely<Database>, articleId: string): Promise<boolean> {
  const moved = await db.transaction().execute(async (trx) => {
    const articles = createAdminArticleRepository(trx);
    const facts = await articles.lockFacts(articleId);
    if (!facts) return false;
    const outcome = nextArticleState(facts, 'media-ready', facts.now);
    if (!outcome.ok) return false;
    const before = await articles.get(articleId);
    await articles.applyChange(articleId, outcome.change);
    await articles.audit({ actor: SYSTEM_ACTOR, action: 'media-ready', resourceId: articleId, before, after: (await articles.get(articleId)) ?? null });
    return true;
  });
  if (moved) purgeArticleCaches(db, articleId);
  return moved;
}
