import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import type { AiProvider } from '../providers/ai-provider';
import {
  articlesAwaitingSummary,
  markTranslationFailed,
  summarizeArticle,
  translateArticle,
  type AiWorkRecorder,
  type SummaryOutcome,
} from './article-ai-work';

/** Summaries of articles in AI populate: every minute for all waiting, or at once for one (`articleId`). */
export const SUMMARY_JOB = 'ai.article-summaries';
/** One article's translation into one language. */
export const TRANSLATE_JOB = 'ai.article-translate';

export const SUMMARY_RETRIES = 3;
export const TRANSLATE_RETRIES = 3;

export interface SummaryJobData {
  /** Only this article; without it, every article waiting (up to a batch). */
  articleId?: string;
}
export interface TranslateJobData {
  articleId: string;
  language: string;
}

export interface ArticleAiJobsOptions {
  /** The configured provider's model, or null: summaries are the built-in extractive ones, translations are refused. */
  model: AiProvider | null;
  /** Stores each piece of work as an AI result (the AI module's results table). */
  record?: AiWorkRecorder;
  /** Seconds before the first retry (tests make it short). */
  retryDelaySeconds?: number;
}

/**
 * Registers the AI's background work on articles (docs/architecture.md, "AI work on articles"):
 * summaries every minute (and on demand: POST /v1/admin/articles/{id}/process {type: summary}),
 * translations when an admin asks. A run that fails is retried with backoff; one that keeps
 * failing stays failed in GET /v1/admin/jobs, where an admin can retry it, and a translation
 * that gave up says so on the article (state failed, with the error).
 */
export function registerArticleAiJobs(jobs: JobQueue, db: Kysely<Database>, options: ArticleAiJobsOptions): void {
  const retryDelaySeconds = options.retryDelaySeconds ?? 30;
  jobs.registerJob<SummaryJobData>(
    SUMMARY_JOB,
    async ({ data }) => {
      const ids = data.articleId ? [data.articleId] : await articlesAwaitingSummary(db);
      const outcomes: SummaryOutcome[] = [];
      const failures: string[] = [];
      for (const id of ids) {
        try {
          outcomes.push(await summarizeArticle(db, options.model, id, options.record));
        } catch (error) {
          failures.push(`${id}: ${(error as Error).message}`);
        }
      }
      // The others are stored; the failed ones are named, and the retry takes them again.
      if (failures.length > 0) throw new Error(`Could not summarize ${failures.length} of ${ids.length} articles — ${failures.join('; ')}`);
      return {
        summarized: outcomes.filter((o) => o.outcome === 'summarized').length,
        withoutTranscript: outcomes.filter((o) => o.outcome === 'no-transcript').length,
        provider: options.model?.name ?? 'built-in (extractive)',
      };
    },
    { cron: '* * * * *', retryLimit: SUMMARY_RETRIES, retryDelaySeconds, retryBackoff: true, timeoutSeconds: 10 * 60 },
  );

  jobs.registerJob<TranslateJobData>(
    TRANSLATE_JOB,
    async ({ data, attempt }) => {
      const { model } = options;
      try {
        if (!model) throw new Error('No translation provider is configured (AI_BASE_URL, AI_API_KEY, AI_MODEL)');
        const done = await translateArticle(db, model, data.articleId, data.language, options.record);
        return { outcome: done.outcome, language: done.language, cues: done.cues };
      } catch (error) {
        if (attempt > TRANSLATE_RETRIES) await markTranslationFailed(db, data.articleId, data.language, (error as Error).message);
        throw error;
      }
    },
    { retryLimit: TRANSLATE_RETRIES, retryDelaySeconds, retryBackoff: true, timeoutSeconds: 15 * 60 },
  );
}

export const summaryNow = (jobs: JobQueue, articleId: string) => jobs.sendJob(SUMMARY_JOB, { articleId } satisfies SummaryJobData);
export const translationJob = (jobs: JobQueue, data: TranslateJobData) => jobs.sendJob(TRANSLATE_JOB, data);
