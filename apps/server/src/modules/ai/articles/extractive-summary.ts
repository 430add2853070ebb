import type { TranscriptCue } from '@newsreel/contracts';

/**
 * The built-in summary (no provider, no network): the sentences of the transcript that say most
 * of what the whole transcript says, in the order they are spoken. Deterministic: the same
 * transcript always gives the same summary. It is extractive — every word is the narrator's —
 * and article_ai_summaries records it as such (method 'extractive').
 */

/** Sentences kept, at most. */
export const EXTRACTIVE_SENTENCES = 3;
/** Characters of summary, at most (a sentence that would pass it is left out, unless it is the first). */
export const EXTRACTIVE_MAX_CHARS = 480;

// Words that say nothing about the story in the demo's languages (English, German, French, Spanish).
const STOP_WORDS = new Set(
  (
    'the and that this with from have has had were was are for but not you your they their them his her its our who what when where which will would ' +
    'there been into than then also more most some such only over very about after before just said says can could should may might one two new ' +
    'der die das und ist ein eine mit von den dem nicht sich auch auf für les des une est que pour dans par sur pas qui los las una por con para del que'
  ).split(' '),
);

const SENTENCE_END = /(?<=[.!?…。！？])\s+/u;
const WORD = /[\p{L}\p{N}]+/gu;

/** The transcript's text split into sentences, each trimmed, none empty. */
export function sentencesOf(cues: readonly TranscriptCue[]): string[] {
  const text = cues
    .map((cue) => cue.text.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join(' ');
  return text
    .split(SENTENCE_END)
    .map((sentence) => sentence.trim())
    .filter((sentence) => (sentence.match(WORD)?.length ?? 0) >= 3);
}

const wordsOf = (sentence: string) => (sentence.toLowerCase().match(WORD) ?? []).filter((word) => word.length > 2 && !STOP_WORDS.has(word));

/**
 * The summary of a transcript, or '' when it has no sentence of three words or more. Each
 * sentence scores the frequencies (in the whole transcript) of its words, over the square root
 * of its length, so neither long nor short sentences win by length alone; the first sentence
 * gets a little more, as news leads with what matters. Ties go to the earlier sentence.
 */
export function extractiveSummary(cues: readonly TranscriptCue[]): string {
  const sentences = sentencesOf(cues);
  if (sentences.length === 0) return '';
  const frequency = new Map<string, number>();
  for (const sentence of sentences) for (const word of wordsOf(sentence)) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const scored = sentences.map((sentence, position) => {
    const words = wordsOf(sentence);
    const distinct = new Set(words);
    let score = 0;
    for (const word of distinct) score += frequency.get(word) ?? 0;
    score /= Math.sqrt(Math.max(words.length, 1));
    if (position === 0) score *= 1.25;
    return { sentence, position, score };
  });
  scored.sort((a, b) => b.score - a.score || a.position - b.position);
  const chosen: typeof scored = [];
  let length = 0;
  for (const candidate of scored) {
    if (chosen.length === EXTRACTIVE_SENTENCES) break;
    const added = candidate.sentence.length + (chosen.length > 0 ? 1 : 0);
    if (chosen.length > 0 && length + added > EXTRACTIVE_MAX_CHARS) continue;
    chosen.push(candidate);
    length += added;
  }
  const summary = chosen
    .sort((a, b) => a.position - b.position)
    .map((entry) => entry.sentence)
    .join(' ');
  return summary.length > EXTRACTIVE_MAX_CHARS ? `${summary.slice(0, EXTRACTIVE_MAX_CHARS - 1).trimEnd()}…` : summary;
}
