import type { AdminStory, AdminStoryCreateBody, AdminStoryListQuery, AdminStoryUpdateBody } from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { discardMediaFile, type MediaStore } from '../../integrations/storage/media-store';
import { conflict, notFound } from '../../http/errors';
import type { Page } from '../articles/article-repository';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { auditedResource } from '../audit/audited-resource';
import { createOrderedArticles, orderedArticleRepository } from '../playlists/ordered-articles';
import { createStoryRepository } from './story-repository';

const NO_STORY = 'There is no story with that id.';
const RESOURCE = 'story';

const slugTaken = (slug: string) => conflict(`There is already a story with the slug "${slug}"; choose another slug.`);

export interface StoryAdminServiceDeps {
  db: Kysely<Database>;
  /** Where the story's uploaded assets are (deleted with the story). */
  media: MediaStore;
  /** Forgets the story's public answers in this process; answers the caches it was purged from (admin-routes.ts). */
  purge: (storyId: string) => string[];
}

/**
 * The admin's stories (SPEC §3, §7 Admin) and their articles (playlists/ordered-articles.ts):
 * every write is recorded in the audit log in its own transaction and purges the story's public
 * answers after the commit; a slug is unique (409).
 */
export function createStoryAdminService({ db, media, purge }: StoryAdminServiceDeps) {
  const reads = createStoryRepository(db);
  const writes = auditedResource({
    db,
    resource: RESOURCE,
    noSuch: NO_STORY,
    repository: (trx) => {
      const repo = createStoryRepository(trx);
      return { ...repo, get: repo.adminGet, lock: repo.adminLock };
    },
    taken: (body: AdminStoryCreateBody | AdminStoryUpdateBody) => (body.slug === undefined ? undefined : () => slugTaken(body.slug!)),
    changed: (id) => purge(id),
  });

  async function get(id: string): Promise<AdminStory> {
    const story = await reads.adminGet(id);
    if (!story) throw notFound(NO_STORY);
    return story;
  }

  return {
    list: (query: AdminStoryListQuery, page: Page) => reads.adminList(query, page),

    get,

    create: (actor: AuditActor, body: AdminStoryCreateBody): Promise<AdminStory> => writes.create(actor, body),

    update: (actor: AuditActor, id: string, body: AdminStoryUpdateBody): Promise<AdminStory> => writes.update(actor, id, body),

    // The entry keeps its articles in order, so a deleted story can be rebuilt from the log. Its
    // uploaded files (media assets, cascaded with the row) leave the media store after the commit.
    async remove(actor: AuditActor, id: string): Promise<void> {
      let files: string[] = [];
      await writes.remove(actor, id, {
        before: async (before, trx) => {
          const assets = await trx.selectFrom('media_assets').select(['storage_key', 'poster_key']).where('story_id', '=', id).execute();
          files = assets.flatMap((asset) => [asset.storage_key, asset.poster_key]).filter((key): key is string => key !== null);
          return { ...before, articleIds: await orderedArticleRepository(trx, 'story').ids(id) };
        },
      });
      await Promise.all(files.map((key) => discardMediaFile(media, key)));
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
