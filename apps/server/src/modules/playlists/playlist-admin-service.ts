import type { AdminPlaylist, AdminPlaylistCreateBody, AdminPlaylistListQuery, AdminPlaylistUpdateBody } from '@newsreel/contracts';
import type { Kysely, Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/client';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { Page } from '../articles/article-repository';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { createOrderedArticles, orderedArticleRepository } from './ordered-articles';
import { createPlaylistRepository, type PlaylistRepository } from './playlist-repository';

const NO_PLAYLIST = 'There is no playlist with that id.';
const RESOURCE = 'playlist';

const externalIdTaken = (externalId: string) =>
  conflict(`There is already a playlist with the external id "${externalId}"; choose another external id.`);

export interface PlaylistAdminServiceDeps {
  db: Kysely<Database>;
  /** Called after every committed change to a playlist or its articles, so the public reads show it (admin-routes.ts). */
  changed: (playlistId: string) => void;
}

/**
 * The admin's playlists (SPEC §3, §7 Admin) and their articles (ordered-articles.ts): every write
 * is recorded in the audit log in its own transaction; an external id is unique (409).
 */
export function createPlaylistAdminService({ db, changed }: PlaylistAdminServiceDeps) {
  const reads = createPlaylistRepository(db);

  /** Runs a write in a transaction; a taken external id becomes a 409 and nothing is changed. */
  async function write<T>(id: string | null, externalId: string | undefined, work: (repo: PlaylistRepository, trx: Transaction<Database>) => Promise<T & { id: string }>): Promise<T> {
    try {
      const result = await db.transaction().execute((trx) => work(createPlaylistRepository(trx), trx));
      changed(id ?? result.id);
      return result;
    } catch (error) {
      if (externalId !== undefined && isUniqueViolation(error)) throw externalIdTaken(externalId);
      throw error;
    }
  }

  return {
    list: (query: AdminPlaylistListQuery, page: Page) => reads.adminList(query, page),

    async get(id: string): Promise<AdminPlaylist> {
      const playlist = await reads.adminGet(id);
      if (!playlist) throw notFound(NO_PLAYLIST);
      return playlist;
    },

    create: (actor: AuditActor, body: AdminPlaylistCreateBody): Promise<AdminPlaylist> =>
      write(null, body.externalId, async (repo, trx) => {
        const created = (await repo.adminGet(await repo.create(body)))!;
        await recordAudit(trx, { actor, action: 'create', resource: RESOURCE, resourceId: created.id, before: null, after: created });
        return created;
      }),

    update: (actor: AuditActor, id: string, body: AdminPlaylistUpdateBody): Promise<AdminPlaylist> =>
      write(id, body.externalId, async (repo, trx) => {
        const before = await repo.adminLock(id);
        if (!before) throw notFound(NO_PLAYLIST);
        await repo.update(id, body);
        const after = (await repo.adminGet(id))!;
        await recordAudit(trx, { actor, action: 'update', resource: RESOURCE, resourceId: id, before, after });
        return after;
      }),

    remove: async (actor: AuditActor, id: string): Promise<void> => {
      await write(id, undefined, async (repo, trx) => {
        const before = await repo.adminLock(id);
        if (!before) throw notFound(NO_PLAYLIST);
        // The entry keeps its articles in order, so a deleted playlist can be rebuilt from the log.
        const articleIds = await orderedArticleRepository(trx, 'playlist').ids(id);
        await repo.remove(id);
        await recordAudit(trx, { actor, action: 'delete', resource: RESOURCE, resourceId: id, before: { ...before, articleIds }, after: null });
        return { id };
      });
    },

    articles: createOrderedArticles({ db, collection: 'playlist', resource: RESOURCE, noSuch: NO_PLAYLIST, changed }),
  };
}
