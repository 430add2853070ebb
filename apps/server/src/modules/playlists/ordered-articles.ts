import { ArticleStatus, type CollectionArticle, type CollectionArticles } from '@newsreel/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit/audit-log';

type Executor = Kysely<Database> | Transaction<Database>;

/** A playlist or a story: an ordered set of articles (migration 0002, playlist_articles / story_articles). */
export type Collection = 'playlist' | 'story';

const TABLES = {
  playlist: { parent: 'playlists', join: 'playlist_articles', key: 'playlist_id' },
  story: { parent: 'stories', join: 'story_articles', key: 'story_id' },
} as const;

interface ArticleRow {
  id: string;
  slug: string;
  title: string;
  status: number;
  live: boolean;
  published_at: Date | null;
}

const articleOf = (row: ArticleRow): CollectionArticle => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  status: row.status as CollectionArticle['status'],
  live: row.live,
  publishedAt: row.published_at ? new Date(row.published_at).toISOString() : null,
});

/** The SQL over a playlist's or story's articles; the public reads are articles.inOrderedList. */
export function orderedArticleRepository(db: Executor, collection: Collection) {
  const { parent, join, key } = TABLES[collection];
  const joinTable = sql.table(join);
  const keyColumn = sql.ref(key);
  return {
    /** Locks the playlist or story until the transaction ends; false when there is none. */
    async lock(id: string): Promise<boolean> {
      const { rows } = await sql`SELECT 1 FROM ${sql.table(parent)} WHERE id = ${id} FOR UPDATE`.execute(db);
      return rows.length > 0;
    },

    async exists(id: string): Promise<boolean> {
      const { rows } = await sql`SELECT 1 FROM ${sql.table(parent)} WHERE id = ${id}`.execute(db);
      return rows.length > 0;
    },

    /** Every article of it, whatever its status, in order. */
    async list(id: string): Promise<CollectionArticles> {
      const { rows } = await sql<ArticleRow>`SELECT a.id, a.slug, a.title, a.status, a.published_at,
          (a.status = ${ArticleStatus.ACTIVE} AND a.published_at IS NOT NULL AND a.published_at <= now()) AS live
        FROM ${joinTable} l JOIN articles a ON a.id = l.article_id
        WHERE l.${keyColumn} = ${id} ORDER BY l.position, a.id`.execute(db);
      return { items: rows.map(articleOf), total: rows.length };
    },

    /** Its article ids, in order. */
    async ids(id: string): Promise<string[]> {
      const { rows } = await sql<{ article_id: string }>`SELECT article_id FROM ${joinTable}
        WHERE ${keyColumn} = ${id} ORDER BY position, article_id`.execute(db);
      return rows.map((row) => row.article_id);
    },

    /** Those of `articleIds` no article has. */
    async unknown(articleIds: string[]): Promise<string[]> {
      const { rows } = await sql<{ id: string }>`SELECT id FROM articles WHERE id = ANY(${articleIds}::uuid[])`.execute(db);
      const known = new Set(rows.map((row) => row.id));
      return articleIds.filter((articleId) => !known.has(articleId));
    },

    /** Puts the articles after its last one, in the order given. */
    async append(id: string, articleIds: string[]): Promise<void> {
      await sql`INSERT INTO ${joinTable} (${keyColumn}, article_id, position)
        SELECT ${id}, t.article_id, coalesce((SELECT max(position) FROM ${joinTable} WHERE ${keyColumn} = ${id}), -1) + t.n
        FROM unnest(${articleIds}::uuid[]) WITH ORDINALITY AS t(article_id, n)`.execute(db);
    },

    /** Takes the article out; false when it was not in it. */
    async remove(id: string, articleId: string): Promise<boolean> {
      const result = await sql`DELETE FROM ${joinTable} WHERE ${keyColumn} = ${id} AND article_id = ${articleId}`.execute(db);
      return Number(result.numAffectedRows ?? 0) > 0;
    },

    /** Numbers its articles 0, 1, 2 … in the order given (which holds each of its articles once). */
    async reorder(id: string, articleIds: string[]): Promise<void> {
      await sql`UPDATE ${joinTable} l SET position = t.n - 1
        FROM unnest(${articleIds}::uuid[]) WITH ORDINALITY AS t(article_id, n)
        WHERE l.${keyColumn} = ${id} AND l.article_id = t.article_id`.execute(db);
    },
  };
}

