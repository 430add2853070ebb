import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readerUser } from '../../../test/account-fixtures';
import { shellApi } from '../../../test/api-fixtures';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { setAccessToken } from '../../../lib/api-client';

afterEach(() => {
  setAccessToken(null);
  vi.useRealTimers();
});

const accepted = () => jsonResponse({ message: 'Thank you. Your message was sent; we answer by email.' }, 202);

function sentBodies(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls
    .filter(([input, init]) => String(input).endsWith('/v1/contact') && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

async function fill(values: { name?: string; email?: string; subject?: string; message?: string }) {
  // The page's code and strings load lazily.
  const form = await screen.findByRole('form', { name: 'Contact us' }, { timeout: 30_000 });
  for (const [label, value] of [
    ['Your name', values.name],
    ['Your email', values.email],
    ['Subject', values.subject],
    ['Message', values.message],
  ] as const) {
    if (value !== undefined) fireEvent.change(within(form).getByRole('textbox', { name: label }), { target: { value } });
  }
  return form;
}

describe('the contact page', () => {
  it('sends the message with the honeypot and when the form was shown, then thanks the reader', async () => {
    const fetchMock = mockFetch(shellApi({ 'POST /v1/contact': accepted }));
    const before = Date.now();
    renderApp({ path: '/contact' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact us' }, { timeout: 30_000 })).toBeTruthy();
    const form = await fill({ name: '  Ada  Lovelace ', email: ' ada@example.com ', subject: 'Transcripts', message: 'Could transcripts be longer?\nThank you.' });
    expect(within(form).getByText('39 of 5,000 characters')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Send message' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you!' })).toBeTruthy();
    expect(screen.getByText('Your message was sent. We will answer by email at ada@example.com.').getAttribute('role')).toBe('status');
    const [body] = sentBodies(fetchMock);
    expect(body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'Transcripts',
      message: 'Could transcripts be longer?\nThank you.',
      website: '',
      startedAt: expect.any(Number),
    });
    expect(body!.startedAt as number).toBeGreaterThanOrEqual(before);
    expect(body!.startedAt as number).toBeLessThanOrEqual(Date.now());

    // Another message starts a new form.
    fireEvent.click(screen.getByRole('button', { name: 'Send another message' }));
    expect((await screen.findByRole('textbox', { name: 'Subject' })).getAttribute('value')).toBe('');
  }, 60_000);

  it('keeps the honeypot out of sight, out of the tab order and away from screen readers', async () => {
    mockFetch(shellApi());
    const { container } = renderApp({ path: '/contact' });
    await screen.findByRole('form', { name: 'Contact us' }, { timeout: 30_000 });
    const honeypot = container.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.getAttribute('autocomplete')).toBe('off');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Leave this field empty' })).toBeNull();
  });

  it('checks every field as the server does before sending anything', async () => {
    const fetchMock = mockFetch(shellApi({ 'POST /v1/contact': accepted }));
    renderApp({ path: '/contact' });
    const form = await fill({ name: '   ', email: 'ada at example', subject: 'Hi', message: 'Too short' });
    fireEvent.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(await within(form).findByText('Fill in this field.')).toBeTruthy();
    expect(within(form).getByText('Enter an email address such as name@example.com.')).toBeTruthy();
    expect(within(form).getByText('Write at least 3 characters.')).toBeTruthy();
    expect(within(form).getByText('Write at least 10 characters.')).toBeTruthy();
    expect(within(form).getByRole('textbox', { name: 'Your email' }).getAttribute('aria-invalid')).toBe('true');
    expect(sentBodies(fetchMock)).toHaveLength(0);

    // Fixing a field clears its message.
    fireEvent.change(within(form).getByRole('textbox', { name: 'Subject' }), { target: { value: 'Hello there' } });
    expect(within(form).queryByText('Write at least 3 characters.')).toBeNull();
  });

  it('says when to try again after too many messages', async () => {
    mockFetch(
      shellApi({
        'POST /v1/contact': () =>
          new Response(JSON.stringify({ statusCode: 429, error: 'Too Many Requests', message: 'Too many messages from this network. Try again in 42 minutes.', code: 'TOO_MANY_ATTEMPTS' }), {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': '2520' },
          }),
      }),
    );
    renderApp({ path: '/contact' });
    const form = await fill({ name: 'Ada', email: 'ada@example.com', subject: 'Transcripts', message: 'Could transcripts be longer?' });
    fireEvent.click(within(form).getByRole('button', { name: 'Send message' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe('You have sent several messages already. Try again in 42 minutes.');
    // The form stays as it was, to be sent later.
    expect(within(form).getByRole('textbox', { name: 'Message' }).textContent).toBe('Could transcripts be longer?');
  });

  it('shows the server’s reason for a refusal, and a plain sentence when the network fails', async () => {
    let answer: () => Response = () => jsonResponse({ statusCode: 400, error: 'Bad Request', message: 'body.email must match pattern "^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$"' }, 400);
    mockFetch(shellApi({ 'POST /v1/contact': () => answer() }));
    renderApp({ path: '/contact' });
    const form = await fill({ name: 'Ada', email: 'ada@example.com', subject: 'Transcripts', message: 'Could transcripts be longer?' });
    fireEvent.click(within(form).getByRole('button', { name: 'Send message' }));
    expect((await within(form).findByRole('alert')).textContent).toMatch(/^body\.email must match pattern/);

    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    fireEvent.click(within(form).getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('Your message could not be sent. Check your connection and try again.'));
  });

  it('fills in a signed-in reader’s name and email', async () => {
    setAccessToken('user-token');
    mockFetch(shellApi());
    renderApp({ path: '/contact', state: { user: readerUser, authStatus: 'signedIn' } });
    const form = await screen.findByRole('form', { name: 'Contact us' }, { timeout: 30_000 });
    expect(within(form).getByRole('textbox', { name: 'Your name' }).getAttribute('value')).toBe(readerUser.name);
    expect(within(form).getByRole('textbox', { name: 'Your email' }).getAttribute('value')).toBe(readerUser.email);
  });

  it('is linked from the navigation drawer', async () => {
    mockFetch(shellApi());
    renderApp({ path: '/contact' });
    await screen.findByRole('form', { name: 'Contact us' }, { timeout: 30_000 });
    fireEvent.click(screen.getByRole('button', { name: /menu/i }));
    const link = await screen.findByRole('link', { name: 'Contact us' });
    expect(link.getAttribute('href')).toBe('/contact');
    expect(link.getAttribute('aria-current')).toBe('page');
  });
});
