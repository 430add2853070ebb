import {
  MediaSource,
  MediaType,
  type AdminArticle,
  type ManageArticleBundleCreateBody,
  type ManageArticleMedia,
} from '@newsreel/contracts';
import { fromLocalInput, toLocalInput } from '../../admin/lib/date-time';
import type { ArticleFieldValues } from '../../admin/components/article-fields';

/** One media file in the editor, as its inputs hold it. */
export interface MediaRow {
  type: MediaType;
  url: string;
  fileType: string;
}

/**
 * The editor's values: the fields every article form has (a summary left empty is written by the
 * AI from the transcript; the article waits in AI populate until then), its place and its media.
 */
export interface ArticleFormValues extends ArticleFieldValues {
  placeName: string;
  lat: string;
  lon: string;
  scheduledAt: string;
  media: MediaRow[];
}

export const EMPTY_ARTICLE: ArticleFormValues = {
  title: '',
  slug: '',
  description: '',
  summary: '',
  language: '',
  breaking: false,
  regionIds: [],
  categoryIds: [],
  placeName: '',
  lat: '',
  lon: '',
  scheduledAt: '',
  media: [],
};

/** Characters as the API counts them (code points, not UTF-16 units). */
export const lengthOf = (text: string) => [...text].length;

/** A slug from a title: lower-case words of letters and digits joined by dashes (accents dropped). */
export function slugOf(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');
}

const EXTENSION_TYPES: Record<string, [MediaType, string]> = {
  mp4: [MediaType.VIDEO, 'video/mp4'],
  m4v: [MediaType.VIDEO, 'video/mp4'],
  webm: [MediaType.VIDEO, 'video/webm'],
  mov: [MediaType.VIDEO, 'video/quicktime'],
  m3u8: [MediaType.VIDEO, 'application/vnd.apple.mpegurl'],
  mp3: [MediaType.AUDIO, 'audio/mpeg'],
  m4a: [MediaType.AUDIO, 'audio/mp4'],
  ogg: [MediaType.AUDIO, 'audio/ogg'],
  wav: [MediaType.AUDIO, 'audio/wav'],
  jpg: [MediaType.IMAGE, 'image/jpeg'],
  jpeg: [MediaType.IMAGE, 'image/jpeg'],
  png: [MediaType.IMAGE, 'image/png'],
  webp: [MediaType.IMAGE, 'image/webp'],
  gif: [MediaType.IMAGE, 'image/gif'],
  vtt: [MediaType.TRANSCRIPT, 'text/vtt'],
  srt: [MediaType.TRANSCRIPT, 'application/x-subrip'],
};

/** The media type and MIME type an address's file name suggests, when it has a known extension. */
export function guessMedia(url: string): [MediaType, string] | undefined {
  const path = url.split(/[?#]/)[0] ?? '';
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return extension ? EXTENSION_TYPES[extension] : undefined;
}

export function valuesOf(article: AdminArticle): ArticleFormValues {
  return {
    title: article.title,
    slug: article.slug,
    description: article.description,
    summary: article.summary,
    language: article.language,
    breaking: article.breaking,
    regionIds: article.regionIds,
    categoryIds: article.categories.map((category) => category.id),
    placeName: article.location?.name ?? '',
    lat: article.location ? String(article.location.lat) : '',
    lon: article.location ? String(article.location.lon) : '',
    scheduledAt: toLocalInput(article.scheduledAt),
    // Only the files named by address: uploaded ones are listed apart, and a save leaves them as they are.
    media: article.media.filter((file) => file.source === MediaSource.DIRECT).map((file) => ({ type: file.type, url: file.url, fileType: file.fileType })),
  };
}

/** The bundle the API takes: every field, trimmed; a place only when it has a name and both coordinates. */
export function bundleOf(values: ArticleFormValues): ManageArticleBundleCreateBody {
  const media: ManageArticleMedia[] = values.media.map((row) => ({ type: row.type, url: row.url.trim(), fileType: row.fileType.trim() }));
  const place = values.placeName.trim();
  const body: ManageArticleBundleCreateBody = {
    title: values.title.trim(),
    slug: values.slug.trim(),
    description: values.description.trim(),
    breaking: values.breaking,
    categoryIds: values.categoryIds,
    scheduledAt: fromLocalInput(values.scheduledAt),
    media,
  };
  if (values.summary.trim()) body.summary = values.summary.trim();
  if (values.language.trim()) body.language = values.language.trim();
  if (values.regionIds.length > 0) body.regionIds = values.regionIds;
  if (place && values.lat.trim() && values.lon.trim()) {
    body.location = { name: place, slug: slugOf(place) || 'place', lat: Number(values.lat), lon: Number(values.lon) };
  }
  return body;
}

/** The form field a 400's message names ("body.title must …", "body.media.0.url …"), if it is one of the editor's. */
export function fieldOfMessage(message: string): keyof ArticleFormValues | undefined {
  const name = /^body\.([A-Za-z]+)/.exec(message)?.[1];
  switch (name) {
    case 'title':
    case 'slug':
    case 'description':
    case 'summary':
    case 'language':
    case 'regionIds':
    case 'categoryIds':
    case 'scheduledAt':
    case 'media':
      return name;
    case 'location':
      return 'placeName';
    default:
      return undefined;
  }
}
