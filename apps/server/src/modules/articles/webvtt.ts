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
