#!/usr/bin/env node
// Helper for make-demo-media.sh (plain Node, no dependencies). Not meant to be run by hand.
//
//   node demo-media-helper.mjs plan <catalogue.json> <workdir>
//       For every article writes <workdir>/<slug>/ with:
//         job.env        shell variables (VOICE, MEDIA, COUNT, LANGUAGE)
//         poster.filter  ffmpeg filtergraph for the poster (drawtext textfile= only,
//                        so titles never need escaping)
//         *.txt          text files used by the filtergraph, and s1.txt..sN.txt
//                        with one narration sentence each
//       and <workdir>/slugs.txt with one slug per line.
//
//   node demo-media-helper.mjs finalize <catalogue.json> <workdir>/<slug> <mediadir>/<slug>
//       Reads samples.txt (sample count of each sentence WAV) and writes
//       transcript.json and meta.json.
//
// Title wrapping measures real glyph advances from the TrueType fonts (cmap + hmtx),
// so long headlines are wrapped and sized to fit the 960x540 poster.

import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SAMPLE_RATE = 22050;
export const GAP_SAMPLES = Math.round(0.35 * SAMPLE_RATE); // silence between sentences

const FONT_DIR = process.env.DEJAVU_DIR || '/usr/share/fonts/truetype/dejavu';
const FONT_BOLD = join(FONT_DIR, 'DejaVuSans-Bold.ttf');
const FONT_REGULAR = join(FONT_DIR, 'DejaVuSans.ttf');
const CJK_CANDIDATES = [
  process.env.CJK_FONT,
  '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc',
  '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc',
].filter(Boolean);

// ---------------------------------------------------------------------------
// Minimal TrueType reader: advance widths per code point (no kerning).
function loadFont(path) {
  const buf = readFileSync(path);
  let base = 0;
  if (buf.toString('latin1', 0, 4) === 'ttcf') base = buf.readUInt32BE(12); // first face of a collection
  const numTables = buf.readUInt16BE(base + 4);
  const tables = {};
  for (let i = 0; i < numTables; i++) {
    const rec = base + 12 + i * 16;
    tables[buf.toString('latin1', rec, rec + 4)] = buf.readUInt32BE(rec + 8);
  }
  const unitsPerEm = buf.readUInt16BE(tables.head + 18);
  const numHMetrics = buf.readUInt16BE(tables.hhea + 34);
  const advanceOf = (glyph) => buf.readUInt16BE(tables.hmtx + 4 * Math.min(glyph, numHMetrics - 1));

  // cmap: prefer format 12 (full Unicode), else format 4 (BMP)
  const cmap = tables.cmap;
  const n = buf.readUInt16BE(cmap + 2);
  let sub4 = null;
  let sub12 = null;
  for (let i = 0; i < n; i++) {
    const pid = buf.readUInt16BE(cmap + 4 + i * 8);
    const eid = buf.readUInt16BE(cmap + 6 + i * 8);
    const off = cmap + buf.readUInt32BE(cmap + 8 + i * 8);
    const fmt = buf.readUInt16BE(off);
    if (pid === 3 && eid === 10 && fmt === 12) sub12 = off;
    if (pid === 3 && eid === 1 && fmt === 4) sub4 = off;
    if (pid === 0 && fmt === 4 && !sub4) sub4 = off;
    if (pid === 0 && fmt === 12 && !sub12) sub12 = off;
  }
  function glyphOf(cp) {
    if (sub12) {
      const groups = buf.readUInt32BE(sub12 + 12);
      for (let g = 0; g < groups; g++) {
        const o = sub12 + 16 + g * 12;
        const start = buf.readUInt32BE(o);
        const end = buf.readUInt32BE(o + 4);
        if (cp >= start && cp <= end) return buf.readUInt32BE(o + 8) + (cp - start);
      }
      return 0;
    }
    if (!sub4 || cp > 0xffff) return 0;
    const segX2 = buf.readUInt16BE(sub4 + 6);
    const ends = sub4 + 14;
    const starts = ends + segX2 + 2;
    const deltas = starts + segX2;
    const ranges = deltas + segX2;
    for (let s = 0; s < segX2 / 2; s++) {
      const end = buf.readUInt16BE(ends + s * 2);
      if (cp > end) continue;
      const start = buf.readUInt16BE(starts + s * 2);
      if (cp < start) return 0;
      const delta = buf.readInt16BE(deltas + s * 2);
      const ro = buf.readUInt16BE(ranges + s * 2);
      if (ro === 0) return (cp + delta) & 0xffff;
      const gi = buf.readUInt16BE(ranges + s * 2 + ro + (cp - start) * 2);
      return gi === 0 ? 0 : (gi + delta) & 0xffff;
    }
    return 0;
  }
  const cache = new Map();
  return {
    path,
    has: (cp) => glyphOf(cp) !== 0,
    // width in em units of a string
    width(text) {
      let w = 0;
      for (const ch of text) {
        const cp = ch.codePointAt(0);
        if (!cache.has(cp)) cache.set(cp, advanceOf(glyphOf(cp)) / unitsPerEm);
        w += cache.get(cp);
      }
      return w;
    },
  };
}

