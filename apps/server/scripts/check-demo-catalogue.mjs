#!/usr/bin/env node
// Validates the demo catalogue (apps/server/src/db/demo/catalogue.json) and its
// pre-generated media (apps/server/src/db/demo/media/<slug>/).
//
// Plain Node, no dependencies. Exits 0 when everything passes, 1 with a list of
// problems otherwise.
//
//   node apps/server/scripts/check-demo-catalogue.mjs            # catalogue + media
//   node apps/server/scripts/check-demo-catalogue.mjs --no-media # catalogue only
//   node apps/server/scripts/check-demo-catalogue.mjs --catalogue path/to/catalogue.json

import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const argValue = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const cataloguePath = resolve(argValue('--catalogue') ?? join(here, '../src/db/demo/catalogue.json'));
const mediaRoot = resolve(argValue('--media') ?? join(dirname(cataloguePath), 'media'));
const checkMedia = !args.includes('--no-media');

// ---- rules -----------------------------------------------------------------
const RULES = {
  publishers: 8,
  requiredCategories: ['politics', 'business', 'technology', 'science', 'health', 'climate', 'sport', 'culture', 'world', 'local', 'travel'],
  minArticles: 150,
  slugMin: 6,
  titleMin: 12,
  descriptionMin: 50,
  descriptionMax: 400,
  summarySentences: [2, 3],
  narrationSentences: [4, 7],
  regionIds: [0, 21],
  territories: [1, 2, 3, 4],
  languages: ['en', 'es', 'fr', 'de', 'pt', 'it', 'nl', 'sv', 'zh', 'vi', 'ar'],
  minRegionsCovered: 12,
  minCities: 60,
  breaking: [8, 16],
  nonEnglish: [12, 25],
  videoShare: [0.25, 0.45],
  maxHoursAgo: 240,
  stories: 8,
  storyArticles: [4, 8],
  playlists: 4,
  playlistArticles: [8, 15],
  websiteHosts: ['example.org', 'example.com', 'example.net'],
  posterSize: [960, 540],
  posterMaxBytes: 45 * 1024,
  videoMaxBytes: 400 * 1024,
  mediaMaxBytes: 30 * 1024 * 1024,
};

const problems = [];
const problem = (where, msg) => problems.push(`${where}: ${msg}`);

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
const isStr = (v) => typeof v === 'string' && v.trim().length > 0;
const isInt = (v) => Number.isInteger(v);
const between = (n, [lo, hi]) => n >= lo && n <= hi;

