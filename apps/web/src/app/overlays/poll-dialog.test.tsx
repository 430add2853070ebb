import { STORAGE_KEYS, type PollCountsQuery, type PollVoteBody } from '@newsreel/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { metaPollFixture, pollCountsFixture, pollFixture } from '../../test/poll-fixtures';
import { queuedAnalyticsEvents, resetAnalytics } from '../../lib/analytics';
import { loadEnglishSection } from '../../lib/lazy-strings';
import { browserStorage } from '../../lib/storage';
import { floodArticle as article } from '../../test/article-fixture';
import { expectConsoleErrors } from '../../test/console-guard';
import { jsonResponse, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { appActions } from '../state';
import { PollDialog } from './poll-dialog';

const poll = pollFixture();
const [beach, worry] = poll.questions as [(typeof poll.questions)[0], (typeof poll.questions)[0]];

beforeAll(() => loadEnglishSection('poll'));

/** Votes and counts as the server answers them; the votes sent are kept in `votes`. */
function pollApi({ vote }: { vote?: (body: PollVoteBody) => Response | undefined } = {}) {
  const votes: PollVoteBody[] = [];
  const countQueries: PollCountsQuery[] = [];
  mockFetch({
    [`POST /v1/polls/${poll.id}/vote`]: ({ init }) => {
      const body = JSON.parse(String(init?.body)) as PollVoteBody;
      votes.push(body);
      return vote?.(body) ?? jsonResponse({ pollId: poll.id, pollQuestionId: body.pollQuestionId, pollAnswerId: body.pollAnswerId, createdAt: '2026-11-26T10:00:00.000Z' }, 201);
    },
    [`GET /v1/polls/${poll.id}/counts`]: ({ url }) => {
      countQueries.push(Object.fromEntries([...url.searchParams].map(([key, value]) => [key, Number(value)])));
      return pollCountsFixture(poll, { everyone: [[30, 10], [1, 2, 3, 4, 2]], nearby: [[3, 1], [0, 0, 1, 1, 0]], region: [[8, 2], [0, 1, 1, 2, 1]] });
    },
  });
  return { votes, countQueries };
}

const conflict = (code: string, message: string) => jsonResponse({ statusCode: 409, error: 'Conflict', message, code }, 409);

function renderDialog(state = {}) {
  return renderWithProviders(<PollDialog />, { state: { poll, currentArticle: article, userRegionIds: [1], ...state } });
}

describe('PollDialog', () => {
  beforeEach(() => {
    resetAnalytics();
  });

  it('is not shown with a poll but no current article, nor with an article but no poll', () => {
    renderWithProviders(<PollDialog />, { state: { poll } });
    expect(screen.queryByRole('dialog')).toBeNull();
    renderWithProviders(<PollDialog />, { state: { currentArticle: article } });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks one question at a time, sends each vote, then shows the results near you, in your region and everywhere', async () => {
    localStorage.setItem(
      STORAGE_KEYS.location,
      JSON.stringify({ ipAddress: '203.0.113.9', label: 'Brisbane', countryCode: 'AU', countryName: 'Australia', city: 'Brisbane', lat: -27.4679, lon: 153.0281, regionId: 1 }),
    );
    const { votes, countQueries } = pollApi();
    const user = userEvent.setup();
    const { store } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Weekend weather' });
    expect(within(dialog).getByText(`Asked beside: \u2068${article.title}\u2069`)).toBeTruthy();
    expect(within(dialog).getByText('Question 1 of 2')).toBeTruthy();
    // One question at a time: the second is not there yet.
    expect(within(dialog).queryByRole('radiogroup', { name: worry.label })).toBeNull();
    const first = within(dialog).getByRole('radiogroup', { name: beach.label });
    expect(first.getAttribute('aria-describedby')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.textContent).toBe(beach.label));

    const vote = within(dialog).getByRole('button', { name: 'Vote' });
    expect((vote as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(first).getByRole('radio', { name: 'Yes' }));
    await user.click(vote);

    const second = await within(dialog).findByRole('radiogroup', { name: worry.label });
    expect(within(dialog).getByText('Question 2 of 2')).toBeTruthy();
    // The focus moves to the new question, and a scale is one row of 1 to 5.
    await waitFor(() => expect(document.activeElement?.textContent).toBe(worry.label));
    expect(within(second).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(worry.answers.map((answer) => answer.id));
    await user.click(within(second).getByRole('radio', { name: '4' }));
    await user.click(within(dialog).getByRole('button', { name: 'Vote' }));

    const results = await within(dialog).findByRole('region', { name: 'Results' });
    await within(results).findByRole('heading', { level: 4, name: beach.label });
    expect(screen.getByRole('status').textContent).toBe('Thanks for answering. The results are shown.');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Results'));
    const beachResults = within(results).getByRole('region', { name: beach.label });
    expect(within(beachResults).getAllByRole('list').map((list) => list.getAttribute('aria-labelledby') && document.getElementById(list.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
      'Near youVotes: 4',
      'In AustraliaVotes: 10',
      'EveryoneVotes: 40',
    ]);
    const everyone = within(beachResults).getAllByRole('list')[2]!;
    expect(within(everyone).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Yes · your answer75%', 'No25%']);

    expect(votes).toEqual([
      { visitorId: store.getState().visitor?.id, pollQuestionId: beach.id, pollAnswerId: beach.answers[0]!.id, lat: -27.47, lon: 153.03, regionId: 1 },
      { visitorId: store.getState().visitor?.id, pollQuestionId: worry.id, pollAnswerId: worry.answers[3]!.id, lat: -27.47, lon: 153.03, regionId: 1 },
    ]);
    expect(countQueries).toEqual([{ lat: -27.47, lon: 153.03, regionId: 1 }]);
    expect(browserStorage.pollHistory.get()).toMatchObject({ pollIds: [poll.id], pollQuestionIds: [beach.id, worry.id] });
    expect(queuedAnalyticsEvents()).toEqual([
      expect.objectContaining({ action: 'Poll Vote', pollId: poll.id, pollName: poll.name, pollQuestionId: beach.id, pollQuestionLabel: beach.label, pollAnswerId: beach.answers[0]!.id, pollAnswerLabel: 'Yes', articleId: article.id, articleTitle: article.title, articleTerritory: 3, articleBreaking: true, articleLocationName: 'Brisbane', articleLocationLat: -27.47, articleLocationLon: 153.02, publisherId: article.publisher.id, publisherName: 'Coast News' }),
      expect.objectContaining({ action: 'Poll Vote', pollQuestionId: worry.id, pollAnswerLabel: '4' }),
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(store.getState().poll).toBeNull();
  });

  it('leaves out the scopes it has no results for', async () => {
    mockFetch({
      [`POST /v1/polls/${poll.id}/vote`]: () => jsonResponse({}, 201),
      [`GET /v1/polls/${poll.id}/counts`]: () => pollCountsFixture(poll, { everyone: [[1, 0], [0, 0, 0, 0, 0]] }),
    });
    const user = userEvent.setup();
    renderDialog({ poll: { ...poll, questions: [beach] }, userRegionIds: [0] });
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Vote' }));
    const results = await screen.findByRole('region', { name: 'Results' });
    await within(results).findByText('Everyone');
    expect(within(results).queryByText('Near you')).toBeNull();
    expect(within(results).queryByText(/^In /)).toBeNull();
    // Only the question with votes is drawn with bars.
    expect(within(results).getAllByRole('list')).toHaveLength(1);
  });

  it('can be answered with the keyboard alone', async () => {
    const { votes } = pollApi();
    const user = userEvent.setup();
    renderDialog({ poll: { ...poll, questions: [beach] } });
    await waitFor(() => expect(document.activeElement?.textContent).toBe(beach.label));
    await user.tab();
    expect(document.activeElement?.getAttribute('value')).toBe(beach.answers[0]!.id);
    await user.keyboard(' ');
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Vote');
    await user.keyboard('{Enter}');
    await screen.findByRole('region', { name: 'Results' });
    expect(votes.map((vote) => vote.pollAnswerId)).toEqual([beach.answers[0]!.id]);
  });

  it('shows a vote that fails as an error notification and keeps the question', async () => {
    const errors = expectConsoleErrors();
    pollApi({ vote: () => jsonResponse({ statusCode: 503, error: 'Service Unavailable', message: 'The database is down' }, 503) });
    const user = userEvent.setup();
    const { store } = renderDialog();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Vote' }));
    await waitFor(() => expect(store.getState().notification).toMatchObject({ open: true, severity: 'error', message: 'The database is down' }));
    expect(errors).toHaveBeenCalled();
    expect(screen.getByRole('radiogroup', { name: beach.label })).toBeTruthy();
    expect(browserStorage.pollHistory.get()).toBeUndefined();
    expect(queuedAnalyticsEvents()).toEqual([]);
  });

  it('says a closed poll in the reader’s words and puts it away', async () => {
    expectConsoleErrors();
    pollApi({ vote: () => conflict('POLL_NOT_LIVE', 'This poll is not live') });
    const user = userEvent.setup();
    const { store } = renderDialog();
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Vote' }));
    await waitFor(() => expect(store.getState().notification.message).toBe('This poll has closed and takes no more answers.'));
    expect(store.getState().poll).toBeNull();
  });

  it('counts a question the server already has an answer to as answered', async () => {
    pollApi({ vote: (body) => (body.pollQuestionId === beach.id ? conflict('ALREADY_VOTED', 'Already voted') : undefined) });
    const user = userEvent.setup();
    const { store } = renderDialog();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Vote' }));
    await screen.findByRole('radiogroup', { name: worry.label });
    expect(store.getState().notification.open).toBe(false);
    expect(browserStorage.pollHistory.get()?.pollQuestionIds).toEqual([beach.id]);
    // No new vote, so no vote event.
    expect(queuedAnalyticsEvents()).toEqual([]);
  });

  it('keeps what was answered when closed part-way', async () => {
    pollApi();
    const user = userEvent.setup();
    const { store } = renderDialog();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Vote' }));
    await screen.findByRole('radiogroup', { name: worry.label });
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(store.getState().poll).toBeNull();
    expect(browserStorage.pollHistory.get()).toMatchObject({ pollIds: [], pollQuestionIds: [beach.id] });
  });

  it('keeps a visitor-meta answer on the visitor and never asks it again', async () => {
    const aboutYou = metaPollFixture();
    mockFetch({
      [`POST /v1/polls/${aboutYou.id}/vote`]: () => jsonResponse({}, 201),
      [`GET /v1/polls/${aboutYou.id}/counts`]: () => pollCountsFixture(aboutYou, { everyone: [[1, 0]] }),
    });
    const user = userEvent.setup();
    const { store } = renderDialog({ poll: aboutYou });
    expect(screen.getByText(/This question is about you/)).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: '18–34' }));
    await user.click(screen.getByRole('button', { name: 'Vote' }));
    await screen.findByRole('region', { name: 'Results' });
    expect(store.getState().visitor?.meta).toEqual({ ageBracket: '18–34' });
    expect(browserStorage.visitor.get()?.meta).toEqual({ ageBracket: '18–34' });
    expect(browserStorage.pollHistory.get()?.visitorMeta).toEqual(['ageBracket']);
  });

  it('disappears when the current article goes away', () => {
    const { store } = renderDialog();
    expect(screen.getByRole('dialog')).toBeTruthy();
    act(() => store.dispatch(appActions.setCurrentArticle(null)));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
