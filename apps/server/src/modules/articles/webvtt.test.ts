import { describe, expect, it } from 'vitest';
import { TranscriptParseError, parseTranscript, toWebVtt } from './webvtt';

describe('toWebVtt', () => {
  it('writes a header and numbered cues with millisecond timestamps', () => {
    expect(
      toWebVtt([
        { start: 0, end: 2.5, text: 'Good evening.' },
        { start: 2.5, end: 61.0004, text: 'Our reporter has the details.' },
      ]),
    ).toBe('WEBVTT\n\n1\n00:00:00.000 --> 00:00:02.500\nGood evening.\n\n2\n00:00:02.500 --> 00:01:01.000\nOur reporter has the details.\n');
  });

  it('writes hours for cues past the first hour', () => {
    const vtt = toWebVtt([
      { start: 3723.456, end: 3725, text: 'One hour, two minutes, three seconds.' },
      { start: 36_000, end: 362_439.999, text: 'Long past ten hours.' },
    ]);
    expect(vtt).toContain('\n01:02:03.456 --> 01:02:05.000\n');
    expect(vtt).toContain('\n10:00:00.000 --> 100:40:39.999\n');
  });

  it('rounds to the millisecond without writing 1000 ms', () => {
    expect(toWebVtt([{ start: 59.9996, end: 119.9999, text: 'x' }])).toContain('00:01:00.000 --> 00:02:00.000');
    expect(toWebVtt([{ start: 1.0005, end: 1.0014, text: 'x' }])).toMatch(/00:00:01\.00[01] --> 00:00:01\.001/);
  });

  it("escapes '<', '&' and '-->' in cue text", () => {
    const vtt = toWebVtt([{ start: 0, end: 1, text: 'a < b & c --> d <script>alert(1)</script> &amp;' }]);
    expect(vtt).toContain('\na &lt; b &amp; c --&gt; d &lt;script&gt;alert(1)&lt;/script&gt; &amp;amp;\n');
    // The only arrow is the timing line's.
    expect(vtt.match(/-->/g)).toHaveLength(1);
    expect(vtt).not.toContain('<');
  });

  it('keeps a blank line inside a cue text from ending the cue', () => {
    const vtt = toWebVtt([
      { start: 0, end: 1, text: 'First line.\n\nSecond line.' },
      { start: 1, end: 2, text: 'Windows\r\n\r\nbreaks.' },
    ]);
    const blocks = vtt.trimEnd().split('\n\n');
    expect(blocks).toEqual(['WEBVTT', '1\n00:00:00.000 --> 00:00:01.000\nFirst line.\nSecond line.', '2\n00:00:01.000 --> 00:00:02.000\nWindows\nbreaks.']);
  });

  it('writes a valid empty file for no cues', () => {
    expect(toWebVtt([]).startsWith('WEBVTT\n')).toBe(true);
  });
});

describe('parseTranscript', () => {
  it('reads WebVTT cues, with identifiers, settings, tags and entities', () => {
    const vtt = 'WEBVTT - news\nKind: captions\n\nNOTE made by hand\n\nintro\n00:01.000 --> 00:03.500 align:start\n<v Anchor>Good evening &amp; welcome.</v>\n\n00:00:03.500 --> 00:00:06.000\nLine one\nline two\n';
    expect(parseTranscript(vtt)).toEqual([
      { start: 1, end: 3.5, text: 'Good evening & welcome.' },
      { start: 3.5, end: 6, text: 'Line one\nline two' },
    ]);
  });

  it('reads SubRip (SRT) cues with comma milliseconds and CRLF lines', () => {
    const srt = '\uFEFF1\r\n00:00:00,000 --> 00:00:02,250\r\nHello.\r\n\r\n2\r\n01:00:02,250 --> 01:00:04,000\r\nAn hour later.\r\n';
    expect(parseTranscript(srt)).toEqual([
      { start: 0, end: 2.25, text: 'Hello.' },
      { start: 3602.25, end: 3604, text: 'An hour later.' },
    ]);
  });

  it('reads back what toWebVtt writes', () => {
    const cues = [
      { start: 0, end: 2.5, text: 'A <b>bold</b> claim & more' },
      { start: 3723.456, end: 3725, text: 'Two\nlines' },
    ];
    expect(parseTranscript(toWebVtt(cues))).toEqual(cues);
  });

  it('names the line of a timing it cannot read, and refuses a file without cues', () => {
    expect(() => parseTranscript('WEBVTT\n\n1\n00:00:01 --> 00:00:02\nNo milliseconds.\n')).toThrow(/^Line 4: "00:00:01 --> 00:00:02" is not a cue timing/);
    expect(() => parseTranscript('WEBVTT\n\n00:00:05.000 --> 00:00:02.000\nBackwards.\n')).toThrow(/^Line 3: the cue ends before it starts/);
    expect(() => parseTranscript('1\nHello there\n')).toThrow(/^Line 2: expected a cue timing/);
    expect(() => parseTranscript('WEBVTT\n\n')).toThrow(TranscriptParseError);
  });
});
