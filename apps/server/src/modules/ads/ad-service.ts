import { randomUUID } from 'node:crypto';
import { AD_MEDIA_MAX_BYTES, AD_MEDIA_TYPES, type Ad, type AdMediaType, type AdminAd, type AdminAdCreateBody, type AdminAdListQuery, type AdminAdUpdateBody } from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { discardMediaFile, type MediaStore } from '../../integrations/storage/media-store';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import type { Page } from '../articles/article-repository';
import { FILE_EXTENSIONS, sniffFileType } from '../polls/asset-sniff';
import { createAdRepository, adminAdOf, type ServableAd } from './ad-repository';

const NO_AD = 'There is no ad with that id.';
const RESOURCE = 'ad';
const mediaTypeOf = (header: string | undefined) => (header ?? '').split(';')[0]!.trim().toLowerCase();

/** One of `ads`, each as likely as its weight; `random` is in [0, 1). */
export function pickByWeight<T extends { weight: number }>(ads: readonly T[], random: number): T | undefined {
  const total = ads.reduce((sum, ad) => sum + ad.weight, 0);
  let left = random * total;
  for (const ad of ads) {
    left -= ad.weight;
    if (left < 0) return ad;
  }
  return ads.at(-1);
}

export const adOf = (ad: ServableAd): Ad => ({ adId: ad.id, adtitle: ad.title, mediafile: { file: ad.media_url }, clickUrl: ad.click_url });

/**
 * The ad inventory: admins' changes (each in the audit log, in its transaction; an uploaded file
 * is written before and removed after the change that unlinks it commits), and the choice of the
 * ad a visitor is served.
 */
