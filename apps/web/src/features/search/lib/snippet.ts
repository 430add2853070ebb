/** A run of text, marked when it matched the search. */
export interface TextSegment {
  text: string;
  marked: boolean;
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Turns the HTML entities of escaped text back into characters; anything else stays as written. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity: string, name: string) => {
    if (name.startsWith('#')) {
      const codePoint = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(codePoint) && codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : entity;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/** Joins neighbours of the same kind and drops empty runs. */
function tidy(segments: TextSegment[]): TextSegment[] {
  const result: TextSegment[] = [];
  for (const segment of segments) {
    if (!segment.text) continue;
    const last = result.at(-1);
    if (last && last.marked === segment.marked) last.text += segment.text;
    else result.push({ ...segment });
  }
  return result;
}

/**
 * Reads a search snippet: escaped text where only `<mark>` and `</mark>` are markup. It is never
 * handed to the browser as HTML; any other tag, even an unescaped one, comes back as plain text.
 */
export function parseSnippet(snippet: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let depth = 0;
  for (const part of snippet.split(/(<mark>|<\/mark>)/i)) {
    const tag = part.toLowerCase();
    if (tag === '<mark>') depth += 1;
    else if (tag === '</mark>') depth = Math.max(0, depth - 1);
    else segments.push({ text: decodeEntities(part), marked: depth > 0 });
  }
  return tidy(segments);
}

/** The distinct words the server marked, longest first. */
export function markedTerms(segments: readonly TextSegment[]): string[] {
  const terms = new Set(segments.filter((segment) => segment.marked).map((segment) => segment.text.trim()).filter(Boolean));
  return [...terms].sort((a, b) => b.length - a.length);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Marks every whole-word occurrence of `terms` in `text` (case-insensitive), e.g. the words a
 * snippet marked, found again in the full transcript line it was cut from.
 */
export function highlightTerms(text: string, terms: readonly string[]): TextSegment[] {
  if (terms.length === 0) return tidy([{ text, marked: false }]);
  // \p{L}\p{N} instead of \b, so words in any script (and with accents) have proper edges.
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(${terms.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    segments.push({ text: text.slice(last, match.index), marked: false }, { text: match[0], marked: true });
    last = match.index + match[0].length;
  }
  segments.push({ text: text.slice(last), marked: false });
  return tidy(segments);
}

/**
 * Wraps text of unknown direction (a query, an English quote in an Arabic sentence) in Unicode
 * isolates, so it cannot reorder the translated words around it.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
