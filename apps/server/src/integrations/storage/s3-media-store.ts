import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { serviceUnavailable } from '../../http/errors';
import { assertMediaKey, type MediaStore } from './media-store';

/** The S3-compatible store's settings (config.ts: S3_ENDPOINT, S3_BUCKET, S3_REGION, keys, S3_PUBLIC_URL). */
export interface S3Settings {
  /** An S3-compatible server (MinIO, R2, s3rver…); none: Amazon S3 itself. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Without them the SDK's own chain is used (environment, instance role…). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Where browsers load the files from (a CDN in front of the bucket); default: the bucket's own address. */
  publicUrl: string | undefined;
  /** Path-style addresses (endpoint/bucket/key), which most S3-compatible servers need. */
  forcePathStyle: boolean;
}

export interface S3MediaStore extends MediaStore {
  /** The file's bytes (the media pipeline reads uploads through this). */
  read(key: string): Promise<Buffer>;
}

/** What a reader of the API is told when the store fails; the cause goes to the server's log. */
export const MEDIA_STORE_UNAVAILABLE = 'The media store cannot be reached right now, so nothing was stored or removed. Try again in a moment.';

/**
 * Media in an S3-compatible bucket. Every file is written under a key that is never reused, so it
 * is served with a year-long immutable cache. A store that fails (unreachable, refusing, timing
 * out) is a 503 for the caller: the upload can be sent again, and nothing half-written is named.
 */
export function createS3MediaStore(settings: S3Settings, onError: (error: unknown) => void = () => undefined): S3MediaStore {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint && { endpoint: settings.endpoint }),
    ...(settings.credentials && { credentials: settings.credentials }),
    forcePathStyle: settings.forcePathStyle,
    maxAttempts: 3,
    requestHandler: new NodeHttpHandler({ connectionTimeout: 3_000, requestTimeout: 30_000 }),
  });
  const base = (settings.publicUrl ?? defaultPublicUrl(settings)).replace(/\/+$/, '');
  const failing = (error: unknown) => {
    onError(error);
    return serviceUnavailable(MEDIA_STORE_UNAVAILABLE);
  };
  return {
    async put(key, bytes, contentType) {
      assertMediaKey(key);
      try {
        await client.send(
          new PutObjectCommand({ Bucket: settings.bucket, Key: key, Body: bytes, ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable' }),
        );
      } catch (error) {
        throw failing(error);
      }
    },
    async putFile(key, file, contentType) {
      assertMediaKey(key);
      try {
        const { size } = await stat(file);
        await client.send(
          new PutObjectCommand({ Bucket: settings.bucket, Key: key, Body: createReadStream(file), ContentLength: size, ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable' }),
        );
      } catch (error) {
        throw failing(error);
      }
    },
    async delete(key) {
      assertMediaKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key }));
      } catch (error) {
        throw failing(error);
      }
    },
    async read(key) {
      assertMediaKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }));
        return Buffer.from(await answer.Body!.transformToByteArray());
      } catch (error) {
        throw failing(error);
      }
    },
    url: (key) => {
      assertMediaKey(key);
      return `${base}/${key.split('/').map(encodeURIComponent).join('/')}`;
    },
  };
}

function defaultPublicUrl(settings: S3Settings): string {
  if (settings.endpoint) {
    const endpoint = settings.endpoint.replace(/\/+$/, '');
    if (settings.forcePathStyle) return `${endpoint}/${settings.bucket}`;
    const url = new URL(endpoint);
    url.hostname = `${settings.bucket}.${url.hostname}`;
    return url.toString().replace(/\/+$/, '');
  }
  return `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`;
}
