import type { AdminCategory, AdminCategoryCreateBody, AdminCategoryListQuery, AdminCategoryUpdateBody } from '@newsreel/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { containingPattern } from '../../http/query';
import { pageWithTotal, type Page } from '../articles/article-repository';

type Executor = Kysely<Database> | Transaction<Database>;

const SORTS = {
  name: sql`lower(c.name)`,
  slug: sql`c.slug`,
  createdAt: sql`c.created_at`,
  articleCount: sql`c.article_count`,
} as const;

interface CategoryRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  created_at: Date;
  article_count: string | number;
}

/** Articles per category, of any status: one pass over the articles' category lists. */
const ARTICLE_COUNTS = sql`(SELECT unnest(category_ids) AS category_id, count(*) AS n FROM articles GROUP BY 1)`;
const SELECT_CATEGORIES = sql`SELECT c.id, c.slug, c.name, c.description, c.created_at, coalesce(n.n, 0) AS article_count
  FROM categories c LEFT JOIN ${ARTICLE_COUNTS} n ON n.category_id = c.id`;

function adminCategoryOf(row: CategoryRow): AdminCategory {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    articleCount: Number(row.article_count),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** What refuses a category's deletion: the things that name it. */
export interface CategoryUsage {
  articles: number;
  pollTargets: number;
}

/** The admin's SQL over categories (migration 0002); the public reads are category-repository.ts. */
export function createCategoryAdminRepository(db: Executor) {
  async function one(id: string, lock = false): Promise<AdminCategory | undefined> {
    const { rows } = await sql<CategoryRow>`${SELECT_CATEGORIES} WHERE c.id = ${id}${lock ? sql` FOR UPDATE OF c` : sql``}`.execute(db);
    return rows[0] && adminCategoryOf(rows[0]);
  }

  return {
    async list(query: AdminCategoryListQuery, page: Page): Promise<{ items: AdminCategory[]; total: number }> {
      const conditions = [sql`true`];
      if (query.q) {
        const pattern = containingPattern(query.q);
        conditions.push(sql`(c.name ILIKE ${pattern} OR c.slug ILIKE ${pattern} OR c.description ILIKE ${pattern})`);
      }
      if (query.inUse !== undefined) conditions.push(query.inUse ? sql`n.n > 0` : sql`n.n IS NULL`);
      const direction = query.order === 'desc' ? sql`DESC` : sql`ASC`;
      const { rows, total } = await pageWithTotal(page, async (at) =>
        (
          await sql<CategoryRow & { total: string }>`SELECT *, count(*) OVER () AS total FROM (${SELECT_CATEGORIES}
            WHERE ${sql.join(conditions, sql` AND `)}) c
            ORDER BY ${SORTS[query.sort ?? 'name']} ${direction}, c.id
            LIMIT ${at.limit} OFFSET ${at.offset}`.execute(db)
        ).rows,
      );
      return { items: rows.map(adminCategoryOf), total };
    },

    get: (id: string) => one(id),

    /** The category, locked until the transaction ends (no one else changes or deletes it meanwhile). */
    lock: (id: string) => one(id, true),

    /** A new category; a slug taken throws the unique violation (23505). */
    async create(body: AdminCategoryCreateBody): Promise<string> {
      const row = await db
        .insertInto('categories')
        .values({ slug: body.slug, name: body.name.trim(), description: body.description?.trim() ?? '' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Changes the fields given; a slug taken throws the unique violation (23505). */
    async update(id: string, body: AdminCategoryUpdateBody): Promise<void> {
      await db
        .updateTable('categories')
        .set({
          ...(body.slug !== undefined ? { slug: body.slug } : {}),
          ...(body.name !== undefined ? { name: body.name.trim() } : {}),
          ...(body.description !== undefined ? { description: body.description.trim() } : {}),
        })
        .where('id', '=', id)
        .execute();
    },

    async usage(id: string): Promise<CategoryUsage> {
      const { rows } = await sql<{ articles: string; poll_targets: string }>`SELECT
          (SELECT count(*) FROM articles WHERE ${id}::uuid = ANY(category_ids)) AS articles,
          (SELECT count(*) FROM poll_targets WHERE ${id}::uuid = ANY(category_ids)) AS poll_targets`.execute(db);
      return { articles: Number(rows[0]?.articles ?? 0), pollTargets: Number(rows[0]?.poll_targets ?? 0) };
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('categories').where('id', '=', id).execute();
    },
  };
}

export type CategoryAdminRepository = ReturnType<typeof createCategoryAdminRepository>;
