import {
  ArticleStatus,
  validateArticleText,
  type AdminArticle,
  type ManageArticleBundleCreateBody,
  type ManageArticleBundleUpdateBody,
  type ManageArticleListQuery,
} from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/client';
import { discardMediaFile, type MediaStore } from '../../integrations/storage/media-store';
import type { Database } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { createAdminArticleRepository, loadAdminArticles, type AdminArticleRepository } from '../articles/admin-article-repository';
import { nextArticleState, type ArticleEvent } from '../articles/article-lifecycle';
import type { Page } from '../articles/article-repository';
import { createManageArticleRepository, type ManageArticleRepository } from './manage-article-repository';

/** The same answer for an article that does not exist and one of another publisher (no probing). */
const NO_ARTICLE = 'Your publisher has no article with that id.';
const RESOURCE = 'article';

export interface ManageArticleServiceDeps {
  db: Kysely<Database>;
  /** Where an article's uploaded media and posters are; a deleted article's are discarded. */
  media: MediaStore;
  /** Forgets the article in every cache this process keeps (article-caches.ts); answers which. */
  purge: (articleId: string) => string[];
  /** Asks for a run of the publishing job at a scheduled article's time (article-jobs.ts). */
  wakeAt: (at: Date) => void;
}

interface Scope {
  articles: AdminArticleRepository;
  own: ManageArticleRepository;
  trx: Kysely<Database>;
}

/** SPEC §5 minimums, checked again past the schema (it does not trim). */
function checkText(body: { slug?: string; title?: string; description?: string }): void {
  const problem = validateArticleText(body)[0];
  if (problem) throw badRequest(`body.${problem.message}`);
}

/**
 * A publisher's own articles in the studio (SPEC §7 "Publisher management"): every read and write
 * is scoped to the publisher the access rule resolved (the caller's active publisher), and an
 * article of another publisher answers 404 exactly as a missing one does. States move only through
 * the lifecycle (article-lifecycle.ts): a bundle sent on (`submit`, the default) is submitted, an
 * article waiting for its media moves on once it has playable media (media-ready), and a live or
 * scheduled one that is changed is taken back (revise) and sent on again. Every write
 * runs in one transaction holding the article's row, is recorded in the audit log as its user's,
 * and purges the article from the caches after the commit.
 */
