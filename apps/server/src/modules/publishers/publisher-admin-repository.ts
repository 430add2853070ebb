import type { AdminPublisher, AdminPublisherCreateBody, AdminPublisherListQuery, AdminPublisherUpdateBody } from '@newsreel/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { containingPattern } from '../../http/query';
import { pageWithTotal, type Page } from '../articles/article-repository';
import { publisherOf, type PublisherRow } from './publisher-repository';

type Executor = Kysely<Database> | Transaction<Database>;

const SORTS = {
  name: sql`lower(p.name)`,
  slug: sql`p.slug`,
  createdAt: sql`p.created_at`,
  updatedAt: sql`p.updated_at`,
  articleCount: sql`p.article_count`,
  userCount: sql`p.user_count`,
} as const;

interface AdminPublisherRow extends PublisherRow {
  created_at: Date;
  updated_at: Date;
  article_count: string | number;
  user_count: string | number;
}

/** Articles per publisher, of any status, in one pass (the articles' publisher index holds live ones only). */
const SELECT_PUBLISHERS = sql`SELECT p.id, p.slug, p.name, p.description, p.website, p.logo_url, p.banner_url, p.branding, p.default_language, p.default_region_id, p.created_at, p.updated_at,
    coalesce(n.n, 0) AS article_count,
    (SELECT count(*) FROM publisher_users pu WHERE pu.publisher_id = p.id) AS user_count
  FROM publishers p LEFT JOIN (SELECT publisher_id, count(*) AS n FROM articles GROUP BY 1) n ON n.publisher_id = p.id`;

function adminPublisherOf(row: AdminPublisherRow): AdminPublisher {
  return {
    ...publisherOf(row),
    articleCount: Number(row.article_count),
    userCount: Number(row.user_count),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** What refuses a publisher's deletion: the things that belong to it or name it. */
export interface PublisherUsage {
  articles: number;
  users: number;
  pollTargets: number;
}

const trimmed = (text: string | undefined) => text?.trim();

function columnsOf(body: AdminPublisherUpdateBody) {
  return {
    ...(body.slug !== undefined ? { slug: body.slug } : {}),
    ...(body.name !== undefined ? { name: trimmed(body.name)! } : {}),
    ...(body.description !== undefined ? { description: trimmed(body.description)! } : {}),
    ...(body.website !== undefined ? { website: body.website } : {}),
    ...(body.logoUrl !== undefined ? { logo_url: body.logoUrl } : {}),
    ...(body.branding !== undefined ? { branding: JSON.stringify(body.branding) } : {}),
  };
}

/** The admin's SQL over publishers (migration 0002); the public reads are publisher-repository.ts. */
export function createPublisherAdminRepository(db: Executor) {
  async function one(id: string, lock = false): Promise<AdminPublisher | undefined> {
    const { rows } = await sql<AdminPublisherRow>`${SELECT_PUBLISHERS} WHERE p.id = ${id}${lock ? sql` FOR UPDATE OF p` : sql``}`.execute(db);
    return rows[0] && adminPublisherOf(rows[0]);
  }

  return {
    async list(query: AdminPublisherListQuery, page: Page): Promise<{ items: AdminPublisher[]; total: number }> {
      const conditions = [sql`true`];
      if (query.q) {
        const pattern = containingPattern(query.q);
        conditions.push(sql`(p.name ILIKE ${pattern} OR p.slug ILIKE ${pattern} OR p.website ILIKE ${pattern})`);
      }
      if (query.inUse !== undefined) conditions.push(query.inUse ? sql`p.article_count > 0` : sql`p.article_count = 0`);
      if (query.userId) conditions.push(sql`EXISTS (SELECT 1 FROM publisher_users pu WHERE pu.publisher_id = p.id AND pu.user_id = ${query.userId})`);
      const direction = query.order === 'desc' ? sql`DESC` : sql`ASC`;
      const { rows, total } = await pageWithTotal(page, async (at) =>
        (
          await sql<AdminPublisherRow & { total: string }>`SELECT *, count(*) OVER () AS total FROM (${SELECT_PUBLISHERS}) p
            WHERE ${sql.join(conditions, sql` AND `)}
            ORDER BY ${SORTS[query.sort ?? 'name']} ${direction}, p.id
            LIMIT ${at.limit} OFFSET ${at.offset}`.execute(db)
        ).rows,
      );
      return { items: rows.map(adminPublisherOf), total };
    },

    get: (id: string) => one(id),

    /** The publisher, locked until the transaction ends. */
    lock: (id: string) => one(id, true),

    /** A new publisher; a slug taken throws the unique violation (23505). */
    async create(body: AdminPublisherCreateBody): Promise<string> {
      const row = await db
        .insertInto('publishers')
        .values({ slug: body.slug, name: body.name.trim(), description: '', ...columnsOf(body) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Changes the fields given and the time it changed (which also renews its preview images). */
    async update(id: string, body: AdminPublisherUpdateBody): Promise<void> {
      await db
        .updateTable('publishers')
        .set({ ...columnsOf(body), updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    async usage(id: string): Promise<PublisherUsage> {
      const { rows } = await sql<{ articles: string; users: string; poll_targets: string }>`SELECT
          (SELECT count(*) FROM articles WHERE publisher_id = ${id}) AS articles,
          (SELECT count(*) FROM publisher_users WHERE publisher_id = ${id}) AS users,
          (SELECT count(*) FROM poll_targets WHERE publisher_id = ${id}) AS poll_targets`.execute(db);
      const row = rows[0];
      return { articles: Number(row?.articles ?? 0), users: Number(row?.users ?? 0), pollTargets: Number(row?.poll_targets ?? 0) };
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('publishers').where('id', '=', id).execute();
    },
  };
}

export type PublisherAdminRepository = ReturnType<typeof createPublisherAdminRepository>;