export interface OrderedArticlesDeps {
  db: Kysely<Database>;
  collection: Collection;
  /** The audit log's resource name, e.g. playlist. */
  resource: string;
  /** "There is no playlist with that id." */
  noSuch: string;
  /** Called after every committed change, so the public reads show it. */
  changed: (id: string) => void;
}

const listed = (ids: string[]) => ids.join(', ');

/**
 * Adding, removing and reordering the articles of a playlist or story (SPEC §7 Admin). Each write
 * locks the playlist or story, changes nothing when refused, records itself in the audit log with
 * the article ids before and after in the same transaction, and answers the articles in their new
 * order.
 */
export function createOrderedArticles({ db, collection, resource, noSuch, changed }: OrderedArticlesDeps) {
  const noun = collection;

  async function write(actor: AuditActor, id: string, action: string, change: (repo: ReturnType<typeof orderedArticleRepository>, before: string[]) => Promise<void>) {
    const result = await db.transaction().execute(async (trx) => {
      const repo = orderedArticleRepository(trx, collection);
      if (!(await repo.lock(id))) throw notFound(noSuch);
      const before = await repo.ids(id);
      await change(repo, before);
      const after = await repo.ids(id);
      await recordAudit(trx, { actor, action, resource, resourceId: id, before: { articleIds: before }, after: { articleIds: after } });
      return repo.list(id);
    });
    changed(id);
    return result;
  }

  /** Refuses ids no article has (400 naming them) and articles already in it (409 naming them). */
  async function addable(repo: ReturnType<typeof orderedArticleRepository>, before: string[], articleIds: string[], field: string) {
    const unknown = await repo.unknown(articleIds);
    if (unknown.length > 0) throw badRequest(`${field} names no article: ${listed(unknown)}; nothing was added`);
    const present = new Set(before);
    const already = articleIds.filter((articleId) => present.has(articleId));
    if (already.length > 0) {
      throw conflict(`The ${noun} already holds ${already.length === 1 ? 'the article' : 'the articles'} ${listed(already)}; leave ${already.length === 1 ? 'it' : 'them'} out and add again. Nothing was added.`);
    }
  }

  return {
    async list(id: string): Promise<CollectionArticles> {
      const repo = orderedArticleRepository(db, collection);
      if (!(await repo.exists(id))) throw notFound(noSuch);
      return repo.list(id);
    },

    add: (actor: AuditActor, id: string, articleId: string) =>
      write(actor, id, 'add-article', async (repo, before) => {
        await addable(repo, before, [articleId], 'body.articleId');
        await repo.append(id, [articleId]);
      }),

    addBatch: (actor: AuditActor, id: string, articleIds: string[]) =>
      write(actor, id, 'add-articles', async (repo, before) => {
        await addable(repo, before, articleIds, 'body.articleIds');
        await repo.append(id, articleIds);
      }),

    remove: (actor: AuditActor, id: string, articleId: string) =>
      write(actor, id, 'remove-article', async (repo) => {
        if (!(await repo.remove(id, articleId))) throw notFound(`The article ${articleId} is not in this ${noun}; nothing was removed.`);
      }),

    reorder: (actor: AuditActor, id: string, articleIds: string[]) =>
      write(actor, id, 'reorder-articles', async (repo, before) => {
        const given = new Set(articleIds);
        const held = new Set(before);
        const missing = before.filter((articleId) => !given.has(articleId));
        const extra = articleIds.filter((articleId) => !held.has(articleId));
        if (missing.length > 0 || extra.length > 0) {
          const parts = [
            missing.length > 0 ? `it leaves out ${listed(missing)}` : null,
            extra.length > 0 ? `it names ${listed(extra)}, not in the ${noun}` : null,
          ].filter((part): part is string => part !== null);
          throw badRequest(`body.articleIds must hold each of the ${noun}'s ${before.length} articles once: ${parts.join(' and ')}`);
        }
        await repo.reorder(id, articleIds);
      }),
  };
}

export type OrderedArticles = ReturnType<typeof createOrderedArticles>;