export function createManageArticleService({ db, media, purge, wakeAt }: ManageArticleServiceDeps) {
  const articles = createAdminArticleRepository(db);
  const own = createManageArticleRepository(db);

  async function owned(repo: AdminArticleRepository, publisherId: string, id: string): Promise<AdminArticle> {
    const found = await repo.get(id);
    if (!found || found.publisher.id !== publisherId) throw notFound(NO_ARTICLE);
    return found;
  }

  async function inTransaction<T>(work: (scope: Scope) => Promise<T>, slug?: string): Promise<T> {
    try {
      return await db.transaction().execute((trx) => work({ articles: createAdminArticleRepository(trx), own: createManageArticleRepository(trx), trx }));
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`Another article already has the slug "${slug ?? ''}"; choose another.`);
      throw error;
    }
  }

  /** Moves the locked article by `event` when the lifecycle allows it from its state now. */
  async function moveOn(scope: Scope, id: string, event: ArticleEvent): Promise<void> {
    const facts = (await scope.articles.lockFacts(id))!;
    const outcome = nextArticleState(facts, event, facts.now);
    if (outcome.ok) await scope.articles.applyChange(id, outcome.change);
  }

  async function checkCategories(ids: string[] | undefined): Promise<void> {
    const missing = await articles.missingCategories(ids ?? []);
    if (missing.length > 0) throw badRequest(`body.categoryIds holds ${missing[0]}, which names no category.`);
  }

  function done(article: AdminArticle): AdminArticle {
    purge(article.id);
    if (article.status === ArticleStatus.SCHEDULED && article.scheduledAt) wakeAt(new Date(article.scheduledAt));
    return article;
  }

  return {
    list: (publisherId: string, query: ManageArticleListQuery, page: Page) => articles.list({ ...query, publisherId }, page),

    async search(publisherId: string, q: string, page: Page) {
      const { ids, total } = await own.search(publisherId, q, page);
      return { items: await loadAdminArticles(db, ids), total };
    },

    get: (publisherId: string, id: string) => owned(articles, publisherId, id),

    /** A new article with its media in one transaction; sent on for review unless `submit` is false. */
    async create(actor: AuditActor, publisherId: string, body: ManageArticleBundleCreateBody): Promise<AdminArticle> {
      checkText(body);
      await checkCategories(body.categoryIds);
      const after = await inTransaction(async (scope) => {
        const defaults = await scope.own.defaultsOf(publisherId);
        if (!defaults) throw notFound('Your active publisher no longer exists; choose another with PUT /v1/users/publisher.');
        const id = await scope.own.insert(publisherId, body, defaults);
        await scope.own.replaceMedia(id, body.media ?? []);
        if (body.submit !== false) await moveOn(scope, id, 'submit');
        const created = (await scope.articles.get(id))!;
        await recordAudit(scope.trx, { actor, action: 'create', resource: RESOURCE, resourceId: id, before: null, after: created });
        return created;
      }, body.slug);
      return done(after);
    },

    /**
     * Changes the fields given. A live or scheduled article is taken back first (revise: a draft,
     * off the feeds and its schedule), so a change never reaches readers unreviewed; like a draft,
     * it is then sent on for review unless `submit` is false.
     */
    async update(actor: AuditActor, publisherId: string, id: string, body: ManageArticleBundleUpdateBody): Promise<AdminArticle> {
      checkText(body);
      await checkCategories(body.categoryIds);
      const { media, submit, ...fields } = body;
      const after = await inTransaction(async (scope) => {
        const facts = await scope.articles.lockFacts(id);
        if (!facts) throw notFound(NO_ARTICLE);
        const before = await owned(scope.articles, publisherId, id);
        const wasPublic = before.status === ArticleStatus.ACTIVE || before.status === ArticleStatus.SCHEDULED;
        if (wasPublic) await moveOn(scope, id, 'revise');
        if (Object.keys(fields).length > 0) await scope.articles.update(id, fields);
        if (media !== undefined) await scope.own.replaceMedia(id, media);
        if ((wasPublic || before.status === ArticleStatus.PENDING) && submit !== false) await moveOn(scope, id, 'submit');
        if (before.status === ArticleStatus.PREPARING) await moveOn(scope, id, 'media-ready');
        const changed = (await scope.articles.get(id))!;
        await recordAudit(scope.trx, { actor, action: 'update', resource: RESOURCE, resourceId: id, before, after: changed });
        return changed;
      }, body.slug);
      return done(after);
    },

    async remove(actor: AuditActor, publisherId: string, id: string): Promise<void> {
      const files = await inTransaction(async (scope) => {
        if (!(await scope.articles.lockFacts(id))) throw notFound(NO_ARTICLE);
        const before = await owned(scope.articles, publisherId, id);
        const held = (await scope.articles.remove(id)) ?? [];
        await recordAudit(scope.trx, { actor, action: 'delete', resource: RESOURCE, resourceId: id, before, after: null });
        return held;
      });
      purge(id);
      await Promise.all(files.map((key) => discardMediaFile(media, key)));
    },

    /** Purges the article from the caches and its preview image; recorded too (it changes what readers are answered). */
    async purgeCaches(actor: AuditActor, publisherId: string, id: string): Promise<string[]> {
      await owned(articles, publisherId, id);
      const purged = purge(id);
      await recordAudit(db, { actor, action: 'purge-cache', resource: RESOURCE, resourceId: id, before: null, after: { purged } });
      return purged;
    },
  };
}

export type ManageArticleService = ReturnType<typeof createManageArticleService>;
