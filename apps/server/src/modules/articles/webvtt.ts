import type { TranscriptCue } from '@newsreel/contracts';

function timestamp(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/**
 * A WebVTT file of the cues; "-->" inside text would end a cue's timing line, so it is escaped,
 * and a blank line would end the cue itself, so blank lines are dropped.
 */
export function toWebVtt(cues: TranscriptCue[]): string {
  const body = cues
    .map((cue, index) => {
      const text = cue.text
        .split(/\r\n|\r|\n/)
        .filter((line) => line.trim() !== '')
        .join('\n')
        .replaceAll('&', '&amp;')
        .replaceAll('<', '&lt;')
        .replaceAll('>', '&gt;');
      return `${index + 1}\n${timestamp(cue.start)} --> ${timestamp(cue.end)}\n${text}`;
    })
    .join('\n\n');
  return `WEBVTT\n\n${body}\n`;
}

/** A cue's time: `hh:mm:ss.ttt` or `mm:ss.ttt` (WebVTT), `hh:mm:ss,ttt` (SubRip). */
const TIME = /^(?:(\d+):)?([0-5]\d):([0-5]\d)[.,](\d{1,3})$/;
const TIMING = /^(\S+)\s+-->\s+(\S+)(?:\s.*)?$/;

function secondsOf(text: string): number | null {
  const match = TIME.exec(text);
  if (!match) return null;
  const [, h = '0', m, s, ms] = match;
  return Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(ms!.padEnd(3, '0')) / 1000;
}

/** A cue's text without WebVTT's tags (<v Speaker>, <i> …) and with its entities read. */
function plainText(lines: string[]): string {
  return lines
    .join('\n')
    .replace(/<[^>]*>/g, '')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&nbsp;', ' ')
    .replaceAll('&amp;', '&')
    .trim();
}

/** A transcript that cannot be read; the message names the line. */
export class TranscriptParseError extends Error {}

/**
 * The cues of a WebVTT or SubRip (SRT) transcript, in file order. Blocks are separated by blank
 * lines; a cue is an optional identifier line, a timing line `start --> end` and its text. WebVTT's
 * NOTE, STYLE and REGION blocks are skipped. A timing line that cannot be read, or an end before
 * its start, is an error naming its line; a file without a cue is one too.
 */
export function parseTranscript(text: string): TranscriptCue[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const cues: TranscriptCue[] = [];
  let at = 0;
  if (/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) {
    // The header runs to the first blank line.
    while (at < lines.length && lines[at]!.trim() !== '') at++;
  }
  while (at < lines.length) {
    while (at < lines.length && lines[at]!.trim() === '') at++;
    const start = at;
    const block: string[] = [];
    while (at < lines.length && lines[at]!.trim() !== '') block.push(lines[at++]!);
    if (block.length === 0) break;
    if (/^(NOTE|STYLE|REGION)(\s|$)/.test(block[0]!)) continue;
    const timingIndex = block[0]!.includes('-->') ? 0 : 1;
    const timing = TIMING.exec((block[timingIndex] ?? '').trim());
    const lineNumber = start + timingIndex + 1;
    if (!timing) throw new TranscriptParseError(`Line ${lineNumber}: expected a cue timing such as "00:00:01.000 --> 00:00:04.000".`);
    const [from, to] = [secondsOf(timing[1]!), secondsOf(timing[2]!)];
    if (from === null || to === null) throw new TranscriptParseError(`Line ${lineNumber}: "${block[timingIndex]!.trim()}" is not a cue timing (hh:mm:ss.ttt --> hh:mm:ss.ttt).`);
    if (to < from) throw new TranscriptParseError(`Line ${lineNumber}: the cue ends before it starts.`);
    const cueText = plainText(block.slice(timingIndex + 1));
    if (cueText !== '') cues.push({ start: from, end: to, text: cueText });
  }
  if (cues.length === 0) throw new TranscriptParseError('The file holds no cue: it is not a WebVTT or SubRip transcript.');
  return cues;
}
