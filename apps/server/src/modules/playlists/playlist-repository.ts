import type { AdminPlaylist, AdminPlaylistCreateBody, AdminPlaylistListQuery, AdminPlaylistUpdateBody } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { containingPattern } from '../../http/query';
import { pageWithTotal, type Page } from '../articles/article-repository';

const ADMIN_SORTS = {
  name: sql`lower(p.name)`,
  externalId: sql`p.external_id`,
  createdAt: sql`p.created_at`,
  articleCount: sql`p.article_count`,
} as const;

interface AdminPlaylistRow {
  id: string;
  external_id: string;
  name: string;
  description: string;
  created_at: Date;
  article_count: string | number;
}

/** Playlists with how many articles each holds, of any status. */
const SELECT_ADMIN_PLAYLISTS = sql`SELECT p.id, p.external_id, p.name, p.description, p.created_at,
  (SELECT count(*) FROM playlist_articles pa WHERE pa.playlist_id = p.id) AS article_count
  FROM playlists p`;

const adminPlaylistOf = (row: AdminPlaylistRow): AdminPlaylist => ({
  id: row.id,
  externalId: row.external_id,
  name: row.name,
  description: row.description,
  articleCount: Number(row.article_count),
  createdAt: new Date(row.created_at).toISOString(),
});

/** Playlists (migration 0002): the public read and the admin's list, show and writes. */
export function createPlaylistRepository(db: Kysely<Database>) {
  async function adminOne(id: string, lock = false): Promise<AdminPlaylist | undefined> {
    const { rows } = await sql<AdminPlaylistRow>`${SELECT_ADMIN_PLAYLISTS} WHERE p.id = ${id}${lock ? sql` FOR UPDATE OF p` : sql``}`.execute(db);
    return rows[0] && adminPlaylistOf(rows[0]);
  }

  return {
    async byId(id: string) {
      return db
        .selectFrom('playlists')
        .select(['id', 'external_id as externalId', 'name', 'description'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async adminList(query: AdminPlaylistListQuery, page: Page): Promise<{ items: AdminPlaylist[]; total: number }> {
      const conditions = [sql`true`];
      if (query.q) {
        const pattern = containingPattern(query.q);
        conditions.push(sql`(p.name ILIKE ${pattern} OR p.external_id ILIKE ${pattern} OR p.description ILIKE ${pattern})`);
      }
      const direction = query.order === 'desc' ? sql`DESC` : sql`ASC`;
      const { rows, total } = await pageWithTotal(page, async (at) =>
        (
          await sql<AdminPlaylistRow & { total: string }>`SELECT *, count(*) OVER () AS total FROM (${SELECT_ADMIN_PLAYLISTS}
            WHERE ${sql.join(conditions, sql` AND `)}) p
            ORDER BY ${ADMIN_SORTS[query.sort ?? 'name']} ${direction}, p.id
            LIMIT ${at.limit} OFFSET ${at.offset}`.execute(db)
        ).rows,
      );
      return { items: rows.map(adminPlaylistOf), total };
    },

    adminGet: (id: string) => adminOne(id),

    /** The playlist, locked until the transaction ends. */
    adminLock: (id: string) => adminOne(id, true),

    /** A new playlist; an external id taken throws the unique violation (23505). */
    async create(body: AdminPlaylistCreateBody): Promise<string> {
      const row = await db
        .insertInto('playlists')
        .values({ external_id: body.externalId, name: body.name.trim(), description: body.description?.trim() ?? '' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Changes the fields given; an external id taken throws the unique violation (23505). */
    async update(id: string, body: AdminPlaylistUpdateBody): Promise<void> {
      await db
        .updateTable('playlists')
        .set({
          ...(body.externalId !== undefined ? { external_id: body.externalId } : {}),
          ...(body.name !== undefined ? { name: body.name.trim() } : {}),
          ...(body.description !== undefined ? { description: body.description.trim() } : {}),
        })
        .where('id', '=', id)
        .execute();
    },

    /** Deletes the playlist; its article list goes with it (the articles stay). */
    async remove(id: string): Promise<void> {
      await db.deleteFrom('playlists').where('id', '=', id).execute();
    },
  };
}

export type PlaylistRepository = ReturnType<typeof createPlaylistRepository>;
