import type { AiResult, ArticleSummary } from '@newsreel/contracts';

/** A stretch of one article's media, played from `startSecond` until `endSecond`. */
export interface PlayableClip {
  article: ArticleSummary;
  startSecond: number;
  endSecond: number;
  /** Why it plays: the words it covers (a playlist's reason, or the quoted passage). */
  reason: string;
}

/**
 * Seconds a clip plays when its citation has no stretch of its own (a title, a description or a
 * summary, cited at 0 with no end): the start of the report.
 */
export const UNTIMED_CLIP_SECONDS = 15;

/**
 * The clips a result plays, in order: a playlist's clips, or every cited moment of an answer
 * (each once, in the order the answer cites them). Clips of articles the reader cannot open (not
 * among the result's public articles) are left out.
 */
export function clipsOf(result: Pick<AiResult, 'type' | 'clips' | 'sentences' | 'articles'>): PlayableClip[] {
  const articles = new Map((result.articles ?? []).map((article) => [article.id, article]));
  const cited =
    result.type === 'playlist'
      ? result.clips
      : result.sentences.flatMap((sentence) => sentence.citations.map((citation) => ({ ...citation, reason: citation.quote })));
  const seen = new Set<string>();
  const clips: PlayableClip[] = [];
  for (const clip of cited) {
    const article = articles.get(clip.articleId);
    const key = `${clip.articleId}@${clip.startSecond}`;
    if (!article || seen.has(key)) continue;
    seen.add(key);
    const endSecond = clip.endSecond > clip.startSecond ? clip.endSecond : clip.startSecond + UNTIMED_CLIP_SECONDS;
    clips.push({ article, startSecond: clip.startSecond, endSecond, reason: clip.reason });
  }
  return clips;
}
