import { MediaType } from '@newsreel/contracts';
import { sniffFileType } from '../polls/asset-sniff';

/** What an uploaded file of each media type may be, judged by its first bytes, with its extension. */
export const UPLOAD_FILE_TYPES: Record<number, Record<string, string>> = {
  [MediaType.VIDEO]: { 'video/mp4': 'mp4', 'video/webm': 'webm', 'video/quicktime': 'mov' },
  [MediaType.DUBBED_VIDEO]: { 'video/mp4': 'mp4', 'video/webm': 'webm', 'video/quicktime': 'mov' },
  [MediaType.AUDIO]: { 'audio/mpeg': 'mp3', 'audio/mp4': 'm4a', 'audio/ogg': 'ogg', 'audio/wav': 'wav', 'audio/webm': 'weba' },
  [MediaType.IMAGE]: { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' },
  [MediaType.TRANSCRIPT]: { 'text/vtt': 'vtt', 'application/x-subrip': 'srt' },
};

/** The largest upload of each media type. */
export const UPLOAD_MAX_BYTES: Record<number, number> = {
  [MediaType.VIDEO]: 4 * 1024 ** 3,
  [MediaType.DUBBED_VIDEO]: 4 * 1024 ** 3,
  [MediaType.AUDIO]: 1024 ** 3,
  [MediaType.IMAGE]: 20 * 1024 ** 2,
  [MediaType.TRANSCRIPT]: 5 * 1024 ** 2,
};

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/** The ISO base media brand (mp4, mov, m4a…) of a file that has one. */
function isoBrand(bytes: Buffer): string | null {
  return ascii(bytes, 4, 8) === 'ftyp' ? ascii(bytes, 8, 12) : null;
}

/**
 * What an uploaded file is, by its first bytes (4 KiB are plenty), as one of the types its media
 * type allows; null when it is none of them. A "video" that is a text file, or an image sent as
 * audio, is refused whatever name or type the browser gave it.
 */
export function sniffUpload(head: Buffer, mediaType: number): string | null {
  const allowed = UPLOAD_FILE_TYPES[mediaType] ?? {};
  const found = ((): string | null => {
    const brand = isoBrand(head);
    if (brand !== null) {
      if (brand.startsWith('qt')) return 'video/quicktime';
      if (brand.startsWith('M4A') || brand.startsWith('M4B')) return 'audio/mp4';
      // An mp4 container holds video or only sound; the media type says which was meant.
      return mediaType === MediaType.AUDIO ? 'audio/mp4' : 'video/mp4';
    }
    if (head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return mediaType === MediaType.AUDIO ? 'audio/webm' : 'video/webm';
    if (ascii(head, 0, 3) === 'ID3' || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0)) return 'audio/mpeg';
    if (ascii(head, 0, 4) === 'OggS') return 'audio/ogg';
    if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WAVE') return 'audio/wav';
    const text = head.toString('utf8').replace(/^\uFEFF/, '');
    if (/^WEBVTT(?:[ \t].*)?(?:\r?\n|$)/.test(text)) return 'text/vtt';
    if (/^\d+\r?\n\d{2}:\d{2}:\d{2}[,.]\d{3} --> \d{2}:\d{2}:\d{2}[,.]\d{3}/.test(text)) return 'application/x-subrip';
    const image = sniffFileType(head);
    return image?.startsWith('image/') ? image : null;
  })();
  return found !== null && found in allowed ? found : null;
}
