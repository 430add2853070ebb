import type { VendorArticleSummary } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { feedConditions, type ArticleRepository, type FeedFilters } from '../articles/article-repository';

/**
 * When a vendor last needs to look at an article: its last change, or the moment it went live when
 * that is later (a scheduled article goes live after its last edit, and a sync by `updatedSince`
 * must still see it).
 */
const CHANGED_AT = sql`greatest(a.updated_at, a.published_at)`;

/** Where a page ended: the changed-at time to the microsecond (ISO 8601, UTC) and the id. */
interface Position {
  changedAt: string;
  id: string;
}

const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BAD_CURSOR = 'querystring.cursor is not a cursor this API gave out: pass the nextCursor of the previous page as it was, or leave cursor out to start from the first page.';

/** The opaque cursor of a position: base64url of its JSON, so a client keeps it as it is. */
export function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify([position.changedAt, position.id])).toString('base64url');
}

export function decodeCursor(cursor: string): Position {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(BAD_CURSOR);
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw badRequest(BAD_CURSOR);
  const [changedAt, id] = parsed as unknown[];
  if (typeof changedAt !== 'string' || typeof id !== 'string' || !TIMESTAMP_TEXT.test(changedAt) || !UUID.test(id)) throw badRequest(BAD_CURSOR);
  return { changedAt, id };
}

export interface VendorArticleFilters extends FeedFilters {
  updatedSince?: string;
}

/**
 * Published articles for vendors, by when they changed, paged by a cursor: a page starts right
 * after the last article of the one before, so articles published or changed meanwhile never make
 * a page repeat or skip one (an article that changes moves to its new place, where an `asc` sync
 * finds it again). Shaped by the public article lists' own code (articles.byIds).
 */
export function createVendorArticleQueries(db: Kysely<Database>, articles: ArticleRepository) {
  return {
    async list(filters: VendorArticleFilters, options: { cursor?: string; limit: number; order: 'asc' | 'desc' }) {
      const conditions = feedConditions(filters);
      if (filters.updatedSince) conditions.push(sql`${CHANGED_AT} >= ${filters.updatedSince}::timestamptz`);
      const after = options.cursor ? decodeCursor(options.cursor) : undefined;
      const direction = options.order === 'asc' ? sql`ASC` : sql`DESC`;
      if (after) {
        const beyond = options.order === 'asc' ? sql`>` : sql`<`;
        conditions.push(sql`(${CHANGED_AT}, a.id) ${beyond} (${after.changedAt}::timestamptz, ${after.id}::uuid)`);
      }
      const { rows } = await sql<{ id: string; changed_at: Date; changed_key: string }>`
        SELECT a.id, ${CHANGED_AT} AS changed_at, to_char(${CHANGED_AT} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS changed_key
        FROM articles a WHERE ${sql.join(conditions, sql` AND `)}
        ORDER BY changed_at ${direction}, a.id ${direction}
        LIMIT ${options.limit + 1}`.execute(db);
      const page = rows.slice(0, options.limit);
      const last = page.at(-1);
      const nextCursor = rows.length > options.limit && last ? encodeCursor({ changedAt: last.changed_key, id: last.id }) : null;
      const changed = new Map(page.map((row) => [row.id, new Date(row.changed_at).toISOString()]));
      const items: VendorArticleSummary[] = (await articles.byIds(page.map((row) => row.id))).map((article) => ({
        ...article,
        updatedAt: changed.get(article.id)!,
      }));
      return { items, limit: options.limit, nextCursor };
    },

    /** When a public article last changed (see CHANGED_AT); undefined when it is not public. */
    async changedAt(id: string): Promise<string | undefined> {
      const { rows } = await sql<{ changed_at: Date }>`SELECT ${CHANGED_AT} AS changed_at FROM articles a WHERE a.id = ${id}`.execute(db);
      return rows[0] ? new Date(rows[0].changed_at).toISOString() : undefined;
    },
  };
}
