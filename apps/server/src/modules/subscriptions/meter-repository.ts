import {
  ArticleStatus,
  meterSettingsOf,
  meterWindowOf,
  METER_PERIOD_DAYS_MAX,
  openMeteredArticle,
  type MeterOpenResult,
  type MeterReason,
  type MeterSettings,
  type MeterState,
} from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ActorType } from '../articles/article-repository';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { saveAppConfig } from '../config/app-config-repository';
import { SITE_CONFIG_TYPE, siteAppConfig, subscriptionStandingOf } from './subscription-standing';

const DAY_MS = 86_400_000;
/** The meter's settings now: the web app config's subscription.meter (the default when none is stored). */
export async function meterSettings(db: Kysely<Database>): Promise<MeterSettings> {
  return meterSettingsOf(await siteAppConfig(db));
}

/**
 * The usage meter of signed-in readers (issue 17 item 3; docs/architecture.md, "Usage meter"):
 * the articles each opened in the rolling window, kept in subscription_meter_reads (migration
 * 0032). The window's rule is contracts' openMeteredArticle, the same the browser's meter of
 * anonymous readers follows.
 */
export function createMeterRepository(db: Kysely<Database>) {
  /** Why the user is metered or not: an active subscription or an admin's exemption frees them. */
  async function reasonOf(executor: Kysely<Database>, userId: string): Promise<MeterReason> {
    const standing = await subscriptionStandingOf(executor, { type: ActorType.USER, id: userId });
    return standing === 'none' ? 'metered' : standing;
  }

  async function readsOf(executor: Kysely<Database>, userId: string, settings: MeterSettings, now: number) {
    const rows = await executor
      .selectFrom('subscription_meter_reads')
      .select(['article_id', 'read_at'])
      .where('user_id', '=', userId)
      .where('read_at', '>', new Date(now - settings.periodDays * DAY_MS))
      .execute();
    return rows.map((row) => ({ articleId: row.article_id, readAt: row.read_at.getTime() }));
  }

  function stateOf(reason: MeterReason, settings: MeterSettings, window: ReturnType<typeof meterWindowOf> | null): MeterState {
    const base = { metered: reason === 'metered', reason, freeArticles: settings.freeArticles, periodDays: settings.periodDays };
    // Nothing is counted for a reader the meter does not apply to.
    if (!window) return { ...base, used: 0, remaining: settings.freeArticles, nextFreeAt: null };
    return { ...base, used: window.used, remaining: window.remaining, nextFreeAt: window.nextFreeAt === null ? null : new Date(window.nextFreeAt).toISOString() };
  }

  /** Whether readers may see the article at all: published (the public article API's rule). */
  async function isPublicArticle(articleId: string): Promise<boolean> {
    const row = await db
      .selectFrom('articles')
      .select('id')
      .where('id', '=', articleId)
      .where('status', '=', ArticleStatus.ACTIVE)
      .where('published_at', '<=', sql<Date>`now()`)
      .executeTakeFirst();
    return row !== undefined;
  }

  return {
    async state(userId: string): Promise<MeterState> {
      const settings = await meterSettings(db);
      const reason = await reasonOf(db, userId);
      if (reason !== 'metered') return stateOf(reason, settings, null);
      const now = Date.now();
      return stateOf(reason, settings, meterWindowOf(await readsOf(db, userId, settings, now), settings, now));
    },

    /**
     * The reader opens an article: counted when the meter allows a new one. Under a lock on the
     * reader's row, so two tabs opening two articles with one free left are counted one after the
     * other and exactly one is allowed. Undefined for an article readers cannot see.
     */
    async open(userId: string, articleId: string): Promise<MeterOpenResult | undefined> {
      if (!(await isPublicArticle(articleId))) return undefined;
      const id = articleId.toLowerCase();
      return db.transaction().execute(async (trx) => {
        // FOR NO KEY UPDATE: it serialises the reader's meter calls, not the reads' inserts (their key share lock on users).
        await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().executeTakeFirstOrThrow();
        const settings = await meterSettings(trx);
        const reason = await reasonOf(trx, userId);
        if (reason !== 'metered') return { ...stateOf(reason, settings, null), articleId: id, allowed: true, counted: false };
        const now = Date.now();
        const opened = openMeteredArticle(await readsOf(trx, userId, settings, now), id, settings, now);
        if (opened.counted) {
          const readAt = new Date(now);
          await trx
            .insertInto('subscription_meter_reads')
            .values({ user_id: userId, article_id: id, read_at: readAt })
            .onConflict((oc) => oc.columns(['user_id', 'article_id']).doUpdateSet({ read_at: readAt }))
            .execute();
          // Reads older than the longest window an admin can set never count again.
          await trx
            .deleteFrom('subscription_meter_reads')
            .where('user_id', '=', userId)
            .where('read_at', '<', new Date(now - METER_PERIOD_DAYS_MAX * DAY_MS))
            .execute();
        }
        return { ...stateOf(reason, settings, opened.window), articleId: id, allowed: opened.allowed, counted: opened.counted };
      });
    },

    settings: () => meterSettings(db),

    /** Sets the web app config's meter settings (storing the default config first when none is), in the audit log. */
    async saveSettings(settings: MeterSettings, actor: AuditActor): Promise<MeterSettings> {
      return db.transaction().execute(async (trx) => {
        await sql`SELECT 1 FROM app_configs WHERE type = ${SITE_CONFIG_TYPE} FOR UPDATE`.execute(trx);
        const config = await siteAppConfig(trx);
        const before = meterSettingsOf(config);
        const after = { freeArticles: settings.freeArticles, periodDays: settings.periodDays };
        await saveAppConfig(trx, { ...config, subscription: { ...config.subscription, meter: after } });
        await recordAudit(trx, { actor, action: 'update', resource: 'subscription-meter', resourceId: SITE_CONFIG_TYPE, before, after });
        return after;
      });
    },
  };
}
