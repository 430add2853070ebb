import { describe, expect, it } from 'vitest';
import { answerResult, floodCard, playlistResult, trainCard } from '../testing/ai-fixtures';
import { clipsOf, UNTIMED_CLIP_SECONDS } from './clips';

describe('the clips a result plays', () => {
  it('are an answer’s cited moments in the order it cites them, each once', () => {
    const result = answerResult();
    const [first, second] = result.sentences;
    const repeated = { ...result, sentences: [first!, second!, { text: 'Again.', citations: first!.citations }] };
    expect(clipsOf({ ...repeated, articles: [floodCard, trainCard] }).map(({ article, startSecond, endSecond }) => [article.id, startSecond, endSecond])).toEqual([
      [floodCard.id, 83, 95],
      [trainCard.id, 12, 20],
    ]);
  });

  it('are a playlist’s clips in its order, with their reasons', () => {
    expect(clipsOf({ ...playlistResult(), articles: [floodCard, trainCard] }).map(({ article, reason }) => [article.id, reason])).toEqual([
      [trainCard.id, 'the night trains are back'],
      [floodCard.id, 'the rivers will peak overnight'],
    ]);
  });

  it('leave out articles the reader cannot open, and give untimed citations the start of the report', () => {
    const result = answerResult({
      sentences: [{ text: 'A title says so.', citations: [{ articleId: trainCard.id, startSecond: 0, endSecond: 0, quote: 'Night trains' }] }],
    });
    expect(clipsOf({ ...result, articles: [trainCard] })).toMatchObject([{ startSecond: 0, endSecond: UNTIMED_CLIP_SECONDS }]);
    expect(clipsOf({ ...result, articles: [floodCard] })).toEqual([]);
    expect(clipsOf({ ...result, articles: undefined })).toEqual([]);
  });
});
