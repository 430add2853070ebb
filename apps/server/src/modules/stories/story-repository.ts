import type { AdminStory, AdminStoryCreateBody, AdminStoryListQuery, AdminStoryUpdateBody, Story } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { containingPattern } from '../../http/query';
import { pageWithTotal, type Page } from '../articles/article-repository';

interface StoryRow {
  id: string;
  slug: string;
  title: string;
  description: string;
  poster_url: string | null;
  published_at: Date;
  article_count: string;
  total?: string;
}

const shape = (row: StoryRow): Story => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  description: row.description,
  poster: row.poster_url,
  articleCount: Number(row.article_count),
  publishedAt: new Date(row.published_at).toISOString(),
});

/** Readers see the story's poster, or else its first uploaded image asset (media-asset admin routes). */
const STORY_COLUMNS = sql`s.id, s.slug, s.title, s.description, s.published_at,
  coalesce(s.poster_url, (SELECT m.url FROM media_assets m WHERE m.story_id = s.id AND m.type = 3 AND m.uploaded_at IS NOT NULL
   ORDER BY m.created_at, m.id LIMIT 1)) AS poster_url,
  (SELECT count(*) FROM story_articles sa JOIN articles a ON a.id = sa.article_id
   WHERE sa.story_id = s.id AND a.status = 1 AND a.published_at <= now()) AS article_count`;

interface AdminStoryRow extends StoryRow {
  created_at: Date;
  published: boolean;
}

/** The admin's view: every story, counting its articles of any status. */
const SELECT_ADMIN_STORIES = sql`SELECT s.id, s.slug, s.title, s.description, s.poster_url, s.published_at, s.created_at,
  s.published_at <= now() AS published,
  (SELECT count(*) FROM story_articles sa WHERE sa.story_id = s.id) AS article_count
  FROM stories s`;

const adminShape = (row: AdminStoryRow): AdminStory => ({
  ...shape(row),
  published: row.published,
  createdAt: new Date(row.created_at).toISOString(),
});

const ADMIN_SORTS = {
  title: sql`lower(s.title)`,
  slug: sql`s.slug`,
  publishedAt: sql`s.published_at`,
  createdAt: sql`s.created_at`,
  articleCount: sql`s.article_count`,
} as const;

/** Stories (migration 0002): the public reads (published ones, live articles counted) and the admin's list, show and writes. */
export function createStoryRepository(db: Kysely<Database>) {
  async function adminOne(id: string, lock = false): Promise<AdminStory | undefined> {
    const { rows } = await sql<AdminStoryRow>`${SELECT_ADMIN_STORIES} WHERE s.id = ${id}${lock ? sql` FOR UPDATE OF s` : sql``}`.execute(db);
    return rows[0] && adminShape(rows[0]);
  }

  return {
    async adminList(query: AdminStoryListQuery, page: Page): Promise<{ items: AdminStory[]; total: number }> {
      const conditions = [sql`true`];
      if (query.q) {
        const pattern = containingPattern(query.q);
        conditions.push(sql`(s.title ILIKE ${pattern} OR s.slug ILIKE ${pattern} OR s.description ILIKE ${pattern})`);
      }
      if (query.published !== undefined) conditions.push(query.published ? sql`s.published_at <= now()` : sql`s.published_at > now()`);
      const direction = query.order === 'asc' ? sql`ASC` : sql`DESC`;
      const { rows, total } = await pageWithTotal(page, async (at) =>
        (
          await sql<AdminStoryRow & { total: string }>`SELECT *, count(*) OVER () AS total FROM (${SELECT_ADMIN_STORIES}
            WHERE ${sql.join(conditions, sql` AND `)}) s
            ORDER BY ${ADMIN_SORTS[query.sort ?? 'publishedAt']} ${direction}, s.id
            LIMIT ${at.limit} OFFSET ${at.offset}`.execute(db)
        ).rows,
      );
      return { items: rows.map(adminShape), total };
    },

    adminGet: (id: string) => adminOne(id),

    /** The story, locked until the transaction ends. */
    adminLock: (id: string) => adminOne(id, true),

    /** A new story; a slug taken throws the unique violation (23505). */
    async create(body: AdminStoryCreateBody): Promise<string> {
      const row = await db
        .insertInto('stories')
        .values({
          slug: body.slug,
          title: body.title.trim(),
          description: body.description?.trim() ?? '',
          poster_url: body.poster ?? null,
          // The database's clock, not this process's: a story made now is published at once.
          published_at: body.publishedAt ? new Date(body.publishedAt) : sql<Date>`now()`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Changes the fields given; a slug taken throws the unique violation (23505). */
    async update(id: string, body: AdminStoryUpdateBody): Promise<void> {
      await db
        .updateTable('stories')
        .set({
          ...(body.slug !== undefined ? { slug: body.slug } : {}),
          ...(body.title !== undefined ? { title: body.title.trim() } : {}),
          ...(body.description !== undefined ? { description: body.description.trim() } : {}),
          ...(body.poster !== undefined ? { poster_url: body.poster } : {}),
          ...(body.publishedAt !== undefined ? { published_at: new Date(body.publishedAt) } : {}),
        })
        .where('id', '=', id)
        .execute();
    },

    /** Deletes the story with its article list and its media assets (the articles stay). */
    async remove(id: string): Promise<void> {
      await db.deleteFrom('stories').where('id', '=', id).execute();
    },

    async list(offset: number, limit: number) {
      const { rows, total } = await pageWithTotal({ offset, limit }, async (at) => {
        const { rows } = await sql<StoryRow & { total: string }>`SELECT ${STORY_COLUMNS}, count(*) OVER () AS total FROM stories s
          WHERE s.published_at <= now() ORDER BY s.published_at DESC LIMIT ${at.limit} OFFSET ${at.offset}`.execute(db);
        return rows;
      });
      return { items: rows.map(shape), total };
    },
    async byId(id: string): Promise<Story | undefined> {
      const { rows } = await sql<StoryRow>`SELECT ${STORY_COLUMNS} FROM stories s
        WHERE s.id = ${id} AND s.published_at <= now()`.execute(db);
      return rows[0] && shape(rows[0]);
    },
  };
}
export type StoryRepository = ReturnType<typeof createStoryRepository>;