const fonts = {};
function font(path) {
  fonts[path] ??= loadFont(path);
  return fonts[path];
}
function cjkFont() {
  const found = CJK_CANDIDATES.find((p) => existsSync(p));
  return found ?? FONT_BOLD;
}

// ---------------------------------------------------------------------------
// Wrapping
const NO_LINE_START = new Set([...'，。、；：！？）」』》,.;:!?)']);
function tokens(text, cjk) {
  if (!cjk) return text.split(/\s+/).filter(Boolean);
  // one token per character, keeping closing punctuation with the previous character
  const out = [];
  for (const ch of text) {
    if (out.length && NO_LINE_START.has(ch)) out[out.length - 1] += ch;
    else out.push(ch);
  }
  return out;
}
function wrap(text, f, size, maxWidth, cjk) {
  const sep = cjk ? '' : ' ';
  const lines = [];
  let line = '';
  for (const tok of tokens(text, cjk)) {
    const candidate = line ? line + sep + tok : tok;
    if (!line || f.width(candidate) * size <= maxWidth) line = candidate;
    else {
      lines.push(line);
      line = tok;
    }
  }
  if (line) lines.push(line);
  const widest = Math.max(...lines.map((l) => f.width(l) * size));
  return { lines, fits: widest <= maxWidth };
}
export function layoutTitle(title, f, cjk, maxWidth) {
  const sizes = [64, 58, 54, 50, 46, 42, 38, 34];
  for (const maxLines of [3, 4]) {
    for (const size of sizes) {
      const w = wrap(title, f, size, maxWidth, cjk);
      if (w.fits && w.lines.length <= maxLines) return { size, lines: w.lines };
    }
  }
  return { size: 30, lines: wrap(title, f, 30, maxWidth, cjk).lines };
}

// ---------------------------------------------------------------------------
const VOICES = { es: 'es', fr: 'fr-fr', de: 'de', pt: 'pt', it: 'it', nl: 'nl', sv: 'sv', zh: 'cmn', vi: 'vi', ar: 'ar' };
export function voiceFor(a) {
  const americas = a.regionIds.some((r) => r === 2 || r === 5 || r === 10);
  if (a.language === 'en') return americas ? 'en-us' : 'en-gb';
  if (a.language === 'pt' && a.regionIds.includes(10)) return 'pt-br';
  if (a.language === 'es' && a.regionIds.includes(10)) return 'es-419';
  return VOICES[a.language];
}
const TERRITORY = { 1: 'LOCAL', 2: 'STATE', 3: 'NATIONAL', 4: 'GLOBAL' };
const RTL = new Set(['ar']);

const hex = (c) => c.replace('#', '').slice(0, 6).toUpperCase();
function mix(a, b, t) {
  const pa = [0, 2, 4].map((i) => parseInt(hex(a).slice(i, i + 2), 16));
  const pb = [0, 2, 4].map((i) => parseInt(hex(b).slice(i, i + 2), 16));
  return pa.map((v, i) => Math.round(v + (pb[i] - v) * t).toString(16).padStart(2, '0')).join('').toUpperCase();
}

