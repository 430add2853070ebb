import { readFile } from 'node:fs/promises';

/**
 * Where uploaded media (poll images and videos, later branding and article media) is kept and
 * served from. The embedded default is local files (local-media-store.ts); an S3-compatible
 * adapter implements the same three calls.
 */
export interface MediaStore {
  /** Stores `bytes` under `key` (slash-separated, e.g. `polls/<id>/<asset>.png`), replacing any. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Stores the file at `file` (an upload on disk, perhaps gigabytes) without reading it into memory. */
  putFile?(key: string, file: string, contentType: string): Promise<void>;
  /** Removes the file; a key with nothing stored is not an error. */
  delete(key: string): Promise<void>;
  /** The address a browser loads the file from. */
  url(key: string): string;
}

/** Stores a file from disk: streamed by the stores that can, read whole by any other. */
export async function putMediaFile(media: MediaStore, key: string, file: string, contentType: string): Promise<void> {
  if (media.putFile) return media.putFile(key, file, contentType);
  await media.put(key, await readFile(file), contentType);
}

/** Keys are made by the server, never taken from a caller: letters, digits, `-`, `_`, `.` and `/`. */
export const MEDIA_KEY = /^(?!.*\.\.)[A-Za-z0-9_-][A-Za-z0-9_./-]*$/;

export function assertMediaKey(key: string): void {
  if (!MEDIA_KEY.test(key)) throw new Error(`Not a media key: ${key}`);
}

/**
 * Removes a file nothing points at any more, once the change that unlinked it has committed. That
 * change stands whatever the store answers: a store that fails leaves the file behind (its adapter
 * logs which), and the caller is not told the change failed when it did not.
 */
export async function discardMediaFile(media: Pick<MediaStore, 'delete'>, key: string): Promise<void> {
  await media.delete(key).catch(() => undefined);
}
