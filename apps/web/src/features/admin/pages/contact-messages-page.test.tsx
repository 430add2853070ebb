import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { adminApiPaths, type AdminContactMessage } from '@newsreel/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { adminApi, moderatorUser, signedInAs } from '../test/admin-api';

afterEach(() => setAccessToken(null));

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
function contactMessage(overrides: Partial<AdminContactMessage> = {}): AdminContactMessage {
  return {
    id: id(501),
    name: 'Amara Okafor',
    email: 'amara@example.com',
    subject: 'Subtitles in Portuguese?',
    message: 'Could the Lisbon reports get Portuguese subtitles?\nThank you.',
    userId: null,
    ip: '203.0.113.24',
    createdAt: '2026-11-27T06:00:00.000Z',
    mailedAt: '2026-11-27T06:00:01.000Z',
    handledAt: null,
    ...overrides,
  };
}

describe('the contact messages page', () => {
  it('lists the messages with their text, filters them, and marks one handled', async () => {
    const waiting = contactMessage();
    const unmailed = contactMessage({ id: id(502), name: 'Jonas Berg', email: 'jonas@example.com', subject: 'Video stops on my TV', message: 'The player stopped on my TV yesterday.', mailedAt: null, userId: moderatorUser.id });
    let handledAt: string | null = null;
    const fetchMock = mockFetch(
      adminApi({
        [`GET ${adminApiPaths.contactMessages}`]: () => ({ items: [{ ...waiting, handledAt }, unmailed], page: 1, limit: 30, total: 2 }),
        [`PUT ${adminApiPaths.contactMessage(waiting.id)}`]: ({ init }) => {
          const { handled } = JSON.parse(String(init?.body)) as { handled: boolean };
          handledAt = handled ? '2026-11-27T07:00:00.000Z' : null;
          return { ...waiting, handledAt };
        },
      }),
    );
    renderApp({ path: '/admin/contact-messages', state: signedInAs(moderatorUser) });

    // The console's code loads lazily on the first visit.
    const table = await screen.findByRole('table', { name: 'Contact messages' }, { timeout: 30_000 });
    expect(screen.getByRole('heading', { level: 1, name: 'Contact messages' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact messages' }).getAttribute('aria-current')).toBe('page');
    expect(within(table).getByText('Subtitles in Portuguese?')).toBeTruthy();
    expect(within(table).getByText(/Could the Lisbon reports get Portuguese subtitles\?/)).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'amara@example.com' }).getAttribute('href')).toBe('mailto:amara@example.com');
    expect(within(table).getByText('The mail to the contact address failed: this list is the only copy.')).toBeTruthy();
    expect(within(table).getByText('Signed-in reader')).toBeTruthy();
    const reply = within(table).getByRole('link', { name: 'Reply by email to Amara Okafor' });
    expect(reply.getAttribute('href')).toBe(`mailto:amara%40example.com?subject=${encodeURIComponent('Re: Subtitles in Portuguese?')}`);

    const toggle = within(table).getByRole('switch', { name: 'Handled: Subtitles in Portuguese?' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect((within(screen.getByRole('table', { name: 'Contact messages' })).getByRole('switch', { name: 'Handled: Subtitles in Portuguese?' }) as HTMLInputElement).checked).toBe(true));
    const put = fetchMock.mock.calls.find(([input, init]) => String(input).includes(adminApiPaths.contactMessage(waiting.id)) && init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ handled: true });
    expect(await screen.findByText('Marked as handled.')).toBeTruthy();

    // The filter asks the API for the waiting ones only.
    const filters = screen.getByRole('search', { name: 'Filter the contact messages' });
    fireEvent.mouseDown(within(filters).getByRole('combobox', { name: 'Show' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Waiting' }));
    await waitFor(() => {
      const urls = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((url) => url.pathname === adminApiPaths.contactMessages);
      expect(urls.at(-1)?.searchParams.get('handled')).toBe('false');
    });
  }, 60_000);
});
