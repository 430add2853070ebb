import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertMediaKey, type MediaStore } from './media-store';

/** URL prefix under which the server serves the local store's files (app.ts, @fastify/static). */
export const MEDIA_URL = '/media';

export interface LocalMediaStore extends MediaStore {
  /** The folder the files are in, which app.ts serves at MEDIA_URL. */
  readonly root: string;
}

/**
 * The embedded default: files under DATA_DIR/media, served at /media/*. A file is written beside
 * its final name and renamed over it, so a reader never loads half a file.
 */
export function createLocalMediaStore(root: string): LocalMediaStore {
  const fileOf = (key: string) => {
    assertMediaKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    root,
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${process.pid}.${Date.now()}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, file);
    },
    async putFile(key, source) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${process.pid}.${Date.now()}.partial`;
      await copyFile(source, partial);
      await rename(partial, file);
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    url: (key) => {
      assertMediaKey(key);
      return `${MEDIA_URL}/${key}`;
    },
  };
}
