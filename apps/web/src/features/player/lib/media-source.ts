import { apiPaths, MediaType, withQuery, type Article, type ArticleSummary } from '@newsreel/contracts';

/** How an article plays: as a video, as audio over its poster, or not at all (a transcript to read). */
export type MediaKind = 'video' | 'audio' | 'none';

export function mediaKindOf(article: ArticleSummary): MediaKind {
  const file = article.mediafile;
  if (!file?.url) return 'none';
  if (file.type === MediaType.VIDEO || file.type === MediaType.DUBBED_VIDEO) return 'video';
  if (file.type === MediaType.AUDIO) return 'audio';
  return 'none';
}

/** An HLS stream (a .m3u8 playlist), which only Safari and some phones play natively. */
export function isHlsUrl(url: string): boolean {
  return /\.m3u8(?:$|[?#])/i.test(url);
}

let nativeHls: boolean | undefined;

export function canPlayHlsNatively(): boolean {
  nativeHls ??= typeof document !== 'undefined' && document.createElement('video').canPlayType('application/vnd.apple.mpegurl') !== '';
  return nativeHls;
}

/** The language of the transcript the article came with, when it came with one. */
export function transcriptLanguageOf(article: ArticleSummary | Article): string | undefined {
  return 'transcript' in article && article.transcript ? article.transcript.language : undefined;
}

/** The WebVTT captions the server makes from the article's transcript, for a <track>. */
export function captionsUrl(dataApiBaseUrl: string, articleId: string, language?: string): string {
  return `${dataApiBaseUrl}${withQuery(apiPaths.articleTranscript(articleId), { format: 'vtt', language })}`;
}
