import { AdminRole, type PollAssetUpload, adminApiPaths } from '@newsreel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { adminAuth, makeAccount, signIn } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { startS3Server, type S3TestServer } from '../../../test/s3-server';
import { createS3MediaStore, MEDIA_STORE_UNAVAILABLE } from './s3-media-store';
import { HttpError } from '../../http/errors';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

describe('the S3-compatible media store', () => {
  let s3: S3TestServer;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3?.close());

  const storeOf = (env: Record<string, string>) => createS3MediaStore(loadConfig({ NODE_ENV: 'test', ...env }).s3!);

  it('stores a file that browsers then load from its url, reads it back, and removes it', async () => {
    const store = storeOf(s3.env);
    await store.put('polls/p1/map-file.png', PNG, 'image/png');
    const url = store.url('polls/p1/map-file.png');
    expect(url).toBe(`${s3.endpoint}/${s3.bucket}/polls/p1/map-file.png`);
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    expect(await store.read('polls/p1/map-file.png')).toEqual(PNG);
    await store.delete('polls/p1/map-file.png');
    expect((await fetch(url)).status).toBe(404);
    // Removing what is not there is not an error.
    await store.delete('polls/p1/map-file.png');
  });

  it('names files under the public address when one is set (a CDN in front of the bucket)', () => {
    expect(storeOf({ ...s3.env, S3_PUBLIC_URL: 'https://media.example.com/' }).url('a/b.png')).toBe('https://media.example.com/a/b.png');
    expect(storeOf({ S3_BUCKET: 'news-media', S3_REGION: 'eu-central-1' }).url('a/b.png')).toBe('https://news-media.s3.eu-central-1.amazonaws.com/a/b.png');
  });

  it('answers 503 with a sentence a person can act on when the store cannot be reached', async () => {
    const store = createS3MediaStore({ ...loadConfig({ NODE_ENV: 'test', ...s3.env }).s3!, endpoint: 'http://127.0.0.1:9' });
    const failure = await store.put('x/y.png', PNG, 'image/png').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ statusCode: 503, message: MEDIA_STORE_UNAVAILABLE });
  });

  it('refuses settings that cannot work, naming the setting', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET.*bucket name/);
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'only-one' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
    expect(loadConfig({}).s3).toBeUndefined();
  });
});

describe('uploads through the app into the S3 store', () => {
  let s3: S3TestServer;
  let t: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp(s3.env);
    await makeAccount(t.database.handle.db, 'media-moderator@example.com', { adminRole: AdminRole.MODERATOR });
    auth = await adminAuth(t.app, await signIn(t.app, 'media-moderator@example.com'));
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('keeps a poll image in the bucket, and when the store is down answers 503 and keeps the image it had', async () => {
    const created = await t.app.inject({ method: 'POST', url: adminApiPaths.polls, payload: { name: 'Night buses', type: 1, config: {} }, headers: auth });
    expect(created.statusCode, created.body).toBe(201);
    const poll = created.json() as { id: string };
    const declare = (fileName = 'map.png') => t.app.inject({ method: 'PUT', url: adminApiPaths.pollAsset(poll.id), payload: { fileType: 'image/png', fileName }, headers: auth });
    const upload = (uploadUrl: string) => t.app.inject({ method: 'PUT', url: uploadUrl, payload: PNG, headers: { ...auth, 'content-type': 'image/png' } });
    const declared = await declare();
    expect(declared.statusCode, declared.body).toBe(200);
    const first = declared.json() as PollAssetUpload;
    const stored = await upload(first.uploadUrl);
    expect(stored.statusCode, stored.body).toBe(200);
    const url = (stored.json() as { url: string }).url;
    expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/`)).toBe(true);
    expect(Buffer.from(await (await fetch(url)).arrayBuffer())).toEqual(PNG);

    await s3.close();
    const second = (await declare('route.png')).json() as PollAssetUpload;
    const refused = await upload(second.uploadUrl);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toBe(MEDIA_STORE_UNAVAILABLE);
    // The image already stored keeps its file; the one the store refused waits for its bytes.
    const assets = (await t.app.inject({ method: 'GET', url: adminApiPaths.poll(poll.id), headers: auth })).json().assets as { fileName: string; url: string | null }[];
    expect(Object.fromEntries(assets.map((asset) => [asset.fileName, asset.url]))).toEqual({ 'map.png': url, 'route.png': null });
    // Removing the image is a change of the poll, which stands; its file, unreachable now, is left behind.
    const removed = await t.app.inject({ method: 'DELETE', url: adminApiPaths.pollAsset(poll.id), payload: { fileName: 'map.png' }, headers: auth });
    expect(removed.statusCode, removed.body).toBe(204);
  });
});
