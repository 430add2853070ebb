import type { AdminStory, AdminStoryCreateBody, AdminStoryListQuery, AdminStoryUpdateBody } from '@newsreel/contracts';
import type { Kysely, Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/client';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { Page } from '../articles/article-repository';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { createOrderedArticles, orderedArticleRepository } from '../playlists/ordered-articles';
import { createStoryRepository, type StoryRepository } from './story-repository';

const NO_STORY = 'There is no story with that id.';
const RESOURCE = 'story';

const slugTaken = (slug: string) => conflict(`There is already a story with the slug "${slug}"; choose another slug.`);

export interface StoryAdminServiceDeps {
  db: Kysely<Database>;
  /** Forgets the story's public answers in this process; answers the caches it was purged from (admin-routes.ts). */
  purge: (storyId: string) => string[];
}

/**
 * The admin's stories (SPEC §3, §7 Admin) and their articles (playlists/ordered-articles.ts):
 * every write is recorded in the audit log in its own transaction and purges the story's public
 * answers after the commit; a slug is unique (409).
 */
export function createStoryAdminService({ db, purge }: StoryAdminServiceDeps) {
  const reads = createStoryRepository(db);

  /** Runs a write in a transaction; a taken slug becomes a 409 and nothing is changed. */
  async function write<T>(id: string | null, slug: string | undefined, work: (repo: StoryRepository, trx: Transaction<Database>) => Promise<T & { id: string }>): Promise<T> {
    try {
      const result = await db.transaction().execute((trx) => work(createStoryRepository(trx), trx));
      purge(id ?? result.id);
      return result;
    } catch (error) {
      if (slug !== undefined && isUniqueViolation(error)) throw slugTaken(slug);
      throw error;
    }
  }

  async function get(id: string): Promise<AdminStory> {
    const story = await reads.adminGet(id);
    if (!story) throw notFound(NO_STORY);
    return story;
  }

  return {
    list: (query: AdminStoryListQuery, page: Page) => reads.adminList(query, page),

    get,

    create: (actor: AuditActor, body: AdminStoryCreateBody): Promise<AdminStory> =>
      write(null, body.slug, async (repo, trx) => {
        const created = (await repo.adminGet(await repo.create(body)))!;
        await recordAudit(trx, { actor, action: 'create', resource: RESOURCE, resourceId: created.id, before: null, after: created });
        return created;
      }),

    update: (actor: AuditActor, id: string, body: AdminStoryUpdateBody): Promise<AdminStory> =>
      write(id, body.slug, async (repo, trx) => {
        const before = await repo.adminLock(id);
        if (!before) throw notFound(NO_STORY);
        await repo.update(id, body);
        const after = (await repo.adminGet(id))!;
        await recordAudit(trx, { actor, action: 'update', resource: RESOURCE, resourceId: id, before, after });
        return after;
      }),

    remove: async (actor: AuditActor, id: string): Promise<void> => {
      await write(id, undefined, async (repo, trx) => {
        const before = await repo.adminLock(id);
        if (!before) throw notFound(NO_STORY);
        // The entry keeps its articles in order, so a deleted story can be rebuilt from the log.
        const articleIds = await orderedArticleRepository(trx, 'story').ids(id);
        await repo.remove(id);
        await recordAudit(trx, { actor, action: 'delete', resource: RESOURCE, resourceId: id, before: { ...before, articleIds }, after: null });
        return { id };
      });
    },

    /** Forgets the story's cached public answers in this process; recorded in the audit log. */
    async purgeCache(actor: AuditActor, id: string): Promise<string[]> {
      await get(id);
      const purged = purge(id);
      await recordAudit(db, { actor, action: 'purge-cache', resource: RESOURCE, resourceId: id, before: null, after: { purged } });
      return purged;
    },

    articles: createOrderedArticles({ db, collection: 'story', resource: RESOURCE, noSuch: NO_STORY, changed: (id) => purge(id) }),
  };
}