// Counts sentences: terminal punctuation (Latin, CJK, Arabic) followed by space or end.
function sentenceCount(text) {
  const matches = text.trim().match(/[.!?。！？؟]+(?=\s|$)|[。！？]+/g);
  return matches ? matches.length : 0;
}
const endsLikeSentence = (s) => /[.!?。！？؟]["'”’)]?$/.test(s.trim());

// ---- load ------------------------------------------------------------------
let cat;
try {
  cat = JSON.parse(readFileSync(cataloguePath, 'utf8'));
} catch (err) {
  console.error(`Cannot read ${cataloguePath}: ${err.message}`);
  process.exit(1);
}
for (const key of ['publishers', 'categories', 'articles', 'stories', 'playlists']) {
  if (!Array.isArray(cat[key])) problem('catalogue', `"${key}" must be an array`);
}
const publishers = cat.publishers ?? [];
const categories = cat.categories ?? [];
const articles = cat.articles ?? [];
const stories = cat.stories ?? [];
const playlists = cat.playlists ?? [];

// ---- publishers --------------------------------------------------------------
if (publishers.length !== RULES.publishers) problem('publishers', `expected ${RULES.publishers}, found ${publishers.length}`);
const pubSlugs = new Set();
const pubNames = new Set();
const pubColours = new Set();
for (const [i, p] of publishers.entries()) {
  const at = `publishers[${i}] ${p?.slug ?? ''}`;
  if (!isStr(p.slug) || !KEBAB.test(p.slug)) problem(at, 'slug must be kebab-case');
  if (pubSlugs.has(p.slug)) problem(at, 'duplicate slug');
  pubSlugs.add(p.slug);
  if (!isStr(p.name)) problem(at, 'name missing');
  if (pubNames.has(p.name)) problem(at, 'duplicate name');
  pubNames.add(p.name);
  if (!isStr(p.description) || p.description.length < 20) problem(at, 'description missing or too short');
  try {
    const host = new URL(p.website).hostname;
    if (!RULES.websiteHosts.some((h) => host === h || host.endsWith(`.${h}`))) problem(at, `website host ${host} is not example.org/.com/.net`);
  } catch {
    problem(at, `website "${p.website}" is not a URL`);
  }
  const b = p.branding ?? {};
  for (const k of ['primaryColour', 'secondaryColour', 'backgroundColour']) {
    if (!HEX.test(b[k] ?? '')) problem(at, `branding.${k} must be a hex colour`);
  }
  const pair = `${b.primaryColour}/${b.backgroundColour}`.toUpperCase();
  if (pubColours.has(pair)) problem(at, 'branding colours duplicate another publisher');
  pubColours.add(pair);
}
const primaryColours = new Set(publishers.map((p) => p.branding?.primaryColour?.toUpperCase()));
if (primaryColours.size !== publishers.length) problem('publishers', 'primary colours must be distinct');

// ---- categories --------------------------------------------------------------
const catSlugs = new Set();
for (const [i, c] of categories.entries()) {
  const at = `categories[${i}] ${c?.slug ?? ''}`;
  if (!isStr(c.slug) || !KEBAB.test(c.slug)) problem(at, 'slug must be kebab-case');
  if (catSlugs.has(c.slug)) problem(at, 'duplicate slug');
  catSlugs.add(c.slug);
  if (!isStr(c.name)) problem(at, 'name missing');
  if (!isStr(c.description)) problem(at, 'description missing');
}
if (categories.length < 10) problem('categories', `need at least 10, found ${categories.length}`);
for (const req of RULES.requiredCategories) if (!catSlugs.has(req)) problem('categories', `missing required category "${req}"`);

// ---- articles ----------------------------------------------------------------
if (articles.length < RULES.minArticles) problem('articles', `need at least ${RULES.minArticles}, found ${articles.length}`);
const artSlugs = new Set();
const locations = new Map(); // slug -> {name, lat, lon, count}
const usedRegions = new Set();
const usedCats = new Set();
const usedPubs = new Set();
const langs = new Map();
let breaking = 0;
let videos = 0;
for (const [i, a] of articles.entries()) {
  const at = `articles[${i}] ${a?.slug ?? ''}`;
  if (!isStr(a.slug) || a.slug.length < RULES.slugMin || !KEBAB.test(a.slug)) problem(at, `slug must be kebab-case and at least ${RULES.slugMin} characters`);
  if (artSlugs.has(a.slug)) problem(at, 'duplicate slug');
  artSlugs.add(a.slug);
  if (!isStr(a.title) || [...a.title].length < RULES.titleMin) problem(at, `title must be at least ${RULES.titleMin} characters`);
  const dl = isStr(a.description) ? [...a.description].length : 0;
  if (!between(dl, [RULES.descriptionMin, RULES.descriptionMax])) problem(at, `description length ${dl} not within ${RULES.descriptionMin}-${RULES.descriptionMax}`);
  if (!isStr(a.summary)) problem(at, 'summary missing');
  else if (!between(sentenceCount(a.summary), RULES.summarySentences)) problem(at, `summary has ${sentenceCount(a.summary)} sentences, needs 2-3`);
  if (!Array.isArray(a.narration) || !between(a.narration.length, RULES.narrationSentences)) {
    problem(at, `narration must hold ${RULES.narrationSentences.join('-')} sentences`);
  } else {
    a.narration.forEach((s, j) => {
      if (!isStr(s)) problem(at, `narration[${j}] empty`);
      else if (!endsLikeSentence(s)) problem(at, `narration[${j}] does not end like a sentence`);
      else if (sentenceCount(s) !== 1) problem(at, `narration[${j}] should be exactly one sentence`);
    });
  }
  if (!pubSlugs.has(a.publisher)) problem(at, `unknown publisher "${a.publisher}"`);
  usedPubs.add(a.publisher);
  if (!Array.isArray(a.categories) || a.categories.length === 0) problem(at, 'categories must be a non-empty array');
  else {
    if (new Set(a.categories).size !== a.categories.length) problem(at, 'duplicate categories');
    for (const c of a.categories) {
      if (!catSlugs.has(c)) problem(at, `unknown category "${c}"`);
      usedCats.add(c);
    }
  }
  if (!Array.isArray(a.regionIds) || a.regionIds.length === 0) problem(at, 'regionIds must be a non-empty array');
  else {
    if (new Set(a.regionIds).size !== a.regionIds.length) problem(at, 'duplicate regionIds');
    for (const r of a.regionIds) {
      if (!isInt(r) || !between(r, RULES.regionIds)) problem(at, `region id ${r} outside 0-21`);
      else usedRegions.add(r);
    }
  }
  if (!RULES.territories.includes(a.territory)) problem(at, `territory ${a.territory} must be 1-4`);
  if (typeof a.breaking !== 'boolean') problem(at, 'breaking must be boolean');
  if (a.breaking) breaking++;
  if (!RULES.languages.includes(a.language)) problem(at, `language "${a.language}" not supported`);
  langs.set(a.language, (langs.get(a.language) ?? 0) + 1);
  const loc = a.location ?? {};
  if (!isStr(loc.name)) problem(at, 'location.name missing');
  if (!isStr(loc.slug) || !KEBAB.test(loc.slug)) problem(at, 'location.slug must be kebab-case');
  if (typeof loc.lat !== 'number' || !between(loc.lat, [-90, 90])) problem(at, `location.lat ${loc.lat} out of range`);
  if (typeof loc.lon !== 'number' || !between(loc.lon, [-180, 180])) problem(at, `location.lon ${loc.lon} out of range`);
  if (isStr(loc.slug)) {
    const prev = locations.get(loc.slug);
    if (prev && (prev.name !== loc.name || prev.lat !== loc.lat || prev.lon !== loc.lon)) problem(at, `location "${loc.slug}" differs from an earlier article with the same slug`);
    locations.set(loc.slug, { ...loc, count: (prev?.count ?? 0) + 1 });
  }
  if (typeof a.publishedHoursAgo !== 'number' || !between(a.publishedHoursAgo, [0, RULES.maxHoursAgo])) problem(at, `publishedHoursAgo must be 0-${RULES.maxHoursAgo}`);
  if (a.media !== 'video' && a.media !== 'audio') problem(at, 'media must be "video" or "audio"');
  if (a.media === 'video') videos++;
}
for (let r = RULES.regionIds[0]; r <= RULES.regionIds[1]; r++) if (!usedRegions.has(r)) problem('articles', `no article in region ${r}`);
if (usedRegions.size < RULES.minRegionsCovered) problem('articles', `only ${usedRegions.size} regions covered`);
if (locations.size < RULES.minCities) problem('articles', `only ${locations.size} distinct locations, need ${RULES.minCities}`);
if (![...locations.values()].some((l) => l.count > 1)) problem('articles', 'no shared location slug (map overlap case not covered)');
for (const c of catSlugs) if (!usedCats.has(c)) problem('articles', `category "${c}" has no articles`);
for (const p of pubSlugs) if (!usedPubs.has(p)) problem('articles', `publisher "${p}" has no articles`);
if (!between(breaking, RULES.breaking)) problem('articles', `${breaking} breaking articles, expected ${RULES.breaking.join('-')}`);
const nonEn = articles.length - (langs.get('en') ?? 0);
if (!between(nonEn, RULES.nonEnglish)) problem('articles', `${nonEn} non-English articles, expected ${RULES.nonEnglish.join('-')}`);
const share = articles.length ? videos / articles.length : 0;
if (!between(share, RULES.videoShare)) problem('articles', `video share ${(share * 100).toFixed(0)}% outside ${RULES.videoShare.map((x) => x * 100).join('-')}%`);

// ---- stories and playlists -------------------------------------------------------
function checkList(kind, list, idKey, expected, range) {
  if (list.length !== expected) problem(kind, `expected ${expected}, found ${list.length}`);
  const ids = new Set();
  for (const [i, item] of list.entries()) {
    const at = `${kind}[${i}] ${item?.[idKey] ?? ''}`;
    if (!isStr(item[idKey]) || !KEBAB.test(item[idKey])) problem(at, `${idKey} must be kebab-case`);
    if (ids.has(item[idKey])) problem(at, `duplicate ${idKey}`);
    ids.add(item[idKey]);
    const name = item.title ?? item.name;
    if (!isStr(name)) problem(at, 'title/name missing');
    if (kind === 'stories') {
      if ([...(item.title ?? '')].length < RULES.titleMin) problem(at, `title must be at least ${RULES.titleMin} characters`);
      const dl = [...(item.description ?? '')].length;
      if (!between(dl, [RULES.descriptionMin, RULES.descriptionMax])) problem(at, `description length ${dl} not within ${RULES.descriptionMin}-${RULES.descriptionMax}`);
    }
    if (!Array.isArray(item.articles) || !between(item.articles.length, range)) problem(at, `must list ${range.join('-')} articles`);
    else {
      if (new Set(item.articles).size !== item.articles.length) problem(at, 'lists an article twice');
      for (const s of item.articles) if (!artSlugs.has(s)) problem(at, `unknown article "${s}"`);
    }
  }
}
checkList('stories', stories, 'slug', RULES.stories, RULES.storyArticles);
checkList('playlists', playlists, 'externalId', RULES.playlists, RULES.playlistArticles);

// ---- media -----------------------------------------------------------------------
function jpegSize(buf) {
  if (buf[0] !== 0xff || buf[1] !== 0xd8) return null;
  let o = 2;
  while (o + 9 < buf.length) {
    if (buf[o] !== 0xff) return null;
    const marker = buf[o + 1];
    const len = buf.readUInt16BE(o + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: buf.readUInt16BE(o + 5), width: buf.readUInt16BE(o + 7) };
    }
    o += 2 + len;
  }
  return null;
}
function dirBytes(dir) {
  let total = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    total += st.isDirectory() ? dirBytes(p) : st.size;
  }
  return total;
}

