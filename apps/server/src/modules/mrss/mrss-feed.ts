import { XMLParser } from 'fast-xml-parser';
import {
  ARTICLE_DESCRIPTION_MAX,
  ARTICLE_DESCRIPTION_MIN,
  ARTICLE_TITLE_MIN,
  type MrssDraft,
  type MrssFeed,
  type MrssMedia,
  type MrssProblem,
} from '@newsreel/contracts';

/** The Media RSS namespace (https://www.rssboard.org/media-rss); feeds may bind it to any prefix. */
const MRSS_NAMESPACE = 'http://search.yahoo.com/mrss/';

/** Why a document is not a feed we read; the message says so to the publisher. */
export class MrssFeedError extends Error {
  override name = 'MrssFeedError';
}

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  // Values stay strings (a title "2026" is not a number); numbers are read where a number is meant.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Only XML's five predefined entities and character references are left once DOCTYPEs are refused.
  processEntities: true,
  htmlEntities: false,
});

/**
 * Reads an RSS 2.0 feed with Media RSS into draft articles, keeping every piece of metadata the feed
 * gives (media files with type, size, duration and dimensions, groups, thumbnails, credits,
 * categories, keywords, transcripts, dates). A document with a DOCTYPE is refused before parsing:
 * its entity declarations are how XML bombs and external entities get in, and feeds need none.
 */
export function parseMrssFeed(xml: string, url: string): MrssFeed {
  if (/^\s*(<!doctype html|<html)/i.test(xml)) {
    throw new MrssFeedError('The address holds a web page, not a feed: give the address of the RSS feed itself (often linked as “RSS” on the page).');
  }
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) {
    throw new MrssFeedError('The feed declares a DOCTYPE or entities, which feeds never need; it is not read, for safety.');
  }
  let document: Node;
  try {
    document = parser.parse(xml, true) as Node;
  } catch (error) {
    throw new MrssFeedError(`The address does not hold well-formed XML (${(error as Error).message.split('\n')[0]}).`);
  }
  const rss = asNode(document.rss);
  const channel = asNode(rss?.channel);
  if (!rss || !channel) throw new MrssFeedError('The address does not hold an RSS feed (no <rss><channel>); give the address of the feed itself.');
  const media = mediaPrefixOf(rss);
  const items = list(channel.item).map(asNode).filter((item): item is Node => item !== undefined);
  return {
    url,
    title: text(channel.title) ?? '',
    link: text(channel.link),
    description: plainText(text(channel.description) ?? ''),
    language: text(channel.language),
    items: items.map((item) => draftOf(item, media, text(channel.language))),
  };
}

/** The prefix the feed binds to the Media RSS namespace (`media` when it declares none). */
function mediaPrefixOf(rss: Node): string {
  for (const [name, value] of Object.entries(rss)) {
    if (name.startsWith('@_xmlns:') && value === MRSS_NAMESPACE) return name.slice('@_xmlns:'.length);
  }
  return 'media';
}

