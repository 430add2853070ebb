import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { signedInAs } from '../test/admin-api';
import { auditEntryFixture, peopleApi, requestsTo, superuserUser } from '../test/people-api';

afterEach(() => setAccessToken(null));

describe('the audit log page', () => {
  it('sends its filters to the API, checking them first, and opens an entry to its changes and its before and after', async () => {
    const fetchMock = mockFetch(peopleApi());
    renderApp({ path: '/admin/audit', state: signedInAs(superuserUser) });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(within(table).getAllByText('admin@example.com').length).toBeGreaterThan(0);

    const filters = screen.getByRole('search', { name: 'Filter the audit log' });
    fireEvent.change(within(filters).getByRole('textbox', { name: 'Resource' }), { target: { value: 'Vendor!' } });
    fireEvent.change(within(filters).getByLabelText('From'), { target: { value: '2026-11-26T12:00' } });
    fireEvent.change(within(filters).getByLabelText('Until'), { target: { value: '2026-11-26T11:00' } });
    fireEvent.click(within(filters).getByRole('button', { name: 'Show' }));
    expect(await within(filters).findByText(/Use lower-case letters, digits/)).toBeTruthy();
    expect(within(filters).getByText('The end must be after the start.')).toBeTruthy();
    expect(requestsTo(fetchMock, '/v1/admin/audit')).toHaveLength(1);

    fireEvent.change(within(filters).getByRole('textbox', { name: 'Resource' }), { target: { value: 'vendor' } });
    fireEvent.change(within(filters).getByRole('textbox', { name: 'Who' }), { target: { value: 'admin@' } });
    fireEvent.change(within(filters).getByRole('textbox', { name: 'Action' }), { target: { value: 'update' } });
    fireEvent.change(within(filters).getByLabelText('Until'), { target: { value: '2026-11-27T11:00' } });
    fireEvent.click(within(filters).getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(requestsTo(fetchMock, '/v1/admin/audit')).toHaveLength(2));
    const sent = Object.fromEntries(requestsTo(fetchMock, '/v1/admin/audit')[1]?.search ?? []);
    expect(sent).toMatchObject({ resource: 'vendor', actor: 'admin@', action: 'update', page: '1' });
    expect(new Date(sent.from ?? '').getTime()).toBe(new Date('2026-11-26T12:00').getTime());
    expect(new Date(sent.to ?? '').getTime()).toBe(new Date('2026-11-27T11:00').getTime());

    const table2 = await screen.findByRole('table', { name: 'Audit log' });
    fireEvent.click(within(table2).getByRole('button', { name: 'Show the change: update vendor' }));
    const changes = await screen.findByRole('table', { name: 'Changes' });
    const row = within(changes).getByText('name').closest('tr') as HTMLElement;
    expect(within(row).getByText('Meridian Data')).toBeTruthy();
    expect(within(row).getByText('Meridian Data Co.')).toBeTruthy();
    // Only what changed: the user count stayed.
    expect(within(changes).queryByText('userCount')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Before and after' }));
    expect(screen.getByLabelText('Before').textContent).toBe(JSON.stringify(auditEntryFixture.before, null, 2));
    expect(screen.getByLabelText('After').textContent).toBe(JSON.stringify(auditEntryFixture.after, null, 2));
  });
});
