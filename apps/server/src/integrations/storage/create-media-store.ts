import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { createLocalMediaStore } from './local-media-store';
import type { MediaStore } from './media-store';

/** The media store the settings choose: an S3-compatible bucket with S3_BUCKET, else local files under DATA_DIR/media. */
export async function createMediaStore(config: Pick<Config, 's3' | 'dataDir'>, log: Pick<FastifyBaseLogger, 'error'>): Promise<MediaStore> {
  if (config.s3) {
    // Loaded only when chosen: the AWS SDK is hundreds of modules the local store never needs.
    const { createS3MediaStore } = await import('./s3-media-store');
    const { bucket } = config.s3;
    return createS3MediaStore(config.s3, (error) => log.error({ err: error, bucket }, 'the media store failed'));
  }
  return createLocalMediaStore(path.join(config.dataDir, 'media'));
}