function draftOf(item: Node, prefix: string, channelLanguage: string | null): MrssDraft {
  const m = (name: string) => `${prefix}:${name}`;
  // <media:group> holds alternatives of one item; its own title, description and thumbnails count too.
  const groups = list(item[m('group')]).map(asNode).filter((group): group is Node => group !== undefined);
  const scopes = [item, ...groups];
  const contents = scopes.flatMap((scope) => list(scope[m('content')]).map(asNode)).filter((content): content is Node => content !== undefined);

  const mediaFiles: MrssMedia[] = [];
  for (const content of contents) {
    const url = attribute(content, 'url');
    if (!url) continue;
    mediaFiles.push({
      url,
      kind: kindOf(attribute(content, 'medium'), attribute(content, 'type')),
      fileType: attribute(content, 'type'),
      fileSize: integer(attribute(content, 'fileSize')),
      durationSeconds: number(attribute(content, 'duration')),
      width: integer(attribute(content, 'width')),
      height: integer(attribute(content, 'height')),
      language: attribute(content, 'lang'),
    });
  }
  for (const enclosure of list(item.enclosure).map(asNode)) {
    const url = enclosure && attribute(enclosure, 'url');
    if (!enclosure || !url || mediaFiles.some((file) => file.url === url)) continue;
    mediaFiles.push({
      url,
      kind: kindOf(null, attribute(enclosure, 'type')),
      fileType: attribute(enclosure, 'type'),
      fileSize: integer(attribute(enclosure, 'length')),
      durationSeconds: null,
      width: null,
      height: null,
      language: null,
    });
  }
  // Transcripts and captions: <media:subTitle type="text/vtt" lang="en" href="…"/>.
  for (const subtitle of [...scopes, ...contents].flatMap((scope) => list(scope[m('subTitle')]).map(asNode))) {
    const url = subtitle && attribute(subtitle, 'href');
    if (!subtitle || !url) continue;
    mediaFiles.push({ url, kind: 'transcript', fileType: attribute(subtitle, 'type'), fileSize: null, durationSeconds: null, width: null, height: null, language: attribute(subtitle, 'lang') });
  }

  const withContents = [...scopes, ...contents];
  const firstText = (name: string) => withContents.map((scope) => text(scope[m(name)])).find((value) => value !== null) ?? null;
  const title = text(item.title) ?? firstText('title') ?? '';
  const description = plainText(text(item.description) ?? firstText('description') ?? '');
  const thumbnails = uniqueBy(
    withContents.flatMap((scope) =>
      list(scope[m('thumbnail')])
        .map(asNode)
        .flatMap((thumbnail) => {
          const url = thumbnail && attribute(thumbnail, 'url');
          return thumbnail && url ? [{ url, width: integer(attribute(thumbnail, 'width')), height: integer(attribute(thumbnail, 'height')) }] : [];
        }),
    ),
    (thumbnail) => thumbnail.url,
  );
  const credits = uniqueBy(
    withContents.flatMap((scope) =>
      list(scope[m('credit')]).flatMap((credit) => {
        const name = text(credit);
        return name ? [{ name, role: asNode(credit) ? attribute(asNode(credit)!, 'role') : null }] : [];
      }),
    ),
    (credit) => `${credit.role}\u0000${credit.name}`,
  );
  const categories = uniqueBy(
    [...list(item.category), ...withContents.flatMap((scope) => list(scope[m('category')]))].flatMap((category) => {
      const name = text(category);
      return name ? [name] : [];
    }),
    (name) => name.toLowerCase(),
  );
  const keywords = uniqueBy(
    withContents.flatMap((scope) => (text(scope[m('keywords')]) ?? '').split(',')).map((keyword) => keyword.trim()).filter(Boolean),
    (keyword) => keyword.toLowerCase(),
  );
  const guid = text(item.guid);
  return {
    guid,
    title,
    description,
    link: text(item.link),
    publishedAt: dateOf(text(item.pubDate) ?? text(item['dc:date'])),
    language: mediaFiles.find((file) => file.kind !== 'transcript' && file.language)?.language ?? channelLanguage,
    categories,
    keywords,
    media: mediaFiles,
    thumbnails,
    credits,
    copyright: firstText('copyright'),
    problems: problemsOf(title, description, mediaFiles),
  };
}

function problemsOf(title: string, description: string, media: MrssMedia[]): MrssProblem[] {
  const problems: MrssProblem[] = [];
  if (title.length < ARTICLE_TITLE_MIN) problems.push('title-too-short');
  if (description.length < ARTICLE_DESCRIPTION_MIN) problems.push('description-too-short');
  if (description.length > ARTICLE_DESCRIPTION_MAX) problems.push('description-too-long');
  if (!media.some((file) => file.kind === 'video' || file.kind === 'audio')) problems.push('no-playable-media');
  return problems;
}

function kindOf(medium: string | null, fileType: string | null): MrssMedia['kind'] {
  const declared = (medium ?? fileType?.split('/')[0] ?? '').toLowerCase();
  if (declared === 'audio') return 'audio';
  if (declared === 'image') return 'image';
  if (fileType === 'text/vtt' || fileType === 'application/x-subrip') return 'transcript';
  return 'video';
}

function asNode(value: unknown): Node | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Node) : undefined;
}

function list(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** An element's text, whether it has attributes or not; null when empty. */
function text(value: unknown): string | null {
  const node = asNode(value);
  const raw = node ? node['#text'] : Array.isArray(value) ? undefined : value;
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  const trimmed = String(raw).trim();
  return trimmed === '' ? null : trimmed;
}

function attribute(node: Node, name: string): string | null {
  const value = node[`@_${name}`];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function number(value: string | null): number | null {
  if (value === null) return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : null;
}

function integer(value: string | null): number | null {
  const parsed = number(value);
  return parsed === null ? null : Math.round(parsed);
}

function dateOf(value: string | null): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** Descriptions often carry HTML; a draft's description is the text a reader would see. */
function plainText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|apos);/g, (entity) => ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&apos;': "'" })[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

function uniqueBy<T>(values: T[], keyOf: (value: T) => string): T[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = keyOf(value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
