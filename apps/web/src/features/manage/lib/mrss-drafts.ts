import {
  ARTICLE_CATEGORIES_MAX,
  ARTICLE_CREDITS_MAX,
  ARTICLE_KEYWORDS_MAX,
  ARTICLE_DESCRIPTION_MAX,
  ARTICLE_DESCRIPTION_MIN,
  ARTICLE_LANGUAGE_PATTERN,
  ARTICLE_SLUG_MIN,
  ARTICLE_TITLE_MIN,
  MANAGE_ARTICLE_MEDIA_MAX,
  MediaType,
  type ManageArticleBundleCreateBody,
  type ManageArticleMedia,
  type MrssDraft,
  type MrssMedia,
} from '@newsreel/contracts';
import { guessMedia, slugOf } from './article-form-values';

const LANGUAGE = new RegExp(ARTICLE_LANGUAGE_PATTERN);
const WEB_ADDRESS = /^https?:\/\//;

const MEDIA_TYPE_OF_KIND: Record<MrssMedia['kind'], MediaType> = { video: MediaType.VIDEO, audio: MediaType.AUDIO, image: MediaType.IMAGE, transcript: MediaType.TRANSCRIPT };
/** When the feed names no MIME type and the file name says none either. */
const FILE_TYPE_OF_KIND: Record<MrssMedia['kind'], string> = { video: 'video/mp4', audio: 'audio/mpeg', image: 'image/jpeg', transcript: 'text/vtt' };
const MIME = /^[a-z]+\/[a-z0-9.+-]+$/;

/** A draft can be imported as it is when the feed gave what SPEC §3 asks of an article. */
export const isImportable = (draft: MrssDraft) => draft.problems.length === 0;

/** The draft's first playable file (video, else audio): what the review table shows of it. */
export const playableOf = (draft: MrssDraft) => draft.media.find((file) => file.kind === 'video') ?? draft.media.find((file) => file.kind === 'audio') ?? null;

/** A language code the API takes ("en-gb" is one); null for anything else. */
function languageOf(text: string | null): string | undefined {
  const code = text?.trim();
  return code && LANGUAGE.test(code) ? code : undefined;
}

function mediaOf(file: MrssMedia): ManageArticleMedia {
  const declared = file.fileType?.trim().toLowerCase();
  const fileType = declared && MIME.test(declared) ? declared : (guessMedia(file.url)?.[1] ?? FILE_TYPE_OF_KIND[file.kind]);
  const language = languageOf(file.language);
  return {
    type: MEDIA_TYPE_OF_KIND[file.kind],
    url: file.url,
    fileType,
    ...(file.fileSize !== null ? { fileSize: file.fileSize } : {}),
    ...(file.durationSeconds !== null ? { durationSeconds: file.durationSeconds } : {}),
    ...(language ? { language } : {}),
  };
}

/**
 * A reviewed draft as POST /v1/manage/articles/bundle takes it: its title, a slug made from the
 * title, its description and language, its media files and thumbnails (as images), its credits,
 * keywords, copyright line and link, and the
 * platform's categories whose names match the feed's (`categoryIdOf`, any case). It is sent on
 * for review, as the publisher's other articles are.
 */
export function bundleOfDraft(draft: MrssDraft, categoryIdOf: (name: string) => string | undefined): ManageArticleBundleCreateBody {
  const files = [
    ...draft.media.filter((file) => WEB_ADDRESS.test(file.url)).map(mediaOf),
    ...draft.thumbnails.filter((thumbnail) => WEB_ADDRESS.test(thumbnail.url)).map((thumbnail) => mediaOf({ url: thumbnail.url, kind: 'image', fileType: null, fileSize: null, durationSeconds: null, width: thumbnail.width, height: thumbnail.height, language: null })),
  ].slice(0, MANAGE_ARTICLE_MEDIA_MAX);
  const categoryIds = [...new Set(draft.categories.map(categoryIdOf).filter((id): id is string => id !== undefined))].slice(0, ARTICLE_CATEGORIES_MAX);
  let slug = slugOf(draft.title);
  if (slug.length < ARTICLE_SLUG_MIN) slug = [slug, 'video'].filter(Boolean).join('-').padEnd(ARTICLE_SLUG_MIN, '0');
  const language = languageOf(draft.language);
  // Within the API's limits (a feed sets none): names 200 characters, roles 60, keywords 100, copyright 300.
  const credits = draft.credits
    .filter((credit) => credit.name.trim() !== '')
    .slice(0, ARTICLE_CREDITS_MAX)
    .map((credit) => ({ name: credit.name.trim().slice(0, 200), role: credit.role?.trim().slice(0, 60) || null }));
  const keywords = [...new Set(draft.keywords.map((keyword) => keyword.trim().slice(0, 100)).filter(Boolean))].slice(0, ARTICLE_KEYWORDS_MAX);
  const copyright = draft.copyright?.trim().slice(0, 300);
  return {
    title: draft.title.trim(),
    slug,
    description: draft.description.trim(),
    ...(language ? { language } : {}),
    categoryIds,
    media: files,
    // Every piece of the item's metadata the article has a place for is kept.
    ...(credits.length > 0 ? { credits } : {}),
    ...(keywords.length > 0 ? { keywords } : {}),
    ...(copyright ? { copyright } : {}),
    ...(draft.link && WEB_ADDRESS.test(draft.link) ? { sourceUrl: draft.link } : {}),
    submit: true,
  };
}

/** "2:34" or "1:02:03": a duration in seconds as a clock shows it. */
export function clockOf(seconds: number): string {
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** The publisher's corrections of a draft's words, before it is imported. */
export interface DraftEdit {
  title: string;
  description: string;
}

/**
 * The draft with the publisher's corrections, its problems with the words checked again with
 * SPEC §5's minimums (a missing playable file stays a problem: editing the words cannot add one).
 */
export function editedDraft(draft: MrssDraft, edit: DraftEdit | undefined): MrssDraft {
  if (!edit) return draft;
  const title = [...edit.title.trim()].length;
  const description = [...edit.description.trim()].length;
  const problems: MrssDraft['problems'] = [];
  if (title < ARTICLE_TITLE_MIN) problems.push('title-too-short');
  if (description < ARTICLE_DESCRIPTION_MIN) problems.push('description-too-short');
  if (description > ARTICLE_DESCRIPTION_MAX) problems.push('description-too-long');
  if (draft.problems.includes('no-playable-media')) problems.push('no-playable-media');
  return { ...draft, title: edit.title.trim(), description: edit.description.trim(), problems };
}
