import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { AccountRole, ArticleStatus, MediaSource, MediaType, ReviewStatus } from '@newsreel/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, signIn } from '../../../test/accounts';
import { seedContentFixture, type ContentFixture } from '../../../test/content-fixture';
import { startFeedServer, type FeedServer } from '../../../test/feed-server';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { FFMPEG_PATH } from './media-tools';
import { POSTER_APPLY_JOB } from './article-poster-service';
import { createLocalMediaStore } from '../../integrations/storage/local-media-store';
import { mediaFoldersOf } from './media-files';
import { createMediaProcessor } from './media-processing';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

describe('posters under the video-player provider segment (key frame, thumbnail import)', () => {
  let t: TestApp;
  let f: ContentFixture;
  let images: FeedServer;
  let own: FeedServer;
  let auth: { authorization: string };
  let video: string;
  let audio: string;
  let otherVideo: string;

  beforeAll(async () => {
    images = await startFeedServer({
      '/poster.png': { body: PNG, type: 'image/png' },
      '/not-an-image.png': { body: '<html>hello</html>', type: 'image/png' },
      '/huge.png': { body: Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024)]), type: 'image/png' },
      '/to-own-network.png': { redirect: 'http://127.0.0.1:9/poster.png' },
    });
    own = await startFeedServer({ '/secret.png': { body: PNG, type: 'image/png' } }, '127.0.0.1');
    t = await createTestApp({ OUTSIDE_URLS_ALLOW: '127.0.0.2' });
    const db = t.database.handle.db;
    f = await seedContentFixture(db);
    await makeAccount(db, 'editor@posters.example', { publisher: { id: f.publishers.spree, role: AccountRole.MEMBER } });
    auth = (await signIn(t.app, 'editor@posters.example')).auth;
    // A 3-second test pattern in the local media store, as an upload would leave it.
    await mkdir(path.join(t.mediaRoot, 'uploads'), { recursive: true });
    await promisify(execFile)(FFMPEG_PATH, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=3:size=320x240:rate=10', '-pix_fmt', 'yuv420p', path.join(t.mediaRoot, 'uploads/clip.mp4')]);
    const asset = (articleId: string, type: number, url: string) =>
      db
        .insertInto('media_assets')
        .values({ article_id: articleId, type, source: MediaSource.MEDIA_STORE, url, file_type: type === MediaType.VIDEO ? 'video/mp4' : 'audio/mp4', duration_seconds: 3 })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((row) => row.id);
    video = await asset(f.articles.berlin, MediaType.VIDEO, '/media/uploads/clip.mp4');
    audio = await asset(f.articles.berlin, MediaType.AUDIO, '/media/uploads/clip.m4a');
    otherVideo = await asset(f.articles.hamburg, MediaType.VIDEO, '/media/uploads/clip.mp4');
  });
  afterAll(async () => {
    await t?.close();
    await images?.close();
    await own?.close();
  });

  const keyframe = (id: string, payload: object) => t.app.inject({ method: 'PUT', url: `/v1/manage/player/media/${id}/keyframe`, payload, headers: auth });
  const thumbnail = (id: string, payload: object) => t.app.inject({ method: 'PUT', url: `/v1/manage/player/media/${id}/thumbnail/import`, payload, headers: auth });
  const posterOf = async (articleId: string) => (await t.app.inject(`/v1/articles/${articleId}`)).json().poster as string | null;

  it('makes the frame at a second of the video the article’s poster, which readers then see', async () => {
    const res = await keyframe(video, { articleId: f.articles.berlin, position: 1.5 });
    expect(res.statusCode, res.body).toBe(200);
    const change = res.json();
    expect(change).toMatchObject({ articleId: f.articles.berlin, applied: true });
    expect(change.posterUrl).toMatch(new RegExp(`^/media/posters/${video}/[0-9a-f-]+\\.jpg$`));
    expect(await posterOf(f.articles.berlin)).toBe(change.posterUrl);
    const served = await t.app.inject(change.posterUrl);
    expect(served.statusCode).toBe(200);
    expect([...served.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    // A second pick replaces the first, whose file is removed.
    const again = (await keyframe(video, { articleId: f.articles.berlin, position: 0.2 })).json();
    expect(await posterOf(f.articles.berlin)).toBe(again.posterUrl);
    expect((await t.app.inject(change.posterUrl)).statusCode).toBe(404);
  });

  it('refuses a position past the end, media that is not a video, and media of another article or publisher, changing nothing', async () => {
    const before = await posterOf(f.articles.berlin);
    const otherBefore = await posterOf(f.articles.hamburg);
    const past = await keyframe(video, { articleId: f.articles.berlin, position: 4 });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toMatch(/past the video’s end: it is 3 s long/);
    const notVideo = await keyframe(audio, { articleId: f.articles.berlin, position: 1 });
    expect(notVideo.statusCode).toBe(400);
    expect(notVideo.json().message).toMatch(/not one/);
    // IDOR: another publisher's video, and this publisher's video named with another article.
    expect((await keyframe(otherVideo, { articleId: f.articles.hamburg, position: 1 })).statusCode).toBe(404);
    expect((await keyframe(video, { articleId: f.articles.potsdam, position: 1 })).statusCode).toBe(404);
    expect((await thumbnail(otherVideo, { url: `${images.origin}/poster.png` })).statusCode).toBe(404);
    const bad = await keyframe(video, { articleId: 'not-a-uuid', position: -1 });
    expect(bad.statusCode).toBe(400);
    expect(await posterOf(f.articles.berlin)).toBe(before);
    expect(await posterOf(f.articles.hamburg)).toBe(otherBefore);
  });

  it('imports an image from an address as the poster', async () => {
    const res = await thumbnail(video, { url: `${images.origin}/poster.png` });
    expect(res.statusCode, res.body).toBe(200);
    const change = res.json();
    expect(change.posterUrl).toMatch(/\.png$/);
    expect(await posterOf(f.articles.berlin)).toBe(change.posterUrl);
    expect((await t.app.inject(change.posterUrl)).rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses addresses inside private networks, bytes that are not an image and images too large, changing nothing', async () => {
    const before = await posterOf(f.articles.berlin);
    const port = new URL(own.origin).port;
    for (const url of [`http://127.0.0.1:${port}/secret.png`, `http://[::1]:${port}/secret.png`, 'http://10.0.0.1/poster.png', 'http://169.254.169.254/latest/meta-data/', `http://localhost:${port}/secret.png`, `${images.origin}/to-own-network.png`]) {
      const res = await thumbnail(video, { url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toMatch(/private network/);
    }
    const notImage = await thumbnail(video, { url: `${images.origin}/not-an-image.png` });
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().message).toMatch(/does not hold a JPEG, PNG, WebP or GIF image/);
    expect((await thumbnail(video, { url: `${images.origin}/huge.png` })).statusCode).toBe(413);
    expect((await thumbnail(video, { url: 'file:///etc/passwd' })).statusCode).toBe(400);
    expect(await posterOf(f.articles.berlin)).toBe(before);
  });

  it('with a delay, stores the new poster now and leaves the current one until a job puts it in place', async () => {
    const before = await posterOf(f.articles.berlin);
    const res = await thumbnail(video, { url: `${images.origin}/poster.png`, delay: 3600 });
    expect(res.statusCode, res.body).toBe(200);
    const change = res.json();
    expect(change.applied).toBe(false);
    expect(Date.parse(change.appliesAt) - Date.now()).toBeGreaterThan(3500_000);
    expect(await posterOf(f.articles.berlin)).toBe(before);
    const queued = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = ${POSTER_APPLY_JOB} and data->>'articleId' = ${f.articles.berlin}`.execute(t.database.handle.db);
    expect(queued.rows[0]!.n).toBe(1);
  });

  it('keeps a poster the publisher picked when the video’s processing finishes after the pick', async () => {
    const store = createLocalMediaStore(t.mediaRoot);
    const processor = createMediaProcessor({ db: t.database.handle.db, media: store, folders: mediaFoldersOf(store) });
    const picked = (await keyframe(video, { articleId: f.articles.berlin, position: 0.5 })).json().posterUrl as string;
    expect(await processor.process(video)).toMatchObject({ durationSeconds: expect.any(Number), poster: true });
    expect(await posterOf(f.articles.berlin)).toBe(picked);
    expect((await t.app.inject(picked)).statusCode).toBe(200);
    // The asset still names the picked file, so deleting the article removes it (no file is left behind).
    const asset = await t.database.handle.db.selectFrom('media_assets').select('poster_key').where('id', '=', video).executeTakeFirstOrThrow();
    expect(`/media/${asset.poster_key}`).toBe(picked);
  });

  it('moves an article that waits in preparing on to review once its uploaded video is processed', async () => {
    const db = t.database.handle.db;
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/manage/articles/bundle',
      headers: auth,
      payload: {
        title: 'Harbour cranes return after repairs',
        slug: 'harbour-cranes-return-upload',
        description: 'The three container cranes at the north quay are working again after a year of repairs and tests.',
        summary: 'The cranes are back.',
        media: [],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const article = created.json();
    expect(article.status).toBe(ArticleStatus.PREPARING);
    // As a finished upload leaves it (media-uploads.ts), then processed.
    const asset = await db
      .insertInto('media_assets')
      .values({ article_id: article.id, type: MediaType.VIDEO, source: MediaSource.MEDIA_STORE, url: '/media/uploads/clip.mp4', file_type: 'video/mp4', storage_key: 'uploads/clip.mp4' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const store = createLocalMediaStore(t.mediaRoot);
    await createMediaProcessor({ db, media: store, folders: mediaFoldersOf(store) }).process(asset.id);
    const after = (await t.app.inject({ url: `/v1/manage/articles/${article.id}`, headers: auth })).json();
    expect(after).toMatchObject({ status: ArticleStatus.REVIEW, reviewStatus: ReviewStatus.AWAITING_REVIEW, durationSeconds: 3 });
    // Another processed file changes nothing more.
    await createMediaProcessor({ db, media: store, folders: mediaFoldersOf(store) }).process(asset.id);
    expect((await t.app.inject({ url: `/v1/manage/articles/${article.id}`, headers: auth })).json().status).toBe(ArticleStatus.REVIEW);
  });

  it('keeps the uploaded video and the picked poster when the publisher saves the article’s list of addresses', async () => {
    const poster = (await keyframe(video, { articleId: f.articles.berlin, position: 2 })).json().posterUrl as string;
    const still = { type: MediaType.IMAGE, url: 'https://cdn.example.com/berlin-still.jpg', fileType: 'image/jpeg' };
    const saved = await t.app.inject({ method: 'PUT', url: `/v1/manage/articles/bundle/${f.articles.berlin}`, payload: { media: [still], submit: false }, headers: auth });
    expect(saved.statusCode, saved.body).toBe(200);
    const article = saved.json();
    expect(article.poster).toBe(poster);
    expect(article.media.map((file: { url: string }) => file.url)).toEqual(expect.arrayContaining(['/media/uploads/clip.mp4', still.url]));
    expect((await t.app.inject(poster)).statusCode).toBe(200);
  });

  it('removes the article’s uploaded video and every poster drawn from it when the publisher deletes the article', async () => {
    const db = t.database.handle.db;
    await db.updateTable('media_assets').set({ storage_key: 'uploads/clip.mp4' }).where('id', '=', video).execute();
    const poster = (await keyframe(video, { articleId: f.articles.berlin, position: 1 })).json().posterUrl as string;
    expect((await t.app.inject(poster)).statusCode).toBe(200);
    expect((await t.app.inject('/media/uploads/clip.mp4')).statusCode).toBe(200);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/v1/manage/articles/${f.articles.berlin}`, headers: auth });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await t.app.inject(poster)).statusCode).toBe(404);
    expect((await t.app.inject('/media/uploads/clip.mp4')).statusCode).toBe(404);
  });
});
