// @vitest-environment jsdom

import { STORAGE_KEYS, type PollRequest } from '@newsreel/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppStore, createInitialAppState } from '../../../app/state';
import { createLocalVisitor } from '../../visitors/use-visitor';
import { clearErrorReports, getErrorReports } from '../../../lib/error-reporting';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { floodArticle } from '../../../test/article-fixture';
import { metaPollFixture, pollFixture, pollList } from '../../../test/poll-fixtures';
import { forgetOfferedPolls, offerPoll } from './offer-poll';
import { recordPollAnswer } from './poll-history';

const now = new Date('2026-11-26T10:00:00.000Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

function setUp({ regionIds = [1, 0] }: { regionIds?: number[] } = {}) {
  const visitor = createLocalVisitor();
  const store = createAppStore(createInitialAppState({ visitor, currentArticle: floodArticle, userRegionIds: regionIds }));
  const offer = (options: { ignoreCooldown?: boolean } = {}) =>
    offerPoll({ store, articleId: floodArticle.id, now, ...options });
  return { store, visitor, offer };
}

describe('offerPoll', () => {
  const weather = pollFixture();
  const aboutYou = metaPollFixture();
  let requests: PollRequest[];

  beforeEach(() => {
    localStorage.clear();
    forgetOfferedPolls();
    clearErrorReports();
    requests = [];
    mockFetch({
      'POST /v1/polls/find': ({ init }) => {
        requests.push(JSON.parse(String(init?.body)) as PollRequest);
        return pollList([weather, aboutYou]);
      },
    });
  });
  afterEach(() => localStorage.clear());

  it('asks for polls with the article, its categories and publisher, the reader’s regions, position and visitor id', async () => {
    localStorage.setItem(
      STORAGE_KEYS.location,
      JSON.stringify({ ipAddress: '203.0.113.9', label: 'Brisbane', countryCode: 'AU', countryName: 'Australia', city: 'Brisbane', lat: -27.46794, lon: 153.02809, regionId: 1 }),
    );
    const { store, visitor, offer } = setUp();
    const offered = await offer();
    expect(requests).toEqual([
      {
        articleId: floodArticle.id,
        categoryIds: [floodArticle.categories[0]!.id],
        publisherId: floodArticle.publisher.id,
        regionIds: [1, 0],
        lat: -27.47,
        lon: 153.03,
        visitorId: visitor.id,
      },
    ]);
    // The lowest priority value: the visitor-meta poll (5) before the weather poll (10).
    expect(offered?.id).toBe(aboutYou.id);
    expect(store.getState().poll?.id).toBe(aboutYou.id);
  });

  it('sends no position when none is known', async () => {
    await setUp().offer();
    expect(requests[0]).not.toHaveProperty('lat');
    expect(requests[0]).not.toHaveProperty('lon');
  });

  it('offers nothing, without asking, within 24 hours of the last answer', async () => {
    localStorage.setItem(STORAGE_KEYS.pollHistory, JSON.stringify({ lastAnsweredAt: hoursAgo(23).toISOString(), pollIds: [], pollQuestionIds: [] }));
    const { store, offer } = setUp();
    expect(await offer()).toBeNull();
    expect(requests).toHaveLength(0);
    expect(store.getState().poll).toBeNull();
  });

  it('offers again 24 hours after, or at once when the caller opts out of the cooldown', async () => {
    recordPollAnswer({ pollId: aboutYou.id, pollQuestionId: aboutYou.questions[0]!.id, field: 'ageBracket', completesPoll: true }, hoursAgo(1));
    expect((await setUp().offer({ ignoreCooldown: true }))?.id).toBe(weather.id);

    forgetOfferedPolls();
    localStorage.setItem(
      STORAGE_KEYS.pollHistory,
      JSON.stringify({ lastAnsweredAt: hoursAgo(25).toISOString(), pollIds: [aboutYou.id], pollQuestionIds: [], visitorMeta: ['ageBracket'] }),
    );
    expect((await setUp().offer())?.id).toBe(weather.id);
  });

  it('does not ask a visitor-meta question the stored visitor already answers', async () => {
    const { store, offer } = setUp();
    store.dispatch({ type: 'visitor/set', visitor: { ...store.getState().visitor!, meta: { ageBracket: '18–34' } } });
    expect((await offer())?.id).toBe(weather.id);
  });

  it('offers a poll closed unanswered only once a visit', async () => {
    const first = setUp();
    expect((await first.offer())?.id).toBe(aboutYou.id);
    expect((await setUp().offer())?.id).toBe(weather.id);
    expect(await setUp().offer()).toBeNull();
  });

  it('offers nothing once the article is no longer open, or while another poll is', async () => {
    const { store, offer } = setUp();
    store.dispatch({ type: 'currentArticle/set', article: null });
    expect(await offer()).toBeNull();
    store.dispatch({ type: 'currentArticle/set', article: floodArticle });
    store.dispatch({ type: 'poll/set', poll: weather });
    expect(await offer()).toBeNull();
    expect(requests).toHaveLength(0);
  });

  it('reports a failed request and shows nothing', async () => {
    mockFetch({ 'POST /v1/polls/find': () => jsonResponse({ statusCode: 503, error: 'Service Unavailable', message: 'The database is down' }, 503) });
    const { store, offer } = setUp();
    expect(await offer()).toBeNull();
    expect(store.getState().poll).toBeNull();
    expect(store.getState().notification.open).toBe(false);
    expect(getErrorReports().at(-1)?.message).toBe('The database is down');
  });
});
