import { describe, expect, it } from 'vitest';
import { floodArticle } from '../test/article-fixture';
import { analyticsQueue, drainAnalyticsQueue } from './analytics';
import { trackPollVote } from './analytics-events';

describe('trackPollVote', () => {
  it("queues a 'Poll Vote' event with the poll fields, and the article fields only when an article was open", () => {
    drainAnalyticsQueue();
    const now = new Date('2026-11-26T10:00:00.000Z');
    const vote = {
      poll: { id: 'poll-1', name: 'Weekend weather' },
      question: { id: 'q-1', label: 'Will you go to the beach?' },
      answer: { id: 'a-1', label: 'Yes' },
    };
    expect(trackPollVote(vote, now)).toEqual({
      action: 'Poll Vote',
      timestamp: '2026-11-26T10:00:00.000Z',
      epochSeconds: 1795687200,
      pollId: 'poll-1',
      pollName: 'Weekend weather',
      pollQuestionId: 'q-1',
      pollQuestionLabel: 'Will you go to the beach?',
      pollAnswerId: 'a-1',
      pollAnswerLabel: 'Yes',
    });
    expect(trackPollVote({ ...vote, article: { ...floodArticle, location: null } }, now)).toMatchObject({
      articleId: floodArticle.id,
      articleTitle: floodArticle.title,
      articleTerritory: 3,
      articleBreaking: true,
      publisherId: floodArticle.publisher.id,
      publisherName: 'Coast News',
    });
    expect(analyticsQueue.at(-1)).not.toHaveProperty('articleLocationName');
    expect(drainAnalyticsQueue()).toHaveLength(2);
  });
});