export function createAdService({ db, media, random = Math.random }: { db: Kysely<Database>; media: MediaStore; random?: () => number }) {
  const ads = createAdRepository(db);

  async function checkTargets(body: { categoryIds?: string[] }) {
    const unknown = await ads.unknownCategories(body.categoryIds ?? []);
    if (unknown.length > 0) throw badRequest(`body.categoryIds names no category: ${unknown.join(', ')}.`);
  }
  function checkDates(startsAt: string | Date | null, endsAt: string | Date | null) {
    if (startsAt !== null && endsAt !== null && new Date(endsAt).getTime() <= new Date(startsAt).getTime()) {
      throw badRequest('body.endsAt must be after body.startsAt.');
    }
  }
  const dateOf = (value: string | null | undefined) => (value === undefined ? undefined : value === null ? null : new Date(value));

  return {
    async list(query: AdminAdListQuery, page: Page) {
      const { items, total } = await ads.list(query, page);
      return { items: items.map(adminAdOf), total };
    },

    async get(id: string): Promise<AdminAd> {
      const row = await ads.get(id);
      if (!row) throw notFound(NO_AD);
      return adminAdOf(row);
    },

    async create(actor: AuditActor, body: AdminAdCreateBody): Promise<AdminAd> {
      checkDates(body.startsAt ?? null, body.endsAt ?? null);
      await checkTargets(body);
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('ads')
          .values({
            title: body.title.trim(),
            media_url: body.mediaUrl ?? null,
            click_url: body.clickUrl ?? null,
            region_ids: body.regionIds ?? [],
            category_ids: body.categoryIds ?? [],
            starts_at: dateOf(body.startsAt) ?? null,
            ends_at: dateOf(body.endsAt) ?? null,
            weight: body.weight ?? 1,
            daily_cap: body.dailyCap ?? null,
            enabled: body.enabled ?? true,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const after = adminAdOf(row);
        await recordAudit(trx, { actor, action: 'create', resource: RESOURCE, resourceId: row.id, before: null, after });
        return after;
      });
    },

    async update(actor: AuditActor, id: string, body: AdminAdUpdateBody): Promise<AdminAd> {
      await checkTargets(body);
      let discarded: string | null = null;
      const result = await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('ads').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
        if (!before) throw notFound(NO_AD);
        const startsAt = body.startsAt === undefined ? before.starts_at : dateOf(body.startsAt)!;
        const endsAt = body.endsAt === undefined ? before.ends_at : dateOf(body.endsAt)!;
        checkDates(startsAt, endsAt);
        // A new address replaces an uploaded file, which is then removed.
        const replacesFile = body.mediaUrl !== undefined && before.media_key !== null && body.mediaUrl !== before.media_url;
        if (replacesFile) discarded = before.media_key;
        const row = await trx
          .updateTable('ads')
          .set({
            ...(body.title !== undefined && { title: body.title.trim() }),
            ...(body.mediaUrl !== undefined && { media_url: body.mediaUrl }),
            ...(replacesFile && { media_key: null, media_type: null }),
            ...(body.clickUrl !== undefined && { click_url: body.clickUrl }),
            ...(body.regionIds !== undefined && { region_ids: body.regionIds }),
            ...(body.categoryIds !== undefined && { category_ids: body.categoryIds }),
            ...(body.startsAt !== undefined && { starts_at: startsAt }),
            ...(body.endsAt !== undefined && { ends_at: endsAt }),
            ...(body.weight !== undefined && { weight: body.weight }),
            ...(body.dailyCap !== undefined && { daily_cap: body.dailyCap }),
            ...(body.enabled !== undefined && { enabled: body.enabled }),
            updated_at: new Date(),
          })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        const after = adminAdOf(row);
        await recordAudit(trx, { actor, action: 'update', resource: RESOURCE, resourceId: id, before: adminAdOf(before), after });
        return after;
      });
      if (discarded) await discardMediaFile(media, discarded);
      return result;
    },

    /** Stores the ad's video (mp4 or WebM, checked by its first bytes); it replaces the last file or address. */
    async upload(actor: AuditActor, id: string, contentType: string | undefined, bytes: unknown): Promise<AdminAd> {
      const declared = mediaTypeOf(contentType);
      if (!(AD_MEDIA_TYPES as readonly string[]).includes(declared) || !Buffer.isBuffer(bytes)) {
        throw new HttpError(415, `Send the video's bytes with Content-Type ${AD_MEDIA_TYPES.join(' or ')}.`);
      }
      if (bytes.length === 0) throw badRequest('The body is empty: send the video’s bytes.');
      if (bytes.length > AD_MEDIA_MAX_BYTES) throw new HttpError(413, `An ad video may be at most ${AD_MEDIA_MAX_BYTES / 1024 / 1024} MB.`);
      const sniffed = sniffFileType(bytes);
      if (sniffed !== declared) {
        throw new HttpError(415, `The file is not ${declared}${sniffed ? ` (its bytes are ${sniffed})` : ''}; nothing was stored.`);
      }
      if (!(await ads.get(id))) throw notFound(NO_AD);
      const type = declared as AdMediaType;
      const key = `ads/${id}/${randomUUID()}.${FILE_EXTENSIONS[type]}`;
      await media.put(key, bytes, type);
      let previousKey: string | null = null;
      try {
        const after = await db.transaction().execute(async (trx) => {
          const before = await trx.selectFrom('ads').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
          if (!before) throw notFound(NO_AD);
          previousKey = before.media_key;
          const row = await trx
            .updateTable('ads')
            .set({ media_url: media.url(key), media_type: type, media_key: key, updated_at: new Date() })
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirstOrThrow();
          const answer = adminAdOf(row);
          await recordAudit(trx, { actor, action: 'upload', resource: RESOURCE, resourceId: id, before: adminAdOf(before), after: answer });
          return answer;
        });
        if (previousKey) await discardMediaFile(media, previousKey);
        return after;
      } catch (error) {
        await discardMediaFile(media, key);
        throw error;
      }
    },

    async remove(actor: AuditActor, id: string): Promise<void> {
      const removed = await db.transaction().execute(async (trx) => {
        const row = await trx.deleteFrom('ads').where('id', '=', id).returningAll().executeTakeFirst();
        if (!row) throw notFound(NO_AD);
        await recordAudit(trx, { actor, action: 'delete', resource: RESOURCE, resourceId: id, before: adminAdOf(row), after: null });
        return row;
      });
      if (removed.media_key) await discardMediaFile(media, removed.media_key);
    },

    /**
     * The inventory's ad for this visitor before this article: chosen by weight among the ads
     * that fit, and counted for the visitor's daily cap. null: none fits.
     */
    async next(visitorId: string, articleId: string | undefined, now = new Date()): Promise<Ad | null> {
      let target: { regionIds: number[]; categoryIds: string[] } | null = null;
      if (articleId) {
        const article = await ads.articleTargets(articleId);
        if (!article) throw notFound('There is no article with that articleId.');
        target = { regionIds: article.region_ids, categoryIds: article.category_ids };
      }
      const chosen = pickByWeight(await ads.servable(target, visitorId, now), random());
      if (!chosen) return null;
      await ads.countImpression(chosen.id, visitorId, now);
      return adOf(chosen);
    },
  };
}

export type AdService = ReturnType<typeof createAdService>;
