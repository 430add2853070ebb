import { randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import { MediaType, type MediaPipelineReport, type MediaPipelineStage, type MediaPipelineStageName } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { discardMediaFile, type MediaStore } from '../../integrations/storage/media-store';
import { purgeArticleCaches } from '../articles/article-caches';
import { announceArticleMediaReady } from '../articles/media-ready';
import { parseTranscript } from '../articles/webvtt';
import type { JobOutput, JobQueue } from '../jobs/job-queue';
import { purgeStoryCaches } from '../stories/story-caches';
import { createMediaAssetRepository, MEDIA_PROCESS_JOB, type MediaAssetRow } from './media-asset-repository';
import { fileSizeOf, localFileOf, MediaFileError, type MediaFolders } from './media-files';
import { makePoster, posterSecond, probeMedia } from './media-tools';

export { MEDIA_PROCESS_JOB };
/** A transcript file is read whole; larger ones are refused. */
export const TRANSCRIPT_MAX_BYTES = 5 * 1024 * 1024;

const PLAYABLE: number[] = [MediaType.VIDEO, MediaType.AUDIO, MediaType.DUBBED_VIDEO];

export interface MediaProcessorDeps {
  db: Kysely<Database>;
  media: MediaStore;
  folders: MediaFolders;
}

/** A transcript file's text, refused past TRANSCRIPT_MAX_BYTES. */
async function readTranscript(file: string, url: string): Promise<string> {
  const size = await fileSizeOf(file, url);
  if (size > TRANSCRIPT_MAX_BYTES) throw new MediaFileError(`The transcript is ${size} bytes; a transcript may be at most ${TRANSCRIPT_MAX_BYTES} bytes.`);
  const handle = await open(file, 'r');
  try {
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

/**
 * Media processing (docs/architecture.md, "Media processing"): a media asset's file is read from
 * this server's disk (media-files.ts), probed for its duration and picture size (ffprobe), given a
 * poster frame (ffmpeg) when it has a picture, and a transcript file is parsed into the article's
 * cues for its language. `process` is the job `media.process`; `testPipeline` runs the same stages
 * on an article's main media for an admin and keeps nothing.
 */
export function createMediaProcessor({ db, media, folders }: MediaProcessorDeps) {
  const assets = createMediaAssetRepository(db);

  const purgeFor = (row: MediaAssetRow) => (row.article_id ? purgeArticleCaches(db, row.article_id) : purgeStoryCaches(db));

  async function processTranscript(row: MediaAssetRow, file: string): Promise<JobOutput> {
    const cues = parseTranscript(await readTranscript(file, row.url));
    const language = row.language ?? (await db.selectFrom('articles').select('language').where('id', '=', row.article_id!).executeTakeFirstOrThrow()).language;
    await db.transaction().execute(async (trx) => {
      // Only while the asset is still there, with this file.
      const still = await trx.selectFrom('media_assets').select('id').where('id', '=', row.id).where('url', '=', row.url).forUpdate().executeTakeFirst();
      if (!still) return;
      await trx
        .insertInto('transcripts')
        .values({ article_id: row.article_id!, language, cues: JSON.stringify(cues) })
        .onConflict((oc) => oc.columns(['article_id', 'language']).doUpdateSet({ cues: JSON.stringify(cues) }))
        .execute();
      await trx.updateTable('media_assets').set({ processed_at: sql<Date>`now()` }).where('id', '=', row.id).execute();
    });
    return { cues: cues.length, language };
  }

  async function processMedia(row: MediaAssetRow, file: string): Promise<JobOutput> {
    const probe = await probeMedia(file);
    let posterKey: string | null = null;
    if (probe.width && row.type !== MediaType.IMAGE) {
      posterKey = `posters/${row.id}/${randomUUID()}.jpg`;
      await media.put(posterKey, await makePoster(file, posterSecond(probe.durationSeconds)), 'image/jpeg');
    }
    const facts = { durationSeconds: probe.durationSeconds, width: probe.width, height: probe.height, posterKey };
    const recorded = await assets.setProbed(row.id, row.url, facts);
    if (!recorded) {
      // Removed, or given another file, meanwhile.
      if (posterKey) await media.delete(posterKey);
      return { skipped: 'the asset was removed or replaced while it was processed' };
    }
    if (posterKey && !recorded.posterKept) await discardMediaFile(media, posterKey);
    if (row.article_id && probe.durationSeconds && PLAYABLE.includes(row.type)) {
      await db.updateTable('articles').set({ duration_seconds: probe.durationSeconds }).where('id', '=', row.article_id).where('duration_seconds', 'is', null).execute();
    }
    // An article that waited in preparing for this file moves on.
    if (row.article_id && PLAYABLE.includes(row.type)) await announceArticleMediaReady(db, row.article_id);
    return { durationSeconds: probe.durationSeconds, width: probe.width, height: probe.height, poster: posterKey !== null };
  }

  /** The job: what it learnt, as the job's output; a throw fails the attempt (retried, then failed for an admin to see). */
  async function process(assetId: string): Promise<JobOutput> {
    const row = await assets.byId(assetId);
    if (!row) return { skipped: 'the asset has been removed' };
    if (!row.uploaded_at) return { skipped: 'the asset’s file has not been uploaded yet' };
    const file = localFileOf(row.url, folders);
    await fileSizeOf(file, row.url);
    const output = row.type === MediaType.TRANSCRIPT ? await processTranscript(row, file) : await processMedia(row, file);
    purgeFor(row);
    return output;
  }

  /** Runs one stage, timed; its error's message is the stage's error. */
  async function stage(name: MediaPipelineStageName, work: () => Promise<MediaPipelineStage['result'] | string>): Promise<MediaPipelineStage> {
    const started = performance.now();
    try {
      const result = await work();
      const durationMs = Math.round(performance.now() - started);
      return typeof result === 'string' ? { stage: name, status: 'skipped', durationMs, error: result, result: {} } : { stage: name, status: 'ok', durationMs, error: null, result };
    } catch (error) {
      return { stage: name, status: 'failed', durationMs: Math.round(performance.now() - started), error: error instanceof Error ? error.message : String(error), result: {} };
    }
  }

  const skipped = (name: MediaPipelineStageName, why: string): MediaPipelineStage => ({ stage: name, status: 'skipped', durationMs: 0, error: why, result: {} });

  /** Each stage on the article's main media and its transcript file, timed, with nothing stored. */
  async function testPipeline(articleId: string, articleLanguage: string): Promise<MediaPipelineReport> {
    const main = await assets.mainMedia(articleId);
    const stages: MediaPipelineStage[] = [];
    if (!main) {
      const why = 'The article has no video or audio asset to test.';
      stages.push({ stage: 'read', status: 'failed', durationMs: 0, error: why, result: {} }, skipped('probe', why), skipped('poster', why));
    } else {
      let file = '';
      const read = await stage('read', async () => {
        file = localFileOf(main.url, folders);
        return { url: main.url, bytes: await fileSizeOf(file, main.url) };
      });
      stages.push(read);
      if (read.status !== 'ok') {
        stages.push(skipped('probe', 'The file could not be read.'), skipped('poster', 'The file could not be read.'));
      } else {
        let durationSeconds: number | null = null;
        let hasPicture = false;
        const probe = await stage('probe', async () => {
          const probed = await probeMedia(file);
          durationSeconds = probed.durationSeconds;
          hasPicture = probed.width !== null;
          return probed;
        });
        stages.push(probe);
        if (probe.status !== 'ok') stages.push(skipped('poster', 'The file could not be probed.'));
        else if (!hasPicture) stages.push(skipped('poster', 'The file has no picture to draw a poster from (audio only).'));
        else stages.push(await stage('poster', async () => {
          const poster = await makePoster(file, posterSecond(durationSeconds));
          const size = probeJpegSize(poster);
          return { bytes: poster.length, format: 'jpeg', ...size };
        }));
      }
    }
    const transcript = await assets.transcriptFile(articleId, articleLanguage);
    stages.push(
      transcript
        ? await stage('transcript', async () => {
            const cues = parseTranscript(await readTranscript(localFileOf(transcript.url, folders), transcript.url));
            return { url: transcript.url, language: transcript.language ?? articleLanguage, cues: cues.length };
          })
        : skipped('transcript', 'The article has no transcript file (media type 4) to parse.'),
    );
    return { articleId, url: main?.url ?? null, ok: stages.every((one) => one.status !== 'failed'), stages };
  }

  return { process, testPipeline };
}

/** A JPEG's width and height, from its start-of-frame marker. */
function probeJpegSize(jpeg: Buffer): { width: number | null; height: number | null } {
  let at = 2;
  while (at + 9 < jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1]!;
    const length = jpeg.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xc3) return { height: jpeg.readUInt16BE(at + 5), width: jpeg.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  return { width: null, height: null };
}

export type MediaProcessor = ReturnType<typeof createMediaProcessor>;

let registered: WeakSet<JobQueue> | undefined;

/**
 * Registers `media.process` on the queue once (the admin console and the publisher studio both
 * queue it): retried twice with backoff from 30 s; then it stays failed, with its error, in the
 * admin's jobs list.
 */
export function registerMediaJobs(jobs: JobQueue, processor: MediaProcessor): void {
  registered ??= new WeakSet();
  if (registered.has(jobs)) return;
  registered.add(jobs);
  jobs.registerJob<{ assetId: string }>(MEDIA_PROCESS_JOB, (job) => processor.process(job.data.assetId), {
    retryLimit: 2,
    retryDelaySeconds: 30,
    retryBackoff: true,
    timeoutSeconds: 10 * 60,
  });
}

/** Queues the processing of an asset's file; the job's id. */
export function queueMediaProcessing(jobs: JobQueue, assetId: string): Promise<string> {
  return jobs.sendJob(MEDIA_PROCESS_JOB, { assetId });
}
