import {
  ArticleStatus,
  validateArticleText,
  type AdminArticle,
  type AdminArticleListQuery,
  type AdminArticleUpdateBody,
} from '@newsreel/contracts';
import { isUniqueViolation } from '../../db/client';
import { discardMediaFile, type MediaStore } from '../../integrations/storage/media-store';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { AuditActor } from '../audit/audit-log';
import type { AdminArticleRepository } from './admin-article-repository';
import { nextArticleState, type ArticleEvent, type ArticleFacts } from './article-lifecycle';
import type { Page } from './article-repository';

const NO_ARTICLE = 'There is no article with that id.';

export interface AdminArticleServiceDeps {
  articles: AdminArticleRepository;
  /** Where an article's uploaded media and posters are; a deleted article's are discarded. */
  media: MediaStore;
  /** Forgets the article in every cache this process keeps (article-caches.ts); answers which. */
  purge: (articleId: string) => string[];
  /** Asks for a run of the publishing job at a scheduled article's time (article-jobs.ts). */
  wakeAt: (at: Date) => void;
}

/** A note for the publisher: trimmed, and never blank. */
function noteOf(reason: string | undefined): string | undefined {
  if (reason === undefined) return undefined;
  const note = reason.trim();
  if (note === '') throw badRequest('body.reason must not be blank: tell the publisher what to change');
  return note;
}

/**
 * The admin's articles and the review workflow (SPEC §7 Admin articles). Every change of state
 * goes through the lifecycle (article-lifecycle.ts). Each write runs in one transaction that
 * holds the article's row (two moderators acting at once cannot both move it) and records
 * itself in the audit log; the caches are purged after the commit.
 */
export function createAdminArticleService({ articles, media, purge, wakeAt }: AdminArticleServiceDeps) {
  /** A scheduled article gets a run of the publishing job at its time, once its change has committed. */
  function scheduled(article: AdminArticle): AdminArticle {
    if (article.status === ArticleStatus.SCHEDULED && article.scheduledAt) wakeAt(new Date(article.scheduledAt));
    return article;
  }

  async function get(id: string): Promise<AdminArticle> {
    const found = await articles.get(id);
    if (!found) throw notFound(NO_ARTICLE);
    return found;
  }

  /** Runs `change` on the locked article and records it, before and after, as `action`. */
  async function write(
    actor: AuditActor,
    id: string,
    action: string,
    change: (trx: AdminArticleRepository, before: AdminArticle, facts: ArticleFacts & { now: Date }) => Promise<void>,
  ): Promise<AdminArticle> {
    const after = await articles.transaction(async (trx) => {
      const facts = await trx.lockFacts(id);
      if (!facts) throw notFound(NO_ARTICLE);
      const before = (await trx.get(id))!;
      await change(trx, before, facts);
      const changed = (await trx.get(id))!;
      await trx.audit({ actor, action, resourceId: id, before, after: changed });
      return changed;
    });
    purge(id);
    return after;
  }

  async function transition(actor: AuditActor, id: string, event: ArticleEvent, reason?: string): Promise<AdminArticle> {
    const note = noteOf(reason);
    const after = await write(actor, id, event, async (trx, _before, facts) => {
      const outcome = nextArticleState(facts, event, facts.now, note);
      if (!outcome.ok) throw conflict(outcome.reason);
      await trx.applyChange(id, outcome.change);
    });
    return scheduled(after);
  }

  return {
    async list(query: AdminArticleListQuery, page: Page) {
      return articles.list(query, page);
    },

    get,

    async update(actor: AuditActor, id: string, body: AdminArticleUpdateBody): Promise<AdminArticle> {
      const problem = validateArticleText(body)[0];
      if (problem) throw badRequest(`body.${problem.message}`);
      const missing = await articles.missingCategories(body.categoryIds ?? []);
      if (missing.length > 0) throw badRequest(`body.categoryIds holds ${missing[0]}, which names no category`);
      let after: AdminArticle;
      try {
        after = await write(actor, id, 'update', async (trx, before) => {
          if (before.status === ArticleStatus.SCHEDULED && body.scheduledAt === null) {
            throw conflict(
              'A scheduled article goes live at its scheduledAt, so it keeps one: move it to another time, or send the article back with needs-work to take it off the schedule.',
            );
          }
          await trx.update(id, body);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(`Another article already has the slug "${body.slug ?? ''}"; choose another.`);
        throw error;
      }
      return body.scheduledAt === undefined ? after : scheduled(after);
    },

    async remove(actor: AuditActor, id: string): Promise<void> {
      const files = await articles.transaction(async (trx) => {
        const before = await trx.get(id);
        const held = before && (await trx.remove(id));
        if (!held) throw notFound(NO_ARTICLE);
        await trx.audit({ actor, action: 'delete', resourceId: id, before, after: null });
        return held;
      });
      purge(id);
      await Promise.all(files.map((key) => discardMediaFile(media, key)));
    },

    approve: (actor: AuditActor, id: string) => transition(actor, id, 'approve'),
    needsWork: (actor: AuditActor, id: string, reason: string) => transition(actor, id, 'needs-work', reason),
    rejectSummary: (actor: AuditActor, id: string, reason?: string) => transition(actor, id, 'reject-summary', reason),

    /** Purges the article from the caches; recorded too (it changes what readers are answered). */
    async purgeCaches(actor: AuditActor, id: string): Promise<string[]> {
      await get(id);
      const purged = purge(id);
      await articles.audit({ actor, action: 'purge-cache', resourceId: id, before: null, after: { purged } });
      return purged;
    },
  };
}

export type AdminArticleService = ReturnType<typeof createAdminArticleService>;
