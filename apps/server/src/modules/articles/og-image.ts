import { createHash } from 'node:crypto';
import { readFile, realpath, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type SharpModule from 'sharp';
import type { Sharp } from 'sharp';

/**
 * The preview image of a shared article (SPEC §2, /api/articles/{id}/ogimage.jpg): 1200×630,
 * the poster cropped to cover, darkened towards the bottom, the title in large white type and
 * the publisher and "Newsreel" beneath it.
 *
 * Text is drawn as glyph outlines from a font shipped beside this file (DejaVu Sans Bold, from
 * the dejavu-fonts-ttf npm package; its licence is in the font's own name table), laid out here
 * and turned into SVG paths. No system font is ever looked up, so the image is the same on any
 * machine. Layout is glyph by glyph with kerning: fine for Latin, Greek and Cyrillic titles; no
 * complex-script shaping or right-to-left reordering, and characters the font lacks show as its
 * empty box.
 */

export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;

const PADDING = 64;
const TEXT_WIDTH = OG_IMAGE_WIDTH - 2 * PADDING;
const TITLE_SIZES = [72, 64, 56];
const TITLE_MAX_LINES = 3;
const LINE_HEIGHT = 1.16;
const FOOTER_SIZE = 28;
const FOOTER_BASELINE = OG_IMAGE_HEIGHT - 56;
const TITLE_LAST_BASELINE = FOOTER_BASELINE - FOOTER_SIZE - 40;
const BRAND = 'Newsreel';
const BRAND_COLOUR = '#FFD400';
const BACKGROUND_COLOUR = '#0e0f12';
const ELLIPSIS = '…';

const FONT_FILE = fileURLToPath(new URL('./fonts/DejaVuSans-Bold.ttf', import.meta.url));

// opentype.js 1.3 is CommonJS without types of its own; these are the few parts used here.
interface Glyph {
  index: number;
  advanceWidth?: number;
  getPath(x: number, y: number, fontSize: number): { toPathData(decimals: number): string };
}
interface Font {
  unitsPerEm: number;
  charToGlyph(char: string): Glyph;
  position: {
    getKerningTables(script: string): unknown;
    getKerningValue(tables: unknown, left: number, right: number): number;
  };
}
interface OpenType {
  parse(buffer: ArrayBuffer, options?: { lowMemory?: boolean }): Font;
}
const requireHere = createRequire(import.meta.url);

// sharp (libvips) and opentype.js are loaded with the first preview: most processes never draw one.
let sharpLoading: Promise<typeof SharpModule> | undefined;
const loadSharp = () => (sharpLoading ??= import('sharp').then((loaded) => loaded.default));

interface Face {
  font: Font;
  kerning: unknown;
}

let face: Promise<Face> | undefined;

function loadFace(): Promise<Face> {
  if (!face) {
    face = readFile(FONT_FILE).then((bytes) => {
      const opentype = requireHere('opentype.js') as OpenType;
      // lowMemory reads glyphs when first asked for, which makes parsing several times faster.
      const font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength), {
        lowMemory: true,
      });
      // DejaVu keeps its Latin kerning under the 'latn' script, not the default one.
      const latin = font.position.getKerningTables('latn');
      return { font, kerning: Array.isArray(latin) && latin.length > 0 ? latin : font.position.getKerningTables('DFLT') };
    });
    face.catch(() => {
      face = undefined;
    });
  }
  return face;
}

function glyphsOf({ font }: Face, text: string): Glyph[] {
  return Array.from(text, (char) => font.charToGlyph(char));
}

function kerningOf({ font, kerning }: Face, left: Glyph, right: Glyph): number {
  return kerning ? font.position.getKerningValue(kerning, left.index, right.index) : 0;
}

/** Width of `text` in pixels at `size`. */
function measure(typeface: Face, text: string, size: number): number {
  const glyphs = glyphsOf(typeface, text);
  let units = 0;
  glyphs.forEach((glyph, i) => {
    units += glyph.advanceWidth ?? 0;
    const next = glyphs[i + 1];
    if (next) units += kerningOf(typeface, glyph, next);
  });
  return (units * size) / typeface.font.unitsPerEm;
}

/** SVG path data of `text` with its baseline starting at (x, y). */
function pathOf(typeface: Face, text: string, x: number, y: number, size: number): string {
  const scale = size / typeface.font.unitsPerEm;
  const glyphs = glyphsOf(typeface, text);
  const parts: string[] = [];
  let cursor = x;
  glyphs.forEach((glyph, i) => {
    parts.push(glyph.getPath(cursor, y, size).toPathData(1));
    cursor += (glyph.advanceWidth ?? 0) * scale;
    const next = glyphs[i + 1];
    if (next) cursor += kerningOf(typeface, glyph, next) * scale;
  });
  return parts.join('');
}

/** One line of text, NFC, without control or format characters. */
export function cleanText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\s+/gu, ' ')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim();
}

