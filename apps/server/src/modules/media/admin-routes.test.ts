import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  AdminRole,
  MediaType,
  apiPaths,
  type AdminMediaAsset,
  type AdminMediaAssetAdded,
  type AuditList,
  type MediaPipelineReport,
  type Story,
  type StoryAssetUpload,
  type Transcript,
  adminApiPaths,
} from '@newsreel/contracts';
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, makeAccount, signIn } from '../../../test/accounts';
import { seedContentFixture, type ContentFixture } from '../../../test/content-fixture';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { DEMO_MEDIA_URL } from '../../db/demo-seed';
import type { Database } from '../../db/schema';
import { createLocalMediaStore } from '../../integrations/storage/local-media-store';
import { mediaFoldersOf } from './media-files';
import { createMediaProcessor, type MediaProcessor } from './media-processing';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A demo article's real video and audio, in the repository's demo folder. */
const DEMO_VIDEO = `${DEMO_MEDIA_URL}/amsterdam-grachten-schoonmaak/video.webm`;
const DEMO_AUDIO = `${DEMO_MEDIA_URL}/amsterdam-grachten-schoonmaak/audio.mp3`;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);
const VTT = 'WEBVTT\n\n1\n00:00:00.000 --> 00:00:02.500\nGuten Abend.\n\n2\n00:00:02.500 --> 00:00:05.000\n<v Reporter>Die Nachrichten.</v>\n';

