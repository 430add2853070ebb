import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { adminApi, moderatorUser, signedInAs } from '../test/admin-api';
import { requestsTo } from '../test/people-api';

afterEach(() => setAccessToken(null));

describe('the statistics page’s AI results panel', () => {
  it('shows the AI results of the page’s range: totals, not-found rate, timing, by type, day and provider', { timeout: 120_000 }, async () => {
    const fetchMock = mockFetch(adminApi());
    renderApp({ path: '/admin/statistics?from=2026-11-24&to=2026-11-26', state: signedInAs(moderatorUser) });
    const panel = await screen.findByRole('region', { name: 'AI results' }, { timeout: 80_000 });
    expect(await within(panel).findByText('50%')).toBeTruthy();
    expect(within(panel).getAllByText('118 ms').length).toBeGreaterThan(0);
    expect(within(panel).getAllByRole('listitem').map((bar) => bar.getAttribute('aria-label'))).toHaveLength(3);
    const byType = within(panel).getByRole('table', { name: 'AI results by type' });
    expect(within(byType).getByRole('row', { name: /Answer 2 1 35 ms 52 ms/ })).toBeTruthy();
    expect(within(within(panel).getByRole('table', { name: 'AI results by provider' })).getByText('built-in')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'See every result' }).getAttribute('href')).toBe('/admin/ai-results');
    expect(Object.fromEntries(requestsTo(fetchMock, '/v1/admin/statistics/ai-results').at(-1)?.search ?? [])).toEqual({ from: '2026-11-24', to: '2026-11-26' });
  });
});
