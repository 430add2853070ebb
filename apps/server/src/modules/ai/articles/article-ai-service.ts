import { ArticleStatus, type ArticleAiWork, type ArticleProcessQueued, type ArticleTranslation } from '@newsreel/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { recordAudit, type AuditActor } from '../../audit/audit-log';
import { describeArticleState } from '../../articles/article-lifecycle';
import type { JobQueue } from '../../jobs/job-queue';
import type { AiProvider } from '../providers/ai-provider';
import { summaryNow, translationJob } from './article-ai-jobs';

const NO_ARTICLE = 'There is no article with that id.';

/**
 * Why translate answers 409 without a provider: the request is sound, but this server is set up
 * without a model that can write, and asking again will not change that (not 503, which says
 * "down for now, try later"). The built-in AI only quotes passages; it cannot translate.
 */
export const NO_TRANSLATION_PROVIDER =
  'No translation provider is configured: the built-in AI only quotes the catalogue and cannot translate. Set AI_BASE_URL, AI_API_KEY and AI_MODEL to an OpenAI-compatible endpoint (README, "Settings").';

type TranslationRow = Selectable<Database['article_translations']>;

export function translationOf(row: TranslationRow): ArticleTranslation {
  return {
    articleId: row.article_id,
    language: row.language,
    state: row.state,
    jobId: row.job_id,
    title: row.title,
    description: row.description,
    summary: row.summary,
    cueCount: row.cue_count,
    provider: row.provider,
    error: row.error,
    requestedAt: new Date(row.requested_at).toISOString(),
    completedAt: row.completed_at === null ? null : new Date(row.completed_at).toISOString(),
  };
}

export interface ArticleAiServiceDeps {
  db: Kysely<Database>;
  jobs: JobQueue;
  /** The provider that writes (a configured model), or null. */
  model: AiProvider | null;
}

/** The admin's article extras of the AI (SPEC §7): its work on an article, translate {language}, process {type}. */
export function createArticleAiService({ db, jobs, model }: ArticleAiServiceDeps) {
  async function article(id: string) {
    const found = await db.selectFrom('articles').select(['id', 'status', 'review_status', 'language']).where('id', '=', id).executeTakeFirst();
    if (!found) throw notFound(NO_ARTICLE);
    return found;
  }

  async function translation(articleId: string, language: string) {
    const row = await db.selectFrom('article_translations').selectAll().where('article_id', '=', articleId).where('language', '=', language).executeTakeFirst();
    return row && translationOf(row);
  }

  return {
    async work(id: string): Promise<ArticleAiWork> {
      await article(id);
      const [summary, translations] = await Promise.all([
        db.selectFrom('article_ai_summaries').selectAll().where('article_id', '=', id).executeTakeFirst(),
        db.selectFrom('article_translations').selectAll().where('article_id', '=', id).orderBy('language').execute(),
      ]);
      return {
        articleId: id,
        translationProvider: model?.name ?? null,
        summary: summary
          ? {
              method: summary.method,
              provider: summary.provider,
              sourceLanguage: summary.source_language,
              durationMs: summary.duration_ms,
              createdAt: new Date(summary.created_at).toISOString(),
            }
          : null,
        translations: translations.map(translationOf),
      };
    },

    /**
     * Queues the translation of an article into `language`. Refused (nothing changes): 404 no
     * such article; 409 no provider, a translation into it still under way, or a transcript in
     * that language from its publisher (a translation would replace it); 400 its own language.
     */
    async translate(actor: AuditActor, id: string, language: string): Promise<ArticleTranslation> {
      const found = await article(id);
      if (!model) throw conflict(NO_TRANSLATION_PROVIDER);
      if (language.toLowerCase() === found.language.toLowerCase()) {
        throw badRequest(`body.language is the article's own language (${found.language}); choose the language to translate it into`);
      }
      const before = await translation(id, language);
      if (before?.state === 'queued') {
        throw conflict(`The article is already being translated into ${language} (job ${before.jobId ?? 'being queued'}); wait for it to finish or fail.`);
      }
      const publishers = before
        ? undefined
        : await db.selectFrom('transcripts').select('language').where('article_id', '=', id).where('language', '=', language).executeTakeFirst();
      if (publishers) {
        throw conflict(`The article already has a transcript in ${language} from its publisher; a translation would replace it.`);
      }
      const queued = await db.transaction().execute(async (trx) => {
        const values = {
          state: 'queued' as const,
          job_id: null,
          title: null,
          description: null,
          summary: null,
          cue_count: null,
          provider: model.name,
          error: null,
          requested_at: sql<Date>`now()`,
          completed_at: null,
        };
        const row = await trx
          .insertInto('article_translations')
          .values({ article_id: id, language, ...values })
          .onConflict((oc) => oc.columns(['article_id', 'language']).doUpdateSet(values))
          .returningAll()
          .executeTakeFirstOrThrow();
        const after = translationOf(row);
        await recordAudit(trx, { actor, action: 'translate', resource: 'article-translation', resourceId: `${id}/${language}`, before: before ?? null, after });
        return after;
      });
      let jobId: string;
      try {
        jobId = await translationJob(jobs, { articleId: id, language });
      } catch (error) {
        // Not queued: the request is refused as a whole (503), and the row says so instead of waiting forever.
        await db
          .updateTable('article_translations')
          .set({ state: 'failed', error: `Could not be queued: ${(error as Error).message}`.slice(0, 2000), completed_at: sql<Date>`now()` })
          .where('article_id', '=', id)
          .where('language', '=', language)
          .execute();
        throw error;
      }
      await db.updateTable('article_translations').set({ job_id: jobId }).where('article_id', '=', id).where('language', '=', language).where('job_id', 'is', null).execute();
      return { ...queued, jobId };
    },

    /** process {type: summary}: the AI writes the summary of an article waiting in AI populate now. */
    async process(actor: AuditActor, id: string, type: 'summary'): Promise<ArticleProcessQueued> {
      const found = await article(id);
      if (found.status !== ArticleStatus.AI_POPULATE) {
        throw conflict(
          `Only an article waiting for the AI to write its summary (AI populate) can be summarized; this one is ${describeArticleState({ status: found.status as ArticleStatus, reviewStatus: found.review_status as never })}.`,
        );
      }
      const jobId = await summaryNow(jobs, id);
      const queued: ArticleProcessQueued = { articleId: id, type, jobId };
      await recordAudit(db, { actor, action: 'process', resource: 'article', resourceId: id, before: null, after: queued });
      return queued;
    },
  };
}

export type ArticleAiService = ReturnType<typeof createArticleAiService>;