/** `line` shortened (at a word when it can) so that it and an ellipsis fit in `maxWidth`. */
function ellipsize(line: string, maxWidth: number, width: (text: string) => number): string {
  const finish = (text: string) => text.replace(/[\s,.;:–—-]+$/u, '') + ELLIPSIS;
  const words = line.split(' ');
  while (words.length > 1) {
    if (width(finish(words.join(' '))) <= maxWidth) return finish(words.join(' '));
    words.pop();
  }
  const chars = Array.from(words[0] ?? '');
  while (chars.length > 0 && width(finish(chars.join(''))) > maxWidth) chars.pop();
  return finish(chars.join(''));
}

/**
 * Greedy word wrap into at most `maxLines` lines no wider than `maxWidth`; a word wider than a
 * line is broken between characters, and text that does not fit ends in an ellipsis.
 */
export function wrapText(
  text: string,
  maxWidth: number,
  maxLines: number,
  width: (text: string) => number,
): { lines: string[]; truncated: boolean } {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (width(candidate) <= maxWidth) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    // A word wider than the whole line is cut between characters.
    let rest = word;
    while (Array.from(rest).length > 1 && width(rest) > maxWidth) {
      const chars = Array.from(rest);
      let take = chars.length - 1;
      while (take > 1 && width(chars.slice(0, take).join('')) > maxWidth) take -= 1;
      lines.push(chars.slice(0, take).join(''));
      rest = chars.slice(take).join('');
    }
    current = rest;
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return { lines, truncated: false };
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = ellipsize(`${kept[maxLines - 1]} ${lines[maxLines]}`, maxWidth, width);
  return { lines: kept, truncated: true };
}

/** A single line, ellipsized to `maxWidth`. */
function fitLine(text: string, maxWidth: number, width: (text: string) => number): string {
  return width(text) <= maxWidth ? text : ellipsize(text, maxWidth, width);
}

/** Branded dark gradient, for articles whose poster is not a local file. */
const FALLBACK_BACKGROUND = `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_IMAGE_WIDTH}" height="${OG_IMAGE_HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#232838"/>
      <stop offset="0.6" stop-color="#14161c"/>
      <stop offset="1" stop-color="${BACKGROUND_COLOUR}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.88" cy="0.08" r="0.7">
      <stop offset="0" stop-color="${BRAND_COLOUR}" stop-opacity="0.2"/>
      <stop offset="1" stop-color="${BRAND_COLOUR}" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  <rect width="100%" height="100%" fill="url(#glow)"/>
</svg>`;

export interface OgImageContent {
  title: string;
  publisher: string;
  /** Absolute path of a local poster image; null (or an unreadable file) gives the gradient. */
  posterFile: string | null;
}

export interface OgImage {
  body: Buffer;
  /** Strong ETag of the bytes. */
  etag: string;
  /** Whether the poster was used (false: the gradient). */
  poster: boolean;
}

function overlaySvg(typeface: Face, title: string, publisher: string): string {
  let size = TITLE_SIZES[TITLE_SIZES.length - 1]!;
  let wrapped = { lines: [] as string[], truncated: false };
  for (const candidate of TITLE_SIZES) {
    size = candidate;
    wrapped = wrapText(title, TEXT_WIDTH, TITLE_MAX_LINES, (text) => measure(typeface, text, candidate));
    if (!wrapped.truncated) break;
  }
  const lineHeight = size * LINE_HEIGHT;
  const firstBaseline = TITLE_LAST_BASELINE - (wrapped.lines.length - 1) * lineHeight;
  const titlePath = wrapped.lines
    .map((line, i) => pathOf(typeface, line, PADDING, firstBaseline + i * lineHeight, size))
    .join('');
  const accentTop = firstBaseline - size * 0.73 - 36;

  const brandWidth = measure(typeface, BRAND, FOOTER_SIZE);
  const publisherLine = fitLine(publisher, TEXT_WIDTH - brandWidth - 48, (text) => measure(typeface, text, FOOTER_SIZE));
  const publisherPath = pathOf(typeface, publisherLine, PADDING, FOOTER_BASELINE, FOOTER_SIZE);
  const brandPath = pathOf(typeface, BRAND, OG_IMAGE_WIDTH - PADDING - brandWidth, FOOTER_BASELINE, FOOTER_SIZE);

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_IMAGE_WIDTH}" height="${OG_IMAGE_HEIGHT}">
  <defs>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#000" stop-opacity="0.2"/>
      <stop offset="0.3" stop-color="#000" stop-opacity="0.5"/>
      <stop offset="0.55" stop-color="#000" stop-opacity="0.85"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.94"/>
    </linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#shade)"/>
  <rect x="${PADDING}" y="${accentTop.toFixed(1)}" width="72" height="6" rx="3" fill="${BRAND_COLOUR}"/>
  <path d="${titlePath}" fill="#ffffff"/>
  <path d="${publisherPath}" fill="#ffffff" fill-opacity="0.82"/>
  <path d="${brandPath}" fill="${BRAND_COLOUR}"/>
