import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_MEDIA_DIR, DEMO_MEDIA_URL } from '../../db/demo-seed';
import { MEDIA_URL } from '../../integrations/storage/local-media-store';
import type { MediaStore } from '../../integrations/storage/media-store';
import { MEDIA_KEY } from '../../integrations/storage/media-store';

/** Where a media URL's file is on this machine: the local media store's folder and the demo folder. */
export interface MediaFolders {
  /** The local media store's folder (served at /media); none when the store is not local files. */
  store: string | null;
  /** The demo's media (served at /media/demo). */
  demo: string;
}

export function mediaFoldersOf(media: MediaStore, demo = DEMO_MEDIA_DIR): MediaFolders {
  return { store: 'root' in media ? (media as { root: string }).root : null, demo };
}

/** A file the pipeline may not or cannot read; the message says why and what to do. */
export class MediaFileError extends Error {}

/**
 * The local file a media URL names: `/media/demo/…` in the demo folder, `/media/…` in the local
 * media store. Any other address is refused: fetching from other hosts needs the SSRF guard the
 * publisher studio brings, and this pipeline never fetches.
 */
export function localFileOf(url: string, folders: MediaFolders): string {
  let pathname: string;
  if (url.startsWith('/')) {
    pathname = url.split(/[?#]/)[0]!;
  } else {
    let host = url;
    try {
      host = new URL(url).host;
    } catch {
      // the url itself is named below
    }
    throw new MediaFileError(`The file is on another host (${host}); only files in this server's media store (/media/…) or the demo folder (/media/demo/…) are read here, and other hosts are never fetched.`);
  }
  const inFolder = (root: string, prefix: string) => {
    let key: string;
    try {
      key = decodeURIComponent(pathname.slice(prefix.length));
    } catch {
      throw new MediaFileError(`${url} is not a valid path.`);
    }
    if (!MEDIA_KEY.test(key)) throw new MediaFileError(`${url} does not name a media file.`);
    return path.join(root, ...key.split('/'));
  };
  if (pathname.startsWith(`${DEMO_MEDIA_URL}/`)) return inFolder(folders.demo, `${DEMO_MEDIA_URL}/`);
  if (pathname.startsWith(`${MEDIA_URL}/`)) {
    if (!folders.store) throw new MediaFileError(`${url} is in the media store, which is not kept in local files on this server.`);
    return inFolder(folders.store, `${MEDIA_URL}/`);
  }
  throw new MediaFileError(`${url} is not a media file of this server: its path must start with ${MEDIA_URL}/ or ${DEMO_MEDIA_URL}/.`);
}

/** The file's size, or why it cannot be read. */
export async function fileSizeOf(file: string, url: string): Promise<number> {
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new MediaFileError(`${url} is not a file.`);
    // Opening it proves it can be read.
    await (await open(file, 'r')).close();
    return info.size;
  } catch (error) {
    if (error instanceof MediaFileError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new MediaFileError(code === 'ENOENT' ? `There is no file at ${url}.` : `${url} could not be read (${code ?? String(error)}).`);
  }
}
