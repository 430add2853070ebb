import type { AdminAd, AdminAdListQuery } from '@newsreel/contracts';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { AdsTable, Database } from '../../db/schema';
import { containingPattern } from '../../http/query';
import type { Page } from '../articles/article-repository';

type Executor = Kysely<Database> | Transaction<Database>;
export type AdRow = Selectable<AdsTable>;

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

export function adminAdOf(row: AdRow): AdminAd {
  return {
    id: row.id,
    title: row.title,
    mediaUrl: row.media_url,
    mediaType: row.media_type,
    clickUrl: row.click_url,
    regionIds: row.region_ids,
    categoryIds: row.category_ids,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    weight: row.weight,
    dailyCap: row.daily_cap,
    enabled: row.enabled,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  };
}

/** An ad that may be served: enabled, with a file, within its dates. */
export interface ServableAd {
  id: string;
  title: string;
  media_url: string;
  click_url: string | null;
  weight: number;
}

/** The ad inventory's rows (migration 0030) and the per-visitor daily counts. */
export function createAdRepository(db: Executor) {
  return {
    async list(query: AdminAdListQuery, page: Page): Promise<{ items: AdRow[]; total: number }> {
      let select = db.selectFrom('ads').selectAll();
      let count = db.selectFrom('ads').select(sql<string>`count(*)`.as('n'));
      if (query.q) {
        select = select.where(sql<boolean>`title ILIKE ${containingPattern(query.q)}`);
        count = count.where(sql<boolean>`title ILIKE ${containingPattern(query.q)}`);
      }
      const [items, total] = await Promise.all([
        select.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
        count.executeTakeFirstOrThrow(),
      ]);
      return { items, total: Number(total.n) };
    },

    get: (id: string, trx: Executor = db) => trx.selectFrom('ads').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The ids among `ids` that are no category. */
    async unknownCategories(ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const found = await db.selectFrom('categories').select('id').where('id', 'in', [...ids]).execute();
      const known = new Set(found.map((row) => row.id));
      return ids.filter((id) => !known.has(id));
    },

    /** The regions and categories of an article; undefined when there is none with that id. */
    articleTargets: (articleId: string) =>
      db.selectFrom('articles').select(['region_ids', 'category_ids']).where('id', '=', articleId).executeTakeFirst(),

    /**
     * The ads that may play before an article of these regions and categories (an ad with no
     * regions or no categories fits any) for this visitor today: enabled, with a file, within their
     * dates, and under their daily cap. With no article, only untargeted ads fit.
     */
    async servable(target: { regionIds: number[]; categoryIds: string[] } | null, visitorId: string, now: Date): Promise<ServableAd[]> {
      const regions = target ? sql`(cardinality(a.region_ids) = 0 OR a.region_ids && ${sql.val(target.regionIds)}::integer[])` : sql`cardinality(a.region_ids) = 0`;
      const categories = target
        ? sql`(cardinality(a.category_ids) = 0 OR a.category_ids && ${sql.val(target.categoryIds)}::uuid[])`
        : sql`cardinality(a.category_ids) = 0`;
      const { rows } = await sql<ServableAd>`SELECT a.id, a.title, a.media_url, a.click_url, a.weight FROM ads a
        LEFT JOIN ad_impressions i ON i.ad_id = a.id AND i.visitor_id = ${visitorId} AND i.day = ${dayOf(now)}::date
        WHERE a.enabled AND a.media_url IS NOT NULL
          AND (a.starts_at IS NULL OR a.starts_at <= ${now}) AND (a.ends_at IS NULL OR a.ends_at > ${now})
          AND ${regions} AND ${categories}
          AND (a.daily_cap IS NULL OR coalesce(i.count, 0) < a.daily_cap)
        ORDER BY a.id`.execute(db);
      return rows;
    },

    /** Counts one impression of the ad for the visitor today; days before yesterday are dropped now and then. */
    async countImpression(adId: string, visitorId: string, now: Date): Promise<void> {
      await db
        .insertInto('ad_impressions')
        .values({ ad_id: adId, visitor_id: visitorId, day: dayOf(now) })
        .onConflict((oc) => oc.columns(['ad_id', 'visitor_id', 'day']).doUpdateSet({ count: sql`ad_impressions.count + 1` }))
        .execute();
      if (Math.random() < 0.01) await db.deleteFrom('ad_impressions').where('day', '<', dayOf(new Date(now.getTime() - 2 * 86_400_000))).execute();
    },
  };
}

export type AdRepository = ReturnType<typeof createAdRepository>;

/** The UTC day of a time, as YYYY-MM-DD. */
export const dayOf = (time: Date) => time.toISOString().slice(0, 10);
