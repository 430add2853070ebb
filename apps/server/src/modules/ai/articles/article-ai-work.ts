import { AI_BUILT_IN_PROVIDER, ArticleStatus, type AiAnswerSentence, type TranscriptCue } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { SYSTEM_ACTOR } from '../../audit/audit-log';
import { createAdminArticleRepository } from '../../articles/admin-article-repository';
import { purgeArticleCaches } from '../../articles/article-caches';
import { nextArticleState, transitionRule } from '../../articles/article-lifecycle';
import type { AiProvider } from '../providers/ai-provider';
import { extractiveSummary, sentencesOf } from './extractive-summary';

/**
 * AI work on articles (issue 14 item 4; docs/architecture.md, "AI work on articles"): the summary
 * of an article waiting in AI populate, written from its transcript, and translations. Both run
 * in background jobs (article-ai-jobs.ts), never in a request: the model is called outside any
 * transaction, and what it wrote is stored, and the article moved by the lifecycle
 * (article-lifecycle.ts, `summary-ready`), in one transaction that holds the article's row.
 */

/** Articles summarized per sweep; more wait for the next minute's. */
export const SUMMARY_SWEEP_BATCH = 20;
/** A provider's summary is cut to this many characters (the article's summary holds 5000). */
const SUMMARY_MAX_CHARS = 1200;

export interface SummaryOutcome {
  articleId: string;
  outcome: 'summarized' | 'not-waiting' | 'no-transcript';
  method?: 'extractive' | 'provider';
}

interface SourceTranscript {
  language: string;
  cues: TranscriptCue[];
}

/** The transcript in the article's own language, else the first there is; null without one. */
export async function sourceTranscript(db: Kysely<Database>, articleId: string): Promise<SourceTranscript | null> {
  const { rows } = await sql<{ language: string; cues: TranscriptCue[] }>`
    SELECT t.language, t.cues FROM transcripts t JOIN articles a ON a.id = t.article_id
    WHERE t.article_id = ${articleId}
    ORDER BY (t.language = a.language) DESC, t.language LIMIT 1`.execute(db);
  const row = rows[0];
  return row && Array.isArray(row.cues) && row.cues.length > 0 ? { language: row.language, cues: row.cues } : null;
}

const SUMMARY_SYSTEM =
  'You summarize news videos from their transcripts for a news app. Write a neutral summary of two to four sentences, in the language of the transcript, ' +
  'using only what the transcript says: no opinions, no facts from elsewhere. Answer with the summary only.';

/** The summary's text and how it was made. */
async function writeSummary(model: AiProvider | null, transcript: SourceTranscript) {
  if (!model) return { text: extractiveSummary(transcript.cues), method: 'extractive' as const, provider: AI_BUILT_IN_PROVIDER };
  const user = transcript.cues.map((cue) => cue.text).join('\n');
  const text = (await model.complete({ system: SUMMARY_SYSTEM, prompt: user, temperature: 0 })).replace(/\s+/g, ' ').trim().slice(0, SUMMARY_MAX_CHARS);
  if (text === '') throw new Error(`${model.name} answered with an empty summary`);
  return { text, method: 'provider' as const, provider: model.name };
}

/**
 * The sentences of an extractive summary, each citing the transcript line it starts in (every
 * sentence is the narrator's, so each can be watched where it is said).
 */
export function citedSentences(articleId: string, summary: string, cues: readonly TranscriptCue[]): AiAnswerSentence[] {
  const spoken = cues.map((cue) => cue.text.replace(/\s+/g, ' ').trim());
  return sentencesOf([{ start: 0, end: 0, text: summary }]).map((text) => {
    const opening = text.slice(0, 24);
    const at = spoken.findIndex((line) => line.includes(opening));
    const cue = at >= 0 ? cues[at]! : undefined;
    return { text, citations: cue ? [{ articleId, startSecond: cue.start, endSecond: cue.end, quote: spoken[at]! }] : [] };
  });
}

/** What the work records of itself besides the article (the stored AI result); given by the AI module. */
export interface AiWorkRecorder {
  (trx: Kysely<Database>, result: {
    type: 'summary' | 'translation';
    articleId: string;
    query: string;
    answer: string;
    provider: string;
    extractive: boolean;
    language: string | null;
    timingMs: number;
    /** For an extractive summary: each sentence with the transcript line it was taken from. */
    sentences?: AiAnswerSentence[];
  }): Promise<void>;
}

