import type { Story } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { pageWithTotal } from '../articles/article-repository';

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

const STORY_COLUMNS = sql`s.id, s.slug, s.title, s.description, s.poster_url, s.published_at,
  (SELECT count(*) FROM story_articles sa JOIN articles a ON a.id = sa.article_id
   WHERE sa.story_id = s.id AND a.status = 1 AND a.published_at <= now()) AS article_count`;

export function createStoryRepository(db: Kysely<Database>) {
  return {
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
