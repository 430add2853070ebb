import type { AiPassage, AiResult, ArticleSummary } from '@newsreel/contracts';
import { floodArticle } from '../../../test/article-fixture';

const { summary: _summary, media: _media, ...floodSummary } = floodArticle;
export const floodCard: ArticleSummary = floodSummary;
export const trainCard: ArticleSummary = {
  ...floodSummary,
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  slug: 'night-trains-return',
  title: 'Night trains return to Europe',
  publisher: { id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', name: 'Rail Weekly', slug: 'rail-weekly' },
  breaking: false,
};

/** A stored answer as the server gives it: two sentences, each citing a moment of a report. */
export function answerResult(overrides: Partial<AiResult> = {}): AiResult {
  return {
    id: '5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
    type: 'ask',
    query: 'What did the coast get told about the river?',
    filters: { regionIds: [], categoryIds: [], language: null },
    found: true,
    answer: 'Rivers north of Brisbane peak overnight. Night trains run again.',
    sentences: [
      {
        text: 'Rivers north of Brisbane peak overnight.',
        citations: [{ articleId: floodCard.id, startSecond: 83, endSecond: 95, quote: 'the rivers will peak overnight' }],
      },
      {
        text: 'Night trains run again.',
        citations: [{ articleId: trainCard.id, startSecond: 12, endSecond: 20, quote: 'the night trains are back' }],
      },
    ],
    clips: [],
    extractive: true,
    provider: 'built-in',
    fallback: null,
    articleId: null,
    timingMs: 12,
    createdAt: '2026-02-10T07:00:00.000Z',
    ...overrides,
  };
}

export function playlistResult(overrides: Partial<AiResult> = {}): AiResult {
  return answerResult({
    id: '6d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a',
    type: 'playlist',
    query: 'floods and trains',
    answer: '',
    sentences: [],
    clips: [
      { articleId: trainCard.id, startSecond: 12, endSecond: 20, reason: 'the night trains are back' },
      { articleId: floodCard.id, startSecond: 83, endSecond: 95, reason: 'the rivers will peak overnight' },
    ],
    ...overrides,
  });
}

export const notFoundResult = (): AiResult =>
  answerResult({ id: '7e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5a6b', query: 'Who won the chess final on Mars?', found: false, answer: 'I could not find that in the news we have.', sentences: [] });

export const floodPassage: AiPassage = {
  articleId: floodCard.id,
  title: floodCard.title,
  poster: null,
  publisher: floodCard.publisher,
  publishedAt: floodCard.publishedAt,
  language: 'en',
  field: 'transcript',
  startSecond: 83,
  endSecond: 95,
  text: 'the rivers will peak overnight',
  score: 0.9,
};

/** An answer streamed as server-sent events: start, one delta per sentence, then the stored result. */
export function eventStream(result: AiResult): Response {
  const events = [
    `event: start\ndata: ${JSON.stringify({ provider: result.provider, extractive: result.extractive })}\n\n`,
    ...result.sentences.map((sentence) => `event: delta\ndata: ${JSON.stringify({ text: `${sentence.text} ` })}\n\n`),
    `event: result\ndata: ${JSON.stringify(result)}\n\n`,
  ];
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const event of events) controller.enqueue(encoder.encode(event));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}
