import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { JobQueue } from '../jobs/job-queue';
import { createEmbeddings, type Embedder } from './embeddings';

/** Embeds the passages that have no embedding of AI_EMBEDDING_MODEL yet, every minute. */
export const EMBED_PASSAGES_JOB = 'ai.embed-passages';
/** Passage texts one run embeds at most; the next run goes on where it stopped. */
export const PASSAGES_PER_RUN = 2_048;

/**
 * With an embedding provider, passages are embedded in the background, newest articles first, so
 * a question only waits for its own embedding (docs/architecture.md, "AI search"). A provider that
 * is down fails the run; it is retried with backoff and the next minute's run goes on anyway.
 */
export function registerEmbeddingJobs(jobs: JobQueue, db: Kysely<Database>, embedder: Embedder | undefined, options: { retryDelaySeconds?: number } = {}): void {
  if (!embedder) return;
  const embeddings = createEmbeddings(db);
  jobs.registerJob(
    EMBED_PASSAGES_JOB,
    async () => ({ model: embedder.model, embedded: await embeddings.embedPassages(embedder, PASSAGES_PER_RUN) }),
    { cron: '* * * * *', retryLimit: 2, retryDelaySeconds: options.retryDelaySeconds ?? 30, retryBackoff: true, timeoutSeconds: 10 * 60 },
  );
}

export const embedPassagesNow = (jobs: JobQueue) => jobs.sendJob(EMBED_PASSAGES_JOB);