</svg>`;
}

interface Background {
  pixels: Buffer;
  channels: 1 | 2 | 3 | 4;
  poster: boolean;
}

let fallback: Promise<Pick<Background, 'pixels' | 'channels'>> | undefined;

/** The poster cropped to cover 1200×630 (or the gradient), as raw sRGB pixels. */
async function background(posterFile: string | null): Promise<Background> {
  const sharp = await loadSharp();
  const raw = async (image: Sharp) => {
    const { data, info } = await image
      .flatten({ background: BACKGROUND_COLOUR })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { pixels: data, channels: info.channels };
  };
  if (posterFile) {
    try {
      const image = sharp(posterFile)
        .rotate()
        .resize(OG_IMAGE_WIDTH, OG_IMAGE_HEIGHT, { fit: 'cover', position: 'centre' });
      return { ...(await raw(image)), poster: true };
    } catch {
      // An unreadable or corrupt poster is not worth a failed preview: use the gradient.
    }
  }
  // The gradient never changes: drawn once, then reused.
  if (!fallback) {
    fallback = raw(sharp(Buffer.from(FALLBACK_BACKGROUND)));
    fallback.catch(() => {
      fallback = undefined;
    });
  }
  return { ...(await fallback), poster: false };
}

/** Renders the preview image as a baseline JPEG. */
export async function renderOgImage(content: OgImageContent): Promise<OgImage> {
  const [typeface, base] = await Promise.all([loadFace(), background(content.posterFile)]);
  const overlay = overlaySvg(typeface, cleanText(content.title), cleanText(content.publisher));
  const sharp = await loadSharp();
  const body = await sharp(base.pixels, { raw: { width: OG_IMAGE_WIDTH, height: OG_IMAGE_HEIGHT, channels: base.channels } })
    .composite([{ input: Buffer.from(overlay), top: 0, left: 0 }])
    // mozjpeg would save ~15% of the bytes at five times the encoding time.
    .jpeg({ quality: 82 })
    .toBuffer();
  const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
  return { body, etag, poster: base.poster };
}

/**
 * The file behind a poster URL when it is one of the local media files served at `urlPrefix`
 * from `mediaDir`; null for remote URLs, paths that leave the folder (.., encoded or not, or
 * symbolic links pointing out), folders and files that do not exist.
 */
export async function resolveLocalPoster(
  posterUrl: string | null,
  mediaDir: string,
  urlPrefix: string,
): Promise<string | null> {
  if (!posterUrl) return null;
  const prefix = urlPrefix.endsWith('/') ? urlPrefix : `${urlPrefix}/`;
  const pathname = posterUrl.split(/[?#]/u, 1)[0] ?? '';
  if (!pathname.startsWith(prefix)) return null;
  let relative: string;
  try {
    relative = decodeURIComponent(pathname.slice(prefix.length));
  } catch {
    return null;
  }
  if (!relative || relative.includes('\0') || relative.includes('\\')) return null;
  try {
    const root = await realpath(mediaDir);
    const file = await realpath(path.resolve(root, relative));
    const inside = path.relative(root, file);
    if (!inside || inside.startsWith('..') || path.isAbsolute(inside)) return null;
    return (await stat(file)).isFile() ? file : null;
  } catch {
    return null;
  }
}

/**
 * The most recent images, one per article, each kept with the version it was drawn from; a
 * newer version is drawn again. Concurrent requests for the same image share one rendering.
 */
export class OgImageCache {
  private readonly entries = new Map<string, { version: string; image: Promise<OgImage> }>();

  constructor(private readonly maxEntries = 200) {}

  get size(): number {
    return this.entries.size;
  }

  /** The cached image of `key` at `version`, or the one `render` makes (then cached). */
  get(key: string, version: string, render: () => Promise<OgImage>): { image: Promise<OgImage>; hit: boolean } {
    const cached = this.entries.get(key);
    this.entries.delete(key);
    if (cached && cached.version === version) {
      this.entries.set(key, cached);
      return { image: cached.image, hit: true };
    }
    const entry = { version, image: render() };
    this.entries.set(key, entry);
    entry.image.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return { image: entry.image, hit: false };
  }

  /** Drops the image of `key` (an article purged from the caches). */
  forget(key: string): void {
    this.entries.delete(key);
  }
}

const ogImageCaches = new WeakMap<object, OgImageCache>();

/**
 * The preview images drawn from one database (the handle's `db`), made on first use: the route
 * that draws them and the cache purge (article-caches.ts) share it.
 */
export function ogImageCacheOf(owner: object, maxEntries = 200): OgImageCache {
  let cache = ogImageCaches.get(owner);
  if (!cache) ogImageCaches.set(owner, (cache = new OgImageCache(maxEntries)));
  return cache;
}
