import { STORAGE_KEYS, type AiResult } from '@newsreel/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serverDown, shellApi } from '../../../test/api-fixtures';
import { jsonResponse, mockFetch, type FetchHandler } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { aiHistory } from '../lib/ai-history';
import { answerResult, eventStream, floodCard, floodPassage, notFoundResult, playlistResult, trainCard } from '../testing/ai-fixtures';

/** The first wait of a test includes drawing the whole app once; a loaded machine takes its time. */
const PAGE_LOAD = { timeout: 15_000 };

const stored = (result: AiResult): FetchHandler => () => ({ ...result, articles: [floodCard, trainCard] });
const callsTo = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === path);

// The page's code and MUI are transformed once here, not inside the first test's wait for them.
beforeAll(async () => {
  await Promise.all([import('./ai-page'), import('../../../app/theme/mui-island').then(({ loadMuiTheme }) => loadMuiTheme())]);
}, 60_000);

beforeEach(() => {
  localStorage.clear();
  aiHistory.reload();
});

async function ask(question: string, button = 'Ask') {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Your question' }, PAGE_LOAD), { target: { value: question } });
  fireEvent.click(screen.getByRole('button', { name: button }));
}

describe('the AI page', { timeout: 40_000 }, () => {
  it('streams a cited answer, moves to its link, and keeps it in the history', async () => {
    const result = answerResult();
    const fetchMock = mockFetch(
      shellApi({
        'POST /v1/ai/ask': () => eventStream(result),
        'POST /v1/ai/instant': () => ({ query: 'x', items: [], timingMs: 1 }),
        [`GET /v1/ai/results/${result.id}`]: stored(result),
      }),
    );
    const { router } = renderApp({ path: '/ai' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ask the news' }, PAGE_LOAD)).toBeTruthy();
    expect(screen.getByText('Your questions and playlists will be listed here.')).toBeTruthy();

    await ask(result.query);
    const answer = await screen.findByTestId('ai-answer');
    expect(within(answer).getAllByRole('listitem').map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Rivers north of Brisbane peak overnight.',
      'Night trains run again.',
    ]);
    await waitFor(() => expect(router.location().pathname).toBe(`/ai/results/${result.id}`));
    // The answer's heading takes the focus, so a screen reader reads where the answer starts.
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: result.query }));
    const chip = await screen.findByRole('link', { name: 'Coast News · 1:23' });
    expect(chip.getAttribute('href')).toBe(`/v/${floodCard.id}?t=83`);
    expect(chip.getAttribute('title')).toBe('Flood warnings along the coast — “the rivers will peak overnight”');
    expect(screen.getByTestId('ai-extractive-note').textContent).toMatch(/no AI model wrote/);
    expect(JSON.parse(String(callsTo(fetchMock, '/v1/ai/ask')[0]?.[1]?.body))).toEqual({ query: result.query });
    expect((callsTo(fetchMock, '/v1/ai/ask')[0]?.[1]?.headers as Record<string, string>).Accept).toBe('text/event-stream');

    const history = screen.getByTestId('ai-history');
    const entry = within(history).getByRole('link', { name: new RegExp(result.query.replace('?', '\\?')) });
    expect(entry.getAttribute('href')).toBe(`/ai/results/${result.id}`);
    expect(entry.getAttribute('aria-current')).toBe('page');
    const kept = JSON.parse(localStorage.getItem(STORAGE_KEYS.aiSearchHistory) ?? '[]') as { query: string; resultId: string; type: string }[];
    expect(kept).toMatchObject([{ query: result.query, resultId: result.id, type: 'ask' }]);
  });

  it('plays the answer as clips from the cited seconds, one after another', async () => {
    const result = answerResult();
    mockFetch(shellApi({ [`GET /v1/ai/results/${result.id}`]: stored(result) }));
    renderApp({ path: `/ai/results/${result.id}` });
    fireEvent.click(await screen.findByRole('button', { name: 'Play the answer' }, PAGE_LOAD));
    const player = await screen.findByTestId('ai-clip-player');
    expect(player.dataset).toMatchObject({ clipIndex: '0', clipStart: '83', clipEnd: '95', articleId: floodCard.id });
    expect(screen.getByText('Clip 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next clip' }));
    expect(screen.getByTestId('ai-clip-player').dataset).toMatchObject({ clipIndex: '1', clipStart: '12', articleId: trainCard.id });
    expect(screen.getByText('Clip 2 of 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next clip' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Close the player' }));
    expect(screen.queryByTestId('ai-clip-player')).toBeNull();
  });

  it('makes an AI playlist from a prompt and plays it from any clip', async () => {
    const result = playlistResult();
    const fetchMock = mockFetch(
      shellApi({ 'POST /v1/ai/playlist': () => eventStream(result), [`GET /v1/ai/results/${result.id}`]: stored(result) }),
    );
    renderApp({ path: '/ai' });
    fireEvent.click(await screen.findByRole('button', { name: 'AI playlist' }, PAGE_LOAD));
    fireEvent.change(screen.getByRole('textbox', { name: 'What should the playlist cover?' }), { target: { value: result.query } });
    fireEvent.click(screen.getByRole('button', { name: 'Make playlist' }));
    const list = await screen.findByTestId('ai-playlist');
    await within(list).findByRole('link', { name: trainCard.title });
    expect(within(list).getByRole('link', { name: floodCard.title }).getAttribute('href')).toBe(`/v/${floodCard.id}?t=83`);
    expect(JSON.parse(String(callsTo(fetchMock, '/v1/ai/playlist')[0]?.[1]?.body))).toEqual({ prompt: result.query });
    fireEvent.click(screen.getByRole('button', { name: 'Play from clip 2' }));
    expect((await screen.findByTestId('ai-clip-player')).dataset).toMatchObject({ clipIndex: '1', clipStart: '83' });
    expect(aiHistory.list()).toMatchObject([{ query: result.query, type: 'playlist', resultId: result.id }]);
  });

  it('shows moments from the videos while the reader types, asking once typing pauses', async () => {
    const fetchMock = mockFetch(
      shellApi({ 'POST /v1/ai/instant': ({ init }) => ({ ...JSON.parse(String(init?.body)), items: [floodPassage], timingMs: 3 }) }),
    );
    renderApp({ path: '/ai' });
    const box = await screen.findByRole('textbox', { name: 'Your question' }, PAGE_LOAD);
    for (const text of ['ri', 'riv', 'rive', 'river']) fireEvent.change(box, { target: { value: text } });
    const link = await screen.findByRole('link', { name: /Flood warnings along the coast/ });
    expect(link.getAttribute('href')).toBe(`/v/${floodCard.id}?t=83`);
    expect(link.textContent).toContain('Coast News · said at 1:23');
    expect(screen.getByText('Matching moments: 1')).toBeTruthy();
    // Only the words the reader stopped at were asked about.
    expect(callsTo(fetchMock, '/v1/ai/instant').map(([, init]) => JSON.parse(String(init?.body)))).toEqual([{ query: 'river' }]);
  });

  it('says honestly when the news has no answer, without a player', async () => {
    const result = notFoundResult();
    mockFetch(shellApi({ 'POST /v1/ai/ask': () => eventStream(result), [`GET /v1/ai/results/${result.id}`]: stored(result) }));
    renderApp({ path: '/ai' });
    await ask(result.query);
    expect((await screen.findByTestId('ai-not-found')).textContent).toContain('I could not find that in the news we have.');
    expect(screen.queryByRole('button', { name: 'Play the answer' })).toBeNull();
  });

  it('says when the built-in answerer stood in for a provider that is down', async () => {
    const result = answerResult({ fallback: { code: 'AI_PROVIDER_UNAVAILABLE', message: 'timed out', provider: 'openai-compatible:gpt' } });
    mockFetch(shellApi({ [`GET /v1/ai/results/${result.id}`]: stored(result) }));
    renderApp({ path: `/ai/results/${result.id}` });
    expect((await screen.findByText(/The AI model is not answering right now/, {}, PAGE_LOAD)).textContent).toMatch(/built-in answerer answered instead/);
  });

  it('gives the server’s reason for a refused question, and a retry when the service is down', async () => {
    let attempts = 0;
    mockFetch(
      shellApi({
        'POST /v1/ai/ask': () => {
          attempts += 1;
          return attempts === 1
            ? jsonResponse({ statusCode: 400, error: 'Bad Request', message: 'query: must be at most 300 characters' }, 400)
            : serverDown({ url: new URL('http://localhost'), init: undefined });
        },
      }),
    );
    renderApp({ path: '/ai' });
    await ask('too long');
    expect((await screen.findByTestId('ai-failed')).textContent).toContain('query: must be at most 300 characters');
    await ask('again');
    expect((await screen.findByTestId('ai-failed')).textContent).toContain('The AI search is unavailable right now.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says a shared link leads nowhere when the result does not exist', async () => {
    mockFetch(shellApi());
    renderApp({ path: '/ai/results/0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e' });
    expect((await screen.findByTestId('ai-result-missing', {}, PAGE_LOAD)).textContent).toContain('This AI result does not exist.');
  });

  it('reopens an answer from the history and clears the history', async () => {
    const result = answerResult();
    aiHistory.add({ query: result.query, askedAt: new Date().toISOString(), resultId: result.id, type: 'ask' });
    mockFetch(shellApi({ [`GET /v1/ai/results/${result.id}`]: stored(result) }));
    const { router } = renderApp({ path: '/ai' });
    fireEvent.click(await screen.findByRole('link', { name: new RegExp(result.query.replace('?', '\\?')) }, PAGE_LOAD));
    expect(router.location().pathname).toBe(`/ai/results/${result.id}`);
    expect(await screen.findByTestId('ai-answer')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear history' }));
    expect(await screen.findByText('Your questions and playlists will be listed here.')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.aiSearchHistory)).toBeNull();
  });
});
