import type { PollAssetFileType } from '@newsreel/contracts';

const startsWith = (bytes: Buffer, magic: number[], at = 0) => bytes.length >= at + magic.length && magic.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** Magic numbers of the file types a poll asset may be (https://en.wikipedia.org/wiki/List_of_file_signatures). */
const SIGNATURES: Record<PollAssetFileType, (bytes: Buffer) => boolean> = {
  'image/jpeg': (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  'image/png': (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/gif': (b) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a')),
  'image/webp': (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8),
  // ISO base media: a box of type "ftyp" first.
  'video/mp4': (b) => startsWith(b, ascii('ftyp'), 4),
  // Matroska/WebM: the EBML header.
  'video/webm': (b) => startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]),
};

/** What the bytes are, by their first bytes; null when none of the poll asset types. */
export function sniffFileType(bytes: Buffer): PollAssetFileType | null {
  for (const [type, matches] of Object.entries(SIGNATURES)) if (matches(bytes)) return type as PollAssetFileType;
  return null;
}

export const FILE_EXTENSIONS: Record<PollAssetFileType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
};