let mediaBytes = 0;
if (checkMedia) {
  if (!existsSync(mediaRoot)) problem('media', `folder ${mediaRoot} missing (run scripts/make-demo-media.sh)`);
  else {
    mediaBytes = dirBytes(mediaRoot);
    if (mediaBytes > RULES.mediaMaxBytes) problem('media', `total ${(mediaBytes / 1048576).toFixed(1)} MB exceeds 30 MB`);
    const known = new Set(articles.map((a) => a.slug));
    for (const name of readdirSync(mediaRoot)) if (!known.has(name)) problem('media', `stray folder "${name}" has no article`);
    for (const a of articles) {
      const dir = join(mediaRoot, a.slug);
      const at = `media/${a.slug}`;
      if (!existsSync(dir)) {
        problem(at, 'folder missing');
        continue;
      }
      const need = ['poster.jpg', 'audio.mp3', 'transcript.json', 'meta.json'];
      if (a.media === 'video') need.push('video.webm');
      const missing = need.filter((f) => !existsSync(join(dir, f)));
      for (const f of missing) problem(at, `${f} missing`);
      if (a.media !== 'video' && existsSync(join(dir, 'video.webm'))) problem(at, 'video.webm present but article media is audio');
      if (missing.length) continue;
      const size = (f) => statSync(join(dir, f)).size;
      const poster = readFileSync(join(dir, 'poster.jpg'));
      const dims = jpegSize(poster);
      if (!dims) problem(at, 'poster.jpg is not a readable JPEG');
      else if (dims.width !== RULES.posterSize[0] || dims.height !== RULES.posterSize[1]) problem(at, `poster is ${dims.width}x${dims.height}, expected 960x540`);
      if (poster.length > RULES.posterMaxBytes) problem(at, `poster.jpg is ${poster.length} bytes (> 45 KB)`);
      if (a.media === 'video' && size('video.webm') > RULES.videoMaxBytes) problem(at, `video.webm is ${size('video.webm')} bytes (> 400 KB)`);
      let meta;
      let transcript;
      try {
        meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8'));
      } catch {
        problem(at, 'meta.json is not valid JSON');
      }
      try {
        transcript = JSON.parse(readFileSync(join(dir, 'transcript.json'), 'utf8'));
      } catch {
        problem(at, 'transcript.json is not valid JSON');
      }
      if (meta) {
        if (typeof meta.durationSeconds !== 'number' || meta.durationSeconds <= 0) problem(at, 'meta.durationSeconds must be a positive number');
        if (meta.audioBytes !== size('audio.mp3')) problem(at, 'meta.audioBytes does not match audio.mp3');
        if (meta.posterBytes !== poster.length) problem(at, 'meta.posterBytes does not match poster.jpg');
        const vb = a.media === 'video' ? size('video.webm') : null;
        if (meta.videoBytes !== vb) problem(at, `meta.videoBytes should be ${vb}`);
      }
      if (transcript) {
        if (transcript.language !== a.language) problem(at, `transcript language "${transcript.language}" differs from article "${a.language}"`);
        const cues = transcript.cues;
        if (!Array.isArray(cues) || cues.length !== a.narration.length) problem(at, 'transcript must have one cue per narration sentence');
        else {
          let prevEnd = -1;
          cues.forEach((c, j) => {
            if (c.text !== a.narration[j]) problem(at, `cue ${j} text differs from narration`);
            if (typeof c.start !== 'number' || typeof c.end !== 'number' || c.end <= c.start) problem(at, `cue ${j} has bad start/end`);
            if (c.start < prevEnd) problem(at, `cue ${j} overlaps the previous cue`);
            prevEnd = c.end;
          });
          if (cues[0]?.start !== 0) problem(at, 'first cue must start at 0');
          if (meta && Math.abs(prevEnd - meta.durationSeconds) > 0.01) problem(at, `last cue ends at ${prevEnd}, audio lasts ${meta.durationSeconds}`);
        }
      }
    }
  }
}

// ---- report ------------------------------------------------------------------
const langSummary = [...langs.entries()].sort((x, y) => y[1] - x[1]).map(([l, n]) => `${l} ${n}`).join(', ');
console.log(`catalogue: ${articles.length} articles, ${publishers.length} publishers, ${categories.length} categories, ${stories.length} stories, ${playlists.length} playlists`);
console.log(`coverage: ${usedRegions.size} regions, ${locations.size} locations, ${breaking} breaking, ${videos} video / ${articles.length - videos} audio`);
console.log(`languages: ${langSummary}`);
if (checkMedia) console.log(`media: ${(mediaBytes / 1048576).toFixed(1)} MB in ${mediaRoot}`);
if (problems.length) {
  console.error(`\n${problems.length} problem(s):`);
  for (const p of problems) console.error(`  - ${p}`);
  process.exit(1);
}
console.log('OK');
