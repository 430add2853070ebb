import {
  AI_RESULT_TYPES,
  STATISTICS_RANGE_MAX_DAYS,
  type AdminAiResultListQuery,
  type AiResult,
  type AiResultStatistics,
  type AiResultType,
  type List,
} from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { badRequest, notFound } from '../../../http/errors';
import { recordAudit, type AuditActor } from '../../audit/audit-log';
import { parseDay } from '../../statistics/statistics-service';
import { toAiResult } from '../ai-service';

const NO_RESULT = 'There is no AI result with that id.';
const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 30;
/** The types whose results can be "not found" (nothing relevant was retrieved). */
const ANSWERING: AiResultType[] = ['ask', 'playlist'];

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The range of GET /v1/admin/statistics/ai-results: as the statistics summary reads it (default the last 30 days). */
function rangeOf(query: { from?: string; to?: string }) {
  const to = query.to ? parseDay('to', query.to) : query.from ? addDays(parseDay('from', query.from), DEFAULT_DAYS - 1) : new Date().toISOString().slice(0, 10);
  const from = query.from ? parseDay('from', query.from) : addDays(to, 1 - DEFAULT_DAYS);
  if (to < from) throw badRequest(`to (${to}) is before from (${from}); give the earlier day first`);
  const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
  if (days > STATISTICS_RANGE_MAX_DAYS) throw badRequest(`The range from ${from} to ${to} is ${days} days long; ask for at most ${STATISTICS_RANGE_MAX_DAYS} days at a time`);
  return { from, to };
}

/**
 * The admin's AI results (SPEC §7 Admin "AI results" and "statistics for ai-results"): every
 * stored result listed, searched and sorted, read, deleted (in the audit log), and counted.
 * The results are those of ai_results (migration 0024), written by the AI search and the AI's
 * work on articles; the rows are mapped as GET /v1/ai/results/{id} maps them (toAiResult).
 */
export function createAiResultsAdmin(db: Kysely<Database>) {
  async function get(id: string): Promise<AiResult> {
    const row = await db.selectFrom('ai_results').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(NO_RESULT);
    return toAiResult(row);
  }

  return {
    get,

    async list(query: AdminAiResultListQuery, page: { page: number; limit: number; offset: number }): Promise<List<AiResult>> {
      let select = db.selectFrom('ai_results');
      if (query.type) select = select.where('type', '=', query.type);
      if (query.provider) select = select.where('provider', '=', query.provider);
      if (query.found !== undefined) select = select.where('found', '=', query.found);
      if (query.articleId) select = select.where('article_id', '=', query.articleId);
      const q = query.q?.trim().toLowerCase();
      if (q) select = select.where(sql<boolean>`(position(${q} in lower(query)) > 0 OR position(${q} in lower(answer)) > 0)`);
      const column = query.sort === 'timingMs' ? 'timing_ms' : 'created_at';
      const order = query.order ?? 'desc';
      const [rows, count] = await Promise.all([
        select.selectAll().orderBy(column, order).orderBy('id', order).limit(page.limit).offset(page.offset).execute(),
        select.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toAiResult), total: Number(count.total), page: page.page, limit: page.limit };
    },

    /** Deletes a result (its shared link then answers 404), recorded with what it was. */
    async remove(actor: AuditActor, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('ai_results').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
        if (!row) throw notFound(NO_RESULT);
        await trx.deleteFrom('ai_results').where('id', '=', id).execute();
        await recordAudit(trx, { actor, action: 'delete', resource: 'ai-result', resourceId: id, before: toAiResult(row), after: null });
      });
    },

    /** Counts by type and by UTC day, the not-found rate, the median and 95th-percentile time, by provider. */
    async statistics(query: { from?: string; to?: string }): Promise<AiResultStatistics> {
      const { from, to } = rangeOf(query);
      const within = sql`created_at >= ${`${from}T00:00:00Z`}::timestamptz AND created_at < ${`${addDays(to, 1)}T00:00:00Z`}::timestamptz`;
      const timing = sql`percentile_cont(0.5) WITHIN GROUP (ORDER BY timing_ms) AS median, percentile_cont(0.95) WITHIN GROUP (ORDER BY timing_ms) AS p95`;
      type Timing = { median: number | string | null; p95: number | string | null };
      const [overall, types, days, providers] = await Promise.all([
        sql<Timing & { total: string; not_found: string; answering: string }>`
          SELECT count(*) AS total,
            count(*) FILTER (WHERE NOT found AND type IN (${sql.join(ANSWERING)})) AS not_found,
            count(*) FILTER (WHERE type IN (${sql.join(ANSWERING)})) AS answering, ${timing}
          FROM ai_results WHERE ${within}`.execute(db),
        sql<Timing & { type: AiResultType; count: string; not_found: string }>`
          SELECT type, count(*) AS count, count(*) FILTER (WHERE NOT found) AS not_found, ${timing}
          FROM ai_results WHERE ${within} GROUP BY type`.execute(db),
        sql<{ day: string; type: AiResultType; count: string }>`
          SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, type, count(*) AS count
          FROM ai_results WHERE ${within} GROUP BY 1, 2`.execute(db),
        sql<Timing & { provider: string; count: string }>`
          SELECT provider, count(*) AS count, ${timing}
          FROM ai_results WHERE ${within} GROUP BY provider ORDER BY count(*) DESC, provider`.execute(db),
      ]);
      const totals = overall.rows[0]!;
      const answering = Number(totals.answering);
      const notFound = Number(totals.not_found);
      const byType = new Map(types.rows.map((row) => [row.type, row]));
      const perDay = new Map<string, Record<AiResultType, number>>();
      for (const row of days.rows) {
        const counts = perDay.get(row.day) ?? (Object.fromEntries(AI_RESULT_TYPES.map((type) => [type, 0])) as Record<AiResultType, number>);
        counts[row.type] = Number(row.count);
        perDay.set(row.day, counts);
      }
      const byDay: AiResultStatistics['byDay'] = [];
      for (let day = from; day <= to; day = addDays(day, 1)) {
        const counts = perDay.get(day) ?? (Object.fromEntries(AI_RESULT_TYPES.map((type) => [type, 0])) as Record<AiResultType, number>);
        byDay.push({ day, total: AI_RESULT_TYPES.reduce((sum, type) => sum + counts[type], 0), counts });
      }
      return {
        from,
        to,
        total: Number(totals.total),
        notFound,
        notFoundRate: answering === 0 ? null : notFound / answering,
        medianMs: number(totals.median),
        p95Ms: number(totals.p95),
        byType: AI_RESULT_TYPES.map((type) => {
          const row = byType.get(type);
          return { type, count: Number(row?.count ?? 0), notFound: Number(row?.not_found ?? 0), medianMs: number(row?.median), p95Ms: number(row?.p95) };
        }),
        byDay,
        byProvider: providers.rows.map((row) => ({ provider: row.provider, count: Number(row.count), medianMs: number(row.median), p95Ms: number(row.p95) })),
      };
    },
  };
}
