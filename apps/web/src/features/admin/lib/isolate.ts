/**
 * Text written by people (a poll's name, a question, an answer) set inside a translated sentence,
 * in its own direction: an English question in an Arabic sentence keeps its words and punctuation
 * in order (Unicode's first-strong isolate, U+2068 … U+2069).
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
