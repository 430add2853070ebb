import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { AccountRole, MediaType } from '@newsreel/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, signIn } from '../../../test/accounts';
import { seedContentFixture, type ContentFixture } from '../../../test/content-fixture';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { MEDIA_PROCESS_JOB } from './media-processing';
import { FFMPEG_PATH } from './media-tools';

const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

describe('resumable media uploads (tus) under the video-player provider segment', () => {
  let t: TestApp;
  let f: ContentFixture;
  let auth: Record<string, string>;
  let clip: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    f = await seedContentFixture(t.database.handle.db);
    await makeAccount(t.database.handle.db, 'editor@uploads.example', { publisher: { id: f.publishers.spree, role: AccountRole.MEMBER } });
    auth = { ...(await signIn(t.app, 'editor@uploads.example')).auth, 'tus-resumable': '1.0.0' };
    const file = path.join(os.tmpdir(), `newsreel-upload-${process.pid}.mp4`);
    await promisify(execFile)(FFMPEG_PATH, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=160x120:rate=10', '-pix_fmt', 'yuv420p', file]);
    clip = await readFile(file);
  });
  afterAll(() => t?.close());

  const create = (length: number, fields: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/v1/manage/player/media', headers: { ...auth, 'upload-length': String(length), 'upload-metadata': metadata(fields) } });
  const patch = (location: string, offset: number, bytes: Buffer) =>
    t.app.inject({ method: 'PATCH', url: location, headers: { ...auth, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, payload: bytes });

  it('takes a video in two pieces, resumes from the offset the server reports, and records it as the article’s media, queued for processing', async () => {
    const created = await create(clip.length, { articleId: f.articles.berlin, type: 'video', filename: 'clip.mp4', language: 'en' });
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    expect(location).toMatch(/^\/v1\/manage\/player\/media\/[0-9a-f-]{36}$/);
    const half = Math.floor(clip.length / 2);
    expect((await patch(location, 0, clip.subarray(0, half))).statusCode).toBe(204);
    // As after a lost connection: ask how far it got, and go on from there.
    const head = await t.app.inject({ method: 'HEAD', url: location, headers: auth });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(half));
    const done = await patch(location, half, clip.subarray(half));
    expect(done.statusCode, done.body).toBe(204);
    const assetId = done.headers['media-asset-id'] as string;
    expect(location.endsWith(assetId)).toBe(true);

    const asset = await t.database.handle.db.selectFrom('media_assets').selectAll().where('id', '=', assetId).executeTakeFirstOrThrow();
    expect(asset).toMatchObject({ article_id: f.articles.berlin, type: MediaType.VIDEO, file_type: 'video/mp4', language: 'en' });
    expect(Number(asset.file_size)).toBe(clip.length);
    const served = await t.app.inject(asset.url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(clip)).toBe(true);
    const queued = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = ${MEDIA_PROCESS_JOB} and data->>'assetId' = ${assetId}`.execute(t.database.handle.db);
    expect(queued.rows[0]!.n).toBe(1);
    // Finished: no longer an upload to continue.
    expect((await t.app.inject({ method: 'HEAD', url: location, headers: auth })).statusCode).toBe(404);
  });

  it('refuses a “video” that is not one once its bytes are in, keeping nothing', async () => {
    const assets = async () => Number((await t.database.handle.db.selectFrom('media_assets').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await assets();
    const text = Buffer.from('This is a text file named clip.mp4, not a video at all.');
    const created = await create(text.length, { articleId: f.articles.berlin, type: 'video', filename: 'clip.mp4' });
    expect(created.statusCode).toBe(201);
    const refused = await patch(created.headers.location as string, 0, text);
    expect(refused.statusCode).toBe(415);
    expect(JSON.parse(refused.body).message).toMatch(/not a video this server takes/);
    expect(await assets()).toBe(before);
    expect((await t.app.inject({ method: 'HEAD', url: created.headers.location as string, headers: auth })).statusCode).toBe(404);
  });

  it('refuses before any byte is sent: unknown type, missing article id or length, too large, another publisher’s article', async () => {
    const refusals: [Awaited<ReturnType<typeof create>>, number, RegExp][] = [
      [await create(10, { articleId: f.articles.berlin, type: 'podcast' }), 400, /type: one of video, audio/],
      [await create(10, { type: 'video' }), 400, /articleId/],
      [await t.app.inject({ method: 'POST', url: '/v1/manage/player/media', headers: { ...auth, 'upload-metadata': metadata({ articleId: f.articles.berlin, type: 'video' }) } }), 400, /Upload-Length/],
      [await create(6 * 1024 * 1024, { articleId: f.articles.berlin, type: 'transcript' }), 413, /transcript may be at most 5 MB/],
      [await create(10, { articleId: f.articles.hamburg, type: 'video' }), 404, /among your publisher’s articles/],
    ];
    for (const [res, status, message] of refusals) {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
    }
  });

  it('lets only the publisher whose article it is continue or cancel an upload', async () => {
    const created = await create(clip.length, { articleId: f.articles.berlin, type: 'video' });
    const location = created.headers.location as string;
    await makeAccount(t.database.handle.db, 'other@uploads.example', { publisher: { id: f.publishers.atlantic, role: AccountRole.MEMBER } });
    const other = { ...(await signIn(t.app, 'other@uploads.example')).auth, 'tus-resumable': '1.0.0' };
    expect((await t.app.inject({ method: 'HEAD', url: location, headers: other })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url: location, headers: { ...other, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, payload: clip })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: location, headers: other })).statusCode).toBe(404);
    // The owner cancels it.
    expect((await t.app.inject({ method: 'DELETE', url: location, headers: auth })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'HEAD', url: location, headers: auth })).statusCode).toBe(404);
  });
});
