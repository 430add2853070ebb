import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AiResult } from '@newsreel/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { adminApi, moderatorUser, signedInAs } from '../test/admin-api';
import { requestsTo } from '../test/people-api';

afterEach(() => setAccessToken(null));

const ARTICLE_ID = '00000000-0000-4000-8000-000000000301';
const answer: AiResult = {
  id: '00000000-0000-4000-8000-000000000901',
  type: 'ask',
  query: 'When do the late-night ferries start?',
  filters: { regionIds: [], categoryIds: [], language: null },
  found: true,
  answer: 'Late-night ferries start running on Friday.',
  sentences: [
    { text: 'Late-night ferries start running on Friday.', citations: [{ articleId: ARTICLE_ID, startSecond: 12, endSecond: 18, quote: 'From Friday, ferries run until two in the morning.' }] },
  ],
  clips: [],
  extractive: true,
  provider: 'built-in',
  fallback: null,
  articleId: null,
  timingMs: 41,
  createdAt: '2026-11-26T08:00:00.000Z',
};

describe('the AI results page', () => {
  it('lists the results, filters them on the server, opens one with its citations and deletes it after asking', { timeout: 120_000 }, async () => {
    const fetchMock = mockFetch(
      adminApi({
        'GET /v1/admin/ai-results': () => ({ items: [answer], page: 1, limit: 30, total: 1 }),
        [`GET /v1/admin/ai-results/${answer.id}`]: () => answer,
        [`DELETE /v1/admin/ai-results/${answer.id}`]: () => new Response(null, { status: 204 }),
      }),
    );
    const { router } = renderApp({ path: '/admin/ai-results', state: signedInAs(moderatorUser) });
    const table = await screen.findByRole('table', { name: 'AI results' }, { timeout: 80_000 });
    expect(within(table).getByText('Answer')).toBeTruthy();
    expect(within(table).getByText('41 ms')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Type' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Summary' }));
    await waitFor(() => expect(requestsTo(fetchMock, '/v1/admin/ai-results').at(-1)?.search.get('type')).toBe('summary'));
    expect(new URLSearchParams(router.location().search).get('type')).toBe('summary');

    fireEvent.click(within(table).getByRole('button', { name: answer.query }));
    const dialog = await screen.findByRole('dialog', { name: answer.query });
    expect(await within(dialog).findByText('“From Friday, ferries run until two in the morning.”')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Watch 12–18 s' }).getAttribute('href')).toBe(`/v/${ARTICLE_ID}?t=12`);
    expect(within(dialog).getByText('Quoted (extractive)')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this AI result?' });
    expect(requestsTo(fetchMock, `/v1/admin/ai-results/${answer.id}`, 'DELETE')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requestsTo(fetchMock, `/v1/admin/ai-results/${answer.id}`, 'DELETE')).toHaveLength(1));
    expect(await screen.findByText('The AI result was deleted.')).toBeTruthy();
  });
});
