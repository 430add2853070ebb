// @vitest-environment jsdom

import { describe, expect, it } from 'vitest';
import { floodArticle } from '../test/article-fixture';
import { queuedAnalyticsEvents, resetAnalytics } from './analytics';
import { trackArticleEvent, trackLanguageChange, trackPollVote, trackRegionChange, trackSearch } from './analytics-events';

describe('trackPollVote', () => {
  it("queues a 'Poll Vote' event with the poll fields, and the article fields only when an article was open", () => {
    resetAnalytics();
    const now = new Date('2026-11-26T10:00:00.000Z');
    const vote = {
      poll: { id: 'poll-1', name: 'Weekend weather' },
      question: { id: 'q-1', label: 'Will you go to the beach?' },
      answer: { id: 'a-1', label: 'Yes' },
    };
    const { partitionKey, data } = trackPollVote(vote, now);
    expect(partitionKey).toBe('app_events');
    expect(data).toEqual({
      eventId: expect.any(String),
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
    const withArticle = trackPollVote({ ...vote, article: { ...floodArticle, location: null } }, now);
    expect(withArticle.partitionKey).toBe('article_events');
    expect(withArticle.data).toMatchObject({
      articleId: floodArticle.id,
      articleTitle: floodArticle.title,
      articleTerritory: 3,
      articleBreaking: true,
      publisherId: floodArticle.publisher.id,
      publisherName: 'Coast News',
    });
    expect(queuedAnalyticsEvents().at(-1)).not.toHaveProperty('articleLocationName');
    expect(queuedAnalyticsEvents()).toHaveLength(2);
  });
});

describe('the other event builders', () => {
  it('give each action its fields (SPEC §3) and article events the article fields', () => {
    resetAnalytics();
    expect(trackArticleEvent('Quartile', floodArticle, { quartile: 50, playlistId: 'pl-1' })).toMatchObject({
      partitionKey: 'article_events',
      data: {
        action: 'Quartile',
        quartile: 50,
        playlistId: 'pl-1',
        articleId: floodArticle.id,
        articleLocationName: floodArticle.location!.name,
        articleLocationLat: floodArticle.location!.lat,
        articleLocationLon: floodArticle.location!.lon,
        publisherName: 'Coast News',
      },
    });
    expect(trackSearch('storm surge', 'all').data).toMatchObject({ action: 'Search', query: 'storm surge', searchType: 'all' });
    expect(trackRegionChange([1, 8]).data).toMatchObject({ action: 'Region Change', regionIds: [1, 8] });
    expect(trackLanguageChange('ar').data).toMatchObject({ action: 'Language Change', language: 'ar' });
    expect(queuedAnalyticsEvents().map((event) => event.action)).toEqual(['Quartile', 'Search', 'Region Change', 'Language Change']);
  });
});
