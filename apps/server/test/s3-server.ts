import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** The S3_* settings that point the app at it. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver, files in a temporary folder) with one bucket, for the S3 media store's tests. */
export async function startS3Server(bucket = 'newsreel-test-media'): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'newsreel-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  let closed = false;
  return {
    endpoint,
    bucket,
    env: { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