/**
 * Writes the summary of one article waiting in AI populate and sends it to review (`summary-ready`),
 * recorded in the audit log as the server's. An article no longer waiting is left as it is; one
 * without a transcript waits for it. A failing provider throws (the job retries, then fails).
 */
export async function summarizeArticle(
  db: Kysely<Database>,
  model: AiProvider | null,
  articleId: string,
  record?: AiWorkRecorder,
): Promise<SummaryOutcome> {
  const article = await db.selectFrom('articles').select(['status']).where('id', '=', articleId).executeTakeFirst();
  if (article?.status !== ArticleStatus.AI_POPULATE) return { articleId, outcome: 'not-waiting' };
  const transcript = await sourceTranscript(db, articleId);
  if (!transcript) return { articleId, outcome: 'no-transcript' };
  const started = performance.now();
  const summary = await writeSummary(model, transcript);
  if (summary.text === '') return { articleId, outcome: 'no-transcript' };
  const durationMs = Math.round(performance.now() - started);

  const moved = await db.transaction().execute(async (trx) => {
    const articles = createAdminArticleRepository(trx);
    const facts = await articles.lockFacts(articleId);
    // Moved meanwhile (e.g. edited by a person, or summarized by another run): theirs stands.
    if (!facts || facts.status !== ArticleStatus.AI_POPULATE) return false;
    const before = await articles.get(articleId);
    await trx.updateTable('articles').set({ summary: summary.text, summary_by_ai: true }).where('id', '=', articleId).execute();
    const outcome = nextArticleState({ ...facts, hasSummary: true, summaryByAi: true }, 'summary-ready', facts.now);
    if (!outcome.ok) throw new Error(`Article ${articleId}: ${outcome.reason}`);
    await articles.applyChange(articleId, outcome.change);
    await trx
      .insertInto('article_ai_summaries')
      .values({ article_id: articleId, method: summary.method, provider: summary.provider, model: null, source_language: transcript.language, duration_ms: durationMs })
      .onConflict((oc) =>
        oc.column('article_id').doUpdateSet({
          method: summary.method,
          provider: summary.provider,
          source_language: transcript.language,
          duration_ms: durationMs,
          created_at: sql<Date>`now()`,
        }),
      )
      .execute();
    await articles.audit({ actor: SYSTEM_ACTOR, action: 'summary-ready', resourceId: articleId, before, after: await articles.get(articleId) });
    await record?.(trx, {
      type: 'summary',
      articleId,
      query: `Summarize the transcript (${transcript.language})`,
      answer: summary.text,
      provider: summary.provider,
      extractive: summary.method === 'extractive',
      language: transcript.language,
      timingMs: durationMs,
      sentences: summary.method === 'extractive' ? citedSentences(articleId, summary.text, transcript.cues) : [],
    });
    return true;
  });
  if (!moved) return { articleId, outcome: 'not-waiting' };
  purgeArticleCaches(db, articleId);
  return { articleId, outcome: 'summarized', method: summary.method };
}

