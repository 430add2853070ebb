import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { expectConsoleErrors } from '../../../test/console-guard';
import { mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { signedInAs } from '../test/admin-api';
import { failedJobFixture, peopleApi, refusal, requestsTo, superuserUser } from '../test/people-api';

afterEach(() => setAccessToken(null));

describe('the background jobs page', () => {
  it('shows why a failed job failed, retries it, and filters by state and name', async () => {
    const fetchMock = mockFetch(peopleApi({ [`POST /v1/admin/jobs/${failedJobFixture.id}/retry`]: () => ({ ...failedJobFixture, state: 'retry' }) }));
    const { router } = renderApp({ path: '/admin/jobs', state: signedInAs(superuserUser) });
    const table = await screen.findByRole('table', { name: 'Background jobs' });
    expect(within(table).getByText('Failed')).toBeTruthy();
    expect(within(table).getByText('connection refused')).toBeTruthy();
    expect(within(table).getByText('4 of 4')).toBeTruthy();

    fireEvent.click(within(table).getByRole('button', { name: 'Retry devices.expired-invites-cleanup' }));
    await waitFor(() => expect(requestsTo(fetchMock, `/v1/admin/jobs/${failedJobFixture.id}/retry`, 'POST')).toHaveLength(1));
    expect(await screen.findByText('devices.expired-invites-cleanup will run again shortly.')).toBeTruthy();
    // The list is read again, and so is the audit log, which records the retry.
    await waitFor(() => expect(requestsTo(fetchMock, '/v1/admin/jobs').length).toBeGreaterThan(1));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'State' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Failed' }));
    const name = screen.getByRole('searchbox', { name: 'Job name' });
    fireEvent.change(name, { target: { value: 'Not A Name' } });
    expect(await screen.findByText(/A job's name is its area, a dot and what it does/)).toBeTruthy();
    fireEvent.change(name, { target: { value: 'articles.publish-scheduled' } });
    await waitFor(() => expect(requestsTo(fetchMock, '/v1/admin/jobs').at(-1)?.search.get('name')).toBe('articles.publish-scheduled'));
    expect(Object.fromEntries(requestsTo(fetchMock, '/v1/admin/jobs').at(-1)?.search ?? [])).toEqual({ page: '1', limit: '30', state: 'failed', name: 'articles.publish-scheduled' });
    expect(requestsTo(fetchMock, '/v1/admin/jobs').some(({ search }) => search.get('name') === 'Not A Name')).toBe(false);
    expect(new URLSearchParams(router.location().search).get('state')).toBe('failed');
  });

  it('shows the server’s reason when a job cannot be retried', async () => {
    expectConsoleErrors();
    const message = 'Only a failed job can be retried, and this one is completed: it ran to its end.';
    mockFetch(peopleApi({ [`POST /v1/admin/jobs/${failedJobFixture.id}/retry`]: refusal(409, message) }));
    renderApp({ path: '/admin/jobs', state: signedInAs(superuserUser) });
    fireEvent.click(await screen.findByRole('button', { name: 'Retry devices.expired-invites-cleanup' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });
});