const rgb = (c) => [0, 2, 4].map((i) => parseInt(hex(c).slice(i, i + 2), 16));

function posterFilter(a, pub, cats, dir) {
  const W = 960;
  const M = 64;
  const maxWidth = W - 2 * M;
  const b = pub.branding;
  const cjk = a.language === 'zh';
  const rtl = RTL.has(a.language);
  const titleFontPath = cjk ? cjkFont() : FONT_BOLD;
  const f = font(titleFontPath);
  const { size, lines } = layoutTitle(a.title, f, cjk, maxWidth);

  const file = (name, text) => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };
  const dt = (opts) => 'drawtext=' + Object.entries(opts).map(([k, v]) => `${k}=${v}`).join(':');
  const filters = [];
  // background: diagonal gradient from the publisher background towards its primary colour
  // (geq rather than the gradients source, whose output is not deterministic)
  const c0 = rgb(b.backgroundColour);
  const c1 = rgb(mix(b.backgroundColour, b.primaryColour, 0.24));
  const t = '(0.62*X/W+0.38*Y/H)';
  const ch = (i) => `'${c0[i]}+${c1[i] - c0[i]}*${t}'`;
  filters.push(`color=c=black:s=960x540:d=1:r=1,format=gbrp,geq=r=${ch(0)}:g=${ch(1)}:b=${ch(2)},format=yuv444p`);
  // soft darker band under the footer for contrast
  filters.push(`drawbox=x=0:y=440:w=960:h=100:color=0x000000@0.18:t=fill`);
  // header: accent bar + publisher name
  filters.push(`drawbox=x=${M}:y=58:w=6:h=30:color=0x${hex(b.primaryColour)}:t=fill`);
  filters.push(dt({ fontfile: FONT_BOLD, textfile: file('publisher.txt', pub.name.toUpperCase()), fontsize: 22, fontcolor: `0x${hex(b.secondaryColour)}`, x: M + 20, y: '82-ascent' }));
  // header right: BREAKING badge or first category
  if (a.breaking) {
    const label = 'BREAKING';
    const lw = Math.ceil(font(FONT_BOLD).width(label) * 18) + 28;
    filters.push(`drawbox=x=${W - M - lw}:y=56:w=${lw}:h=34:color=0xE5484D:t=fill`);
    filters.push(dt({ fontfile: FONT_BOLD, textfile: file('badge.txt', label), fontsize: 18, fontcolor: 'white', x: W - M - lw + 14, y: '80-ascent' }));
  } else {
    const label = a.categories.slice(0, 2).map((c) => cats.get(c)?.name ?? c).join('  ·  ').toUpperCase();
    filters.push(dt({ fontfile: FONT_BOLD, textfile: file('badge.txt', label), fontsize: 18, fontcolor: `0x${hex(b.primaryColour)}`, x: `${W - M}-text_w`, y: '80-ascent' }));
  }
  // title, vertically centred in the band between header and footer
  const lineAdvance = Math.round(size * (cjk ? 1.3 : 1.2));
  const capHeight = Math.round(size * (cjk ? 0.86 : 0.73));
  const blockHeight = (lines.length - 1) * lineAdvance + capHeight;
  const bandTop = 118;
  const bandBottom = 430;
  const firstBaseline = Math.round((bandTop + bandBottom) / 2 - blockHeight / 2 + capHeight);
  lines.forEach((line, i) => {
    filters.push(dt({
      fontfile: titleFontPath,
      textfile: file(`title${i + 1}.txt`, line),
      fontsize: size,
      fontcolor: 'white',
      shadowcolor: '0x000000@0.45',
      shadowx: 0,
      shadowy: 2,
      x: rtl ? `${W - M}-text_w` : M,
      y: `${firstBaseline + i * lineAdvance}-ascent`,
    }));
  });
  // footer: rule + location and territory
  filters.push(`drawbox=x=${M}:y=440:w=${maxWidth}:h=2:color=0x${hex(b.primaryColour)}@0.7:t=fill`);
  const footer = `${a.location.name.toUpperCase()}  ·  ${TERRITORY[a.territory] ?? ''}`;
  filters.push(dt({ fontfile: FONT_REGULAR, textfile: file('footer.txt', footer), fontsize: 20, fontcolor: '0xFFFFFF@0.75', x: M, y: '490-ascent' }));
  filters.push(`format=yuvj420p`);
  return { filter: filters.join(',\n') + '\n', size, lines };
}