/** The articles waiting in AI populate, oldest change first. */
export async function articlesAwaitingSummary(db: Kysely<Database>, limit = SUMMARY_SWEEP_BATCH): Promise<string[]> {
  const [waiting] = transitionRule('summary-ready').from;
  const rows = await db
    .selectFrom('articles')
    .select('id')
    .where('status', '=', waiting!.status)
    .where('review_status', '=', waiting!.reviewStatus)
    .orderBy('updated_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------
// Translations

/** Cues sent to the model in one request. */
const CUES_PER_REQUEST = 40;
/** Room for a translated batch of lines (or the title, description and summary). */
const TRANSLATION_MAX_TOKENS = 4000;

const TRANSLATE_SYSTEM = (from: string, to: string) =>
  `You translate a news video's texts from ${from} to ${to} for a news app. You get a JSON object; answer with a JSON object of exactly the same keys, ` +
  'each value the translation of the value given (an array of the same length for arrays). Keep names, numbers and quotations faithful; add nothing.';

interface TranslatableTexts {
  title: string;
  description: string;
  summary: string;
  cues: string[];
}

function parseJsonObject(text: string, what: string): Record<string, unknown> {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end < start) throw new Error(`${what}: the model did not answer with a JSON object`);
  try {
    const parsed: unknown = JSON.parse(text.slice(start, end + 1));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // falls through to the error below
  }
  throw new Error(`${what}: the model's answer is not valid JSON`);
}

async function translateTexts(model: AiProvider, from: string, to: string, texts: TranslatableTexts): Promise<TranslatableTexts> {
  const system = TRANSLATE_SYSTEM(from, to);
  const head = parseJsonObject(
    await model.complete({ system, prompt: JSON.stringify({ title: texts.title, description: texts.description, summary: texts.summary }), temperature: 0, maxTokens: TRANSLATION_MAX_TOKENS }),
    'title, description and summary',
  );
  const field = (key: 'title' | 'description' | 'summary') => {
    const value = head[key];
    if (typeof value !== 'string' || (value.trim() === '' && texts[key].trim() !== '')) throw new Error(`The model's translation has no ${key}`);
    return value.trim();
  };
  const cues: string[] = [];
  for (let at = 0; at < texts.cues.length; at += CUES_PER_REQUEST) {
    const chunk = texts.cues.slice(at, at + CUES_PER_REQUEST);
    const answer = parseJsonObject(await model.complete({ system, prompt: JSON.stringify({ lines: chunk }), temperature: 0, maxTokens: TRANSLATION_MAX_TOKENS }), `transcript lines ${at + 1}–${at + chunk.length}`);
    const lines = answer.lines;
    if (!Array.isArray(lines) || lines.length !== chunk.length || !lines.every((line) => typeof line === 'string')) {
      throw new Error(`The model translated ${Array.isArray(lines) ? lines.length : 0} of transcript lines ${at + 1}–${at + chunk.length} (${chunk.length} sent)`);
    }
    cues.push(...(lines as string[]).map((line) => line.trim()));
  }
  return { title: field('title'), description: field('description'), summary: field('summary'), cues };
}

export interface TranslationOutcome {
  articleId: string;
  language: string;
  outcome: 'translated' | 'gone';
  cues: number;
}

/**
 * Translates an article's title, description, summary and transcript into `language` with
 * `model`, and stores them: the texts in article_translations, the cues (same times, translated
 * text) as the article's transcript in that language, which readers get with ?language=.
 */
export async function translateArticle(
  db: Kysely<Database>,
  model: AiProvider,
  articleId: string,
  language: string,
  record?: AiWorkRecorder,
): Promise<TranslationOutcome> {
  const article = await db.selectFrom('articles').select(['title', 'description', 'summary', 'language']).where('id', '=', articleId).executeTakeFirst();
  const asked = await db.selectFrom('article_translations').select('state').where('article_id', '=', articleId).where('language', '=', language).executeTakeFirst();
  if (!article || !asked) return { articleId, language, outcome: 'gone', cues: 0 };
  const transcript = await sourceTranscript(db, articleId);
  const started = performance.now();
  const translated = await translateTexts(model, transcript?.language ?? article.language, language, {
    title: article.title,
    description: article.description,
    summary: article.summary,
    cues: transcript?.cues.map((cue) => cue.text) ?? [],
  });
  const timingMs = Math.round(performance.now() - started);
  const cues = (transcript?.cues ?? []).map((cue, index) => ({ start: cue.start, end: cue.end, text: translated.cues[index] ?? '' }));

  const stored = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('article_translations')
      .set({
        state: 'done',
        title: translated.title,
        description: translated.description,
        summary: translated.summary,
        cue_count: cues.length,
        provider: model.name,
        error: null,
        completed_at: sql<Date>`now()`,
      })
      .where('article_id', '=', articleId)
      .where('language', '=', language)
      .returning('article_id')
      .executeTakeFirst();
    if (!updated) return false;
    if (cues.length > 0) {
      await trx
        .insertInto('transcripts')
        .values({ article_id: articleId, language, cues: JSON.stringify(cues) })
        .onConflict((oc) => oc.columns(['article_id', 'language']).doUpdateSet({ cues: JSON.stringify(cues) }))
        .execute();
    }
    await record?.(trx, {
      type: 'translation',
      articleId,
      query: `Translate into ${language}`,
      answer: [translated.title, translated.description, translated.summary].filter(Boolean).join('\n\n'),
      provider: model.name,
      extractive: false,
      language,
      timingMs,
    });
    return true;
  });
  if (!stored) return { articleId, language, outcome: 'gone', cues: 0 };
  purgeArticleCaches(db, articleId);
  return { articleId, language, outcome: 'translated', cues: cues.length };
}

/** A translation the job gave up on: failed, with the error an admin reads. */
export async function markTranslationFailed(db: Kysely<Database>, articleId: string, language: string, error: string): Promise<void> {
  await db
    .updateTable('article_translations')
    .set({ state: 'failed', error: error.slice(0, 2000), completed_at: sql<Date>`now()` })
    .where('article_id', '=', articleId)
    .where('language', '=', language)
    .where('state', '=', 'queued')
    .execute();
}
