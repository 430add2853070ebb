import type { AdminPlaylist, AdminPlaylistCreateBody, AdminPlaylistListQuery, AdminPlaylistUpdateBody } from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { Page } from '../articles/article-repository';
import type { AuditActor } from '../audit/audit-log';
import { auditedResource } from '../audit/audited-resource';
import { createOrderedArticles, orderedArticleRepository } from './ordered-articles';
import { createPlaylistRepository } from './playlist-repository';

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
 * is recorded in the audit log in its own transaction (audit/audited-resource.ts); an external id
 * is unique (409).
 */
export function createPlaylistAdminService({ db, changed }: PlaylistAdminServiceDeps) {
  const reads = createPlaylistRepository(db);
  const writes = auditedResource({
    db,
    resource: RESOURCE,
    noSuch: NO_PLAYLIST,
    repository: (trx) => {
      const repo = createPlaylistRepository(trx);
      return { ...repo, get: repo.adminGet, lock: repo.adminLock };
    },
    taken: (body: AdminPlaylistCreateBody | AdminPlaylistUpdateBody) => (body.externalId === undefined ? undefined : () => externalIdTaken(body.externalId!)),
    changed,
  });

  return {
    list: (query: AdminPlaylistListQuery, page: Page) => reads.adminList(query, page),

    async get(id: string): Promise<AdminPlaylist> {
      const playlist = await reads.adminGet(id);
      if (!playlist) throw notFound(NO_PLAYLIST);
      return playlist;
    },

    create: (actor: AuditActor, body: AdminPlaylistCreateBody): Promise<AdminPlaylist> => writes.create(actor, body),

    update: (actor: AuditActor, id: string, body: AdminPlaylistUpdateBody): Promise<AdminPlaylist> => writes.update(actor, id, body),

    // The entry keeps its articles in order, so a deleted playlist can be rebuilt from the log.
    remove: (actor: AuditActor, id: string): Promise<void> =>
      writes.remove(actor, id, { before: async (before, trx) => ({ ...before, articleIds: await orderedArticleRepository(trx, 'playlist').ids(id) }) }),

    articles: createOrderedArticles({ db, collection: 'playlist', resource: RESOURCE, noSuch: NO_PLAYLIST, changed }),
  };
}