describe('media assets in the admin console', () => {
  let t: TestApp;
  let db: Kysely<Database>;
  let f: ContentFixture;
  let moderator: { authorization: string };
  let superuser: { authorization: string };
  let processor: MediaProcessor;

  const call = (method: Method, url: string, payload?: object) => t.app.inject({ method, url, payload, headers: moderator });
  async function ok<T>(method: Method, url: string, payload?: object): Promise<T> {
    const res = await call(method, url, payload);
    if (res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return (res.body ? res.json() : undefined) as T;
  }
  const assetCount = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM media_assets`.execute(db)).rows[0]!.n);
  const auditOf = async (resourceId: string) =>
    ((await t.app.inject({ url: `${adminApiPaths.audit}?resource=media-asset&resourceId=${encodeURIComponent(resourceId)}`, headers: superuser })).json() as AuditList).items;
  /** An article with only the given files (the fixture's are on an outside host). */
  async function onlyMedia(articleId: string) {
    await db.deleteFrom('media_assets').where('article_id', '=', articleId).execute();
  }

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'off' });
    db = t.database.handle.db;
    f = await seedContentFixture(db);
    await makeAccount(db, 'media-moderator@example.com', { adminRole: AdminRole.MODERATOR });
    await makeAccount(db, 'media-superuser@example.com', { adminRole: AdminRole.SUPERUSER });
    moderator = await adminAuth(t.app, await signIn(t.app, 'media-moderator@example.com'));
    superuser = await adminAuth(t.app, await signIn(t.app, 'media-superuser@example.com'));
    processor = createMediaProcessor({ db, media: createLocalMediaStore(t.mediaRoot), folders: mediaFoldersOf(createLocalMediaStore(t.mediaRoot)) });
  });
  afterAll(() => t?.close());

  it('adds a video by URL, queues its processing, and the job fills in its duration, size and poster', async () => {
    const article = f.articles.berlin;
    await onlyMedia(article);
    await db.updateTable('articles').set({ duration_seconds: null }).where('id', '=', article).execute();
    const added = await ok<AdminMediaAssetAdded>('POST', adminApiPaths.articleMediaAssets(article), { type: MediaType.VIDEO, fileType: 'video/webm', fileSize: 1234, language: 'de', url: DEMO_VIDEO });
    expect(added.asset).toMatchObject({ type: 1, source: 2, url: DEMO_VIDEO, fileType: 'video/webm', fileSize: 1234, language: 'de', durationSeconds: null });
    expect(added.processingJobId).toEqual(expect.any(String));
    const queued = await sql<{ name: string; data: { assetId: string } }>`SELECT name, data FROM pgboss.job WHERE id = ${added.processingJobId}`.execute(db);
    expect(queued.rows[0]).toMatchObject({ name: 'media.process', data: { assetId: added.asset.id } });

    // Its job waits (the test app runs no jobs): the list says it is being processed.
    expect((await ok<AdminMediaAsset[]>('GET', adminApiPaths.articleMediaAssets(article)))[0]).toMatchObject({ id: added.asset.id, processing: true });
    // What the job does, run here.
    expect(await processor.process(added.asset.id)).toMatchObject({ width: 640, height: 360, poster: true });
    const [listed] = await ok<AdminMediaAsset[]>('GET', adminApiPaths.articleMediaAssets(article));
    expect(listed!.durationSeconds).toBeGreaterThan(10);
    expect(listed).toMatchObject({ id: added.asset.id, width: 640, height: 360 });
    expect(listed!.poster).toMatch(/^\/media\/posters\/.+\.jpg$/);
    expect(existsSync(path.join(t.mediaRoot, listed!.poster!.slice('/media/'.length)))).toBe(true);
    // The article had no duration: it now has the video's.
    expect((await db.selectFrom('articles').select('duration_seconds').where('id', '=', article).executeTakeFirstOrThrow()).duration_seconds).toBeCloseTo(listed!.durationSeconds!, 1);
    // Readers see the new file at once.
    const publicArticle = (await t.app.inject({ url: apiPaths.article(article) })).json() as { media: { url: string }[] };
    expect(publicArticle.media.map((m) => m.url)).toContain(DEMO_VIDEO);
    expect((await auditOf(`${article}/${added.asset.id}`)).map((entry) => entry.action)).toEqual(['create']);
  });

  it('parses a transcript file into the article’s cues for its language', async () => {
    await mkdir(path.join(t.mediaRoot, 'transcripts'), { recursive: true });
    await writeFile(path.join(t.mediaRoot, 'transcripts', 'berlin.vtt'), VTT);
    const article = f.articles.berlin;
    const added = await ok<AdminMediaAssetAdded>('POST', adminApiPaths.articleMediaAssets(article), { type: MediaType.TRANSCRIPT, fileType: 'text/vtt', language: 'de', url: '/media/transcripts/berlin.vtt' });
    expect(await processor.process(added.asset.id)).toEqual({ cues: 2, language: 'de' });
    const transcript = (await t.app.inject({ url: `${apiPaths.articleTranscript(article)}?language=de` })).json() as Transcript;
    expect(transcript.cues).toEqual([
      { start: 0, end: 2.5, text: 'Guten Abend.' },
      { start: 2.5, end: 5, text: 'Die Nachrichten.' },
    ]);
  });

  it('tests the pipeline on the main media, stage by stage, and keeps nothing', async () => {
    const article = f.articles.berlin;
    const before = await assetCount();
    const report = await ok<MediaPipelineReport>('POST', adminApiPaths.articleTestMediaPipeline(article));
    expect(report).toMatchObject({ articleId: article, url: DEMO_VIDEO, ok: true });
    expect(report.stages.map((stage) => [stage.stage, stage.status])).toEqual([
      ['read', 'ok'],
      ['probe', 'ok'],
      ['poster', 'ok'],
      ['transcript', 'ok'],
    ]);
    expect(report.stages[0]!.result.bytes).toBeGreaterThan(1000);
    expect(report.stages[1]!.result).toMatchObject({ width: 640, height: 360, hasVideo: true, hasAudio: true });
    expect(report.stages[2]!.result).toMatchObject({ format: 'jpeg', width: 640, height: 360 });
    expect(report.stages[3]!.result).toMatchObject({ language: 'de', cues: 2 });
    for (const stage of report.stages) expect(stage.durationMs).toBeGreaterThanOrEqual(0);
    expect(await assetCount()).toBe(before);
  });

  it('answers each stage’s error: an outside host is refused, an audio file has no poster, a missing file is named', async () => {
    // The fixture's files are on https://media.example: refused, never fetched.
    const outside = await ok<MediaPipelineReport>('POST', adminApiPaths.articleTestMediaPipeline(f.articles.hamburg));
    expect(outside.ok).toBe(false);
    expect(outside.stages[0]).toMatchObject({ stage: 'read', status: 'failed' });
    expect(outside.stages[0]!.error).toMatch(/another host \(media\.example\).*never fetched/);
    expect(outside.stages.slice(1, 3).map((stage) => stage.status)).toEqual(['skipped', 'skipped']);

    const audio = f.articles.berlinMitte;
    await onlyMedia(audio);
    await ok('POST', adminApiPaths.articleMediaAssets(audio), { type: MediaType.AUDIO, fileType: 'audio/mpeg', url: DEMO_AUDIO });
    const audioReport = await ok<MediaPipelineReport>('POST', adminApiPaths.articleTestMediaPipeline(audio));
    expect(audioReport.ok).toBe(true);
    expect(audioReport.stages[1]!.result).toMatchObject({ hasVideo: false, hasAudio: true, width: null });
    expect(audioReport.stages[2]).toMatchObject({ stage: 'poster', status: 'skipped' });
    expect(audioReport.stages[3]).toMatchObject({ stage: 'transcript', status: 'skipped' });

    const missing = f.articles.lisbon;
    await onlyMedia(missing);
    const added = await ok<AdminMediaAssetAdded>('POST', adminApiPaths.articleMediaAssets(missing), { type: MediaType.VIDEO, fileType: 'video/mp4', url: '/media/nothing-here.mp4' });
    const missingReport = await ok<MediaPipelineReport>('POST', adminApiPaths.articleTestMediaPipeline(missing));
    expect(missingReport.stages[0]).toMatchObject({ status: 'failed', error: 'There is no file at /media/nothing-here.mp4.' });
    // The job fails the same way (and is retried, then left failed for an admin to see).
    await expect(processor.process(added.asset.id)).rejects.toThrow('There is no file at /media/nothing-here.mp4.');
  });

  it('refuses bad bodies naming the field, and adds nothing', async () => {
    const url = adminApiPaths.articleMediaAssets(f.articles.berlin);
    const before = await assetCount();
    const cases: [object, RegExp][] = [
      [{ type: MediaType.VIDEO, fileType: 'audio/mpeg', url: DEMO_VIDEO }, /^body\.fileType must be video\/…/],
      [{ type: MediaType.TRANSCRIPT, fileType: 'text/vtt', url: '/media/x.vtt' }, /^body\.language is required for a transcript/],
      [{ type: MediaType.TRANSCRIPT, fileType: 'text/plain', language: 'de', url: '/media/x.vtt' }, /^body\.fileType must be text\/vtt or application\/x-subrip/],
      [{ type: MediaType.VIDEO, fileType: 'video/mp4' }, /url/],
      [{ type: MediaType.VIDEO, fileType: 'video/mp4', url: 'ftp://files.example/a.mp4' }, /url/],
      [{ type: 9, fileType: 'video/mp4', url: DEMO_VIDEO }, /type/],
      [{ type: MediaType.VIDEO, fileType: 'video/mp4', url: DEMO_VIDEO, fileSize: -1 }, /fileSize/],
      [{ type: MediaType.VIDEO, fileType: 'video/mp4', url: DEMO_VIDEO, language: 'not a language' }, /language/],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await assetCount()).toBe(before);
  });

  it('answers 404 for an unknown article or asset', async () => {
    const unknown = randomUUID();
    expect((await call('GET', adminApiPaths.articleMediaAssets(unknown))).statusCode).toBe(404);
    expect((await call('POST', adminApiPaths.articleMediaAssets(unknown), { type: MediaType.AUDIO, fileType: 'audio/mpeg', url: DEMO_AUDIO })).statusCode).toBe(404);
    expect((await call('POST', adminApiPaths.articleTestMediaPipeline(unknown))).statusCode).toBe(404);
    const res = await call('DELETE', adminApiPaths.articleMediaAsset(f.articles.berlin, randomUUID()));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This article has no media asset with that id.');
  });

  it('removes an asset with its poster, recorded in the audit log', async () => {
    const article = f.articles.berlin;
    const [video] = await ok<AdminMediaAsset[]>('GET', adminApiPaths.articleMediaAssets(article));
    const poster = path.join(t.mediaRoot, video!.poster!.slice('/media/'.length));
    expect((await call('DELETE', adminApiPaths.articleMediaAsset(article, video!.id))).statusCode).toBe(204);
    expect((await ok<AdminMediaAsset[]>('GET', adminApiPaths.articleMediaAssets(article))).map((asset) => asset.id)).not.toContain(video!.id);
    expect(existsSync(poster)).toBe(false);
    expect((await auditOf(`${article}/${video!.id}`)).map((entry) => entry.action)).toEqual(['delete', 'create']);
  });

  describe('story assets', () => {
    it('declares an image, refuses wrong bytes (415), stores the right ones, shows it on the public story, and removes it', async () => {
      const story = f.story;
      await ok('PUT', adminApiPaths.story(story), { poster: null });
      const declared = await t.app.inject({ method: 'POST', url: adminApiPaths.storyAssets(story), payload: { fileType: 'image/png' }, headers: moderator });
      expect(declared.statusCode, declared.body).toBe(201);
      const { asset, uploadUrl } = declared.json() as StoryAssetUpload;
      expect(asset).toMatchObject({ type: MediaType.IMAGE, source: 1, fileType: 'image/png', url: null });
      expect(uploadUrl).toBe(adminApiPaths.storyAssetFile(story, asset.id));

      const put = (bytes: Buffer, contentType: string) => t.app.inject({ method: 'PUT', url: uploadUrl, payload: bytes, headers: { ...moderator, 'content-type': contentType } });
      const jpegBytes = await put(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]), 'image/png');
      expect(jpegBytes.statusCode).toBe(415);
      expect(jpegBytes.json().message).toMatch(/not image\/png \(its bytes are image\/jpeg\)/);
      expect((await put(PNG, 'image/jpeg')).statusCode).toBe(415);
      expect((await put(Buffer.from('plain text, not a picture'), 'image/png')).statusCode).toBe(415);
      expect((await ok<AdminMediaAsset[]>('GET', adminApiPaths.storyAssets(story)))[0]!.url).toBeNull();

      const stored = await put(PNG, 'image/png');
      expect(stored.statusCode, stored.body).toBe(200);
      const uploaded = stored.json() as AdminMediaAsset;
      expect(uploaded).toMatchObject({ fileSize: PNG.length, url: expect.stringMatching(/^\/media\/stories\/.+\.png$/) });
      expect(existsSync(path.join(t.mediaRoot, uploaded.url!.slice('/media/'.length)))).toBe(true);
      // The public story shows it as its poster at once (its cached answer was forgotten).
      expect(((await t.app.inject({ url: `/v1/stories/${story}` })).json() as Story).poster).toBe(uploaded.url);

      expect((await call('DELETE', adminApiPaths.storyAsset(story, asset.id))).statusCode).toBe(204);
      expect(existsSync(path.join(t.mediaRoot, uploaded.url!.slice('/media/'.length)))).toBe(false);
      expect(((await t.app.inject({ url: `/v1/stories/${story}` })).json() as Story).poster).toBeNull();
      expect((await auditOf(`${story}/${asset.id}`)).map((entry) => entry.action)).toEqual(['delete', 'upload', 'declare']);
    });

    it('deletes a story’s uploaded files with the story', async () => {
      const story = (await ok<{ id: string }>('POST', adminApiPaths.stories, { slug: `assets-${randomUUID()}`, title: 'A story with pictures' })).id;
      const { uploadUrl } = await ok<StoryAssetUpload>('POST', adminApiPaths.storyAssets(story), { fileType: 'image/png' });
      const uploaded = (await t.app.inject({ method: 'PUT', url: uploadUrl, payload: PNG, headers: { ...moderator, 'content-type': 'image/png' } })).json() as AdminMediaAsset;
      const file = path.join(t.mediaRoot, uploaded.url!.slice('/media/'.length));
      expect(existsSync(file)).toBe(true);
      expect((await call('DELETE', adminApiPaths.story(story))).statusCode).toBe(204);
      expect(existsSync(file)).toBe(false);
    });

    it('answers 404 and 400 naming the field, and stores nothing', async () => {
      const unknown = randomUUID();
      expect((await call('GET', adminApiPaths.storyAssets(unknown))).statusCode).toBe(404);
      expect((await call('POST', adminApiPaths.storyAssets(unknown), { fileType: 'image/png' })).statusCode).toBe(404);
      expect((await call('DELETE', adminApiPaths.storyAsset(f.story, unknown))).statusCode).toBe(404);
      const upload = await t.app.inject({ method: 'PUT', url: adminApiPaths.storyAssetFile(f.story, unknown), payload: PNG, headers: { ...moderator, 'content-type': 'image/png' } });
      expect(upload.statusCode).toBe(404);
      const before = await assetCount();
      const bad = await call('POST', adminApiPaths.storyAssets(f.story), { fileType: 'application/pdf' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/fileType/);
      expect(await assetCount()).toBe(before);
    });
  });
});