// ---------------------------------------------------------------------------
function plan(cataloguePath, work) {
  const cat = JSON.parse(readFileSync(cataloguePath, 'utf8'));
  const pubs = new Map(cat.publishers.map((p) => [p.slug, p]));
  const cats = new Map(cat.categories.map((c) => [c.slug, c]));
  const slugs = [];
  for (const a of cat.articles) {
    const dir = join(work, a.slug);
    mkdirSync(dir, { recursive: true });
    const { filter } = posterFilter(a, pubs.get(a.publisher), cats, dir);
    writeFileSync(join(dir, 'poster.filter'), filter);
    a.narration.forEach((s, i) => writeFileSync(join(dir, `s${i + 1}.txt`), s + '\n'));
    writeFileSync(join(dir, 'job.env'), [
      `VOICE='${voiceFor(a)}'`,
      `MEDIA='${a.media}'`,
      `COUNT=${a.narration.length}`,
      `LANGUAGE='${a.language}'`,
      '',
    ].join('\n'));
    slugs.push(a.slug);
  }
  writeFileSync(join(work, 'slugs.txt'), slugs.join('\n') + '\n');
  console.log(`planned ${slugs.length} articles`);
}

function finalize(cataloguePath, job, out) {
  const cat = JSON.parse(readFileSync(cataloguePath, 'utf8'));
  const slug = job.split('/').filter(Boolean).pop();
  const a = cat.articles.find((x) => x.slug === slug);
  if (!a) throw new Error(`unknown article ${slug}`);
  const samples = readFileSync(join(job, 'samples.txt'), 'utf8').trim().split('\n').map(Number);
  if (samples.length !== a.narration.length) throw new Error(`${slug}: ${samples.length} sample counts for ${a.narration.length} sentences`);
  const sec = (n) => Math.round((n / SAMPLE_RATE) * 1000) / 1000;
  let pos = 0;
  const cues = a.narration.map((text, i) => {
    const start = pos;
    const end = start + samples[i];
    pos = end + (i < samples.length - 1 ? GAP_SAMPLES : 0);
    return { start: sec(start), end: sec(end), text };
  });
  writeFileSync(join(out, 'transcript.json'), JSON.stringify({ language: a.language, cues }, null, 2) + '\n');
  const bytes = (f) => (existsSync(join(out, f)) ? statSync(join(out, f)).size : null);
  const meta = {
    durationSeconds: sec(pos),
    audioBytes: bytes('audio.mp3'),
    videoBytes: a.media === 'video' ? bytes('video.webm') : null,
    posterBytes: bytes('poster.jpg'),
  };
  writeFileSync(join(out, 'meta.json'), JSON.stringify(meta, null, 2) + '\n');
}

const [cmd, ...rest] = process.argv.slice(2);
if (cmd === 'plan') plan(rest[0], rest[1]);
else if (cmd === 'finalize') finalize(rest[0], rest[1], rest[2]);
else if (cmd === 'duration') {
  // prints total duration in seconds for <workdir>/<slug>/samples.txt (used for video length)
  const samples = readFileSync(rest[0], 'utf8').trim().split('\n').map(Number);
  const total = samples.reduce((s, n) => s + n, 0) + GAP_SAMPLES * (samples.length - 1);
  console.log((total / SAMPLE_RATE).toFixed(3));
} else {
  console.error('usage: demo-media-helper.mjs plan|finalize|duration ...');
  process.exit(2);
}
