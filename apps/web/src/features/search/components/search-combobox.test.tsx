import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shellApi } from '../../../test/api-fixtures';
import { mockFetch, type FetchHandler } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { isolate } from '../lib/snippet';
import { articleHit, publisher, quoteHit, searchAnswer, story } from '../testing/search-fixtures';

const answer: FetchHandler = ({ url }) =>
  searchAnswer(url.searchParams.get('q') ?? '', { articles: [articleHit(), quoteHit], stories: [story], publishers: [publisher] });

const searchCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/v1/search');

/**
 * The app bar's search field, opened the way a phone reader opens it (jsdom has no breakpoints),
 * once the suggestions' code has taken over from the plain field (it then controls a listbox).
 */
async function openSearchField() {
  fireEvent.click(await screen.findByRole('button', { name: 'Open search' }));
  return waitFor(() => {
    const input = screen.getByRole('combobox', { name: 'Search Newsreel' }) as HTMLInputElement;
    expect(input.getAttribute('aria-controls')).toBeTruthy();
    return input;
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the search box', () => {
  it('asks for suggestions once typing pauses, from two characters on', async () => {
    const fetchMock = mockFetch(shellApi({ 'GET /v1/search': answer }));
    renderApp();
    const input = await openSearchField();
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: 'f' } });
    await pause(300);
    expect(searchCalls(fetchMock)).toHaveLength(0);

    fireEvent.change(input, { target: { value: 'fl' } });
    fireEvent.change(input, { target: { value: 'flo' } });
    fireEvent.change(input, { target: { value: 'floo' } });
    expect(await screen.findByRole('option', { name: /Flood warnings along the coast/ })).toBeTruthy();
    const calls = searchCalls(fetchMock);
    expect(calls.map((url) => Object.fromEntries(url.searchParams))).toEqual([{ q: 'floo', type: 'all', page: '1', limit: '6' }]);

    expect(input.getAttribute('aria-expanded')).toBe('true');
    const listbox = screen.getByRole('listbox', { name: 'Suggestions' });
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.getAttribute('href'))).toEqual([
      `/v/${articleHit().id}`,
      `/v/${quoteHit.id}?t=83`,
      `/stories/${story.id}`,
      `/publishers/${publisher.id}`,
      '/search?q=floo',
    ]);
    expect(options[1]?.textContent).toContain(`Said at 1:23: “${isolate('Divers said the water looked like an upside-down snowstorm.')}”`);
  });

  it('names the moment only for lines said after the start; a line at 0:00 mostly repeats the headline', async () => {
    const opening = articleHit({ quote: { start: 0, end: 4, text: 'Flood warnings are in place along the coast.' } });
    mockFetch(shellApi({ 'GET /v1/search': () => searchAnswer('flood', { articles: [opening] }) }));
    renderApp();
    const input = await openSearchField();
    fireEvent.change(input, { target: { value: 'flood' } });
    const option = await screen.findByRole('option', { name: /Flood warnings along the coast/ });
    expect(option.getAttribute('href')).toBe(`/v/${opening.id}`);
    expect(option.textContent).toContain('Coast News');
    expect(option.textContent).not.toContain('Said at');
  });

  it('moves through the suggestions with the arrow keys and opens the highlighted one with Enter', async () => {
    mockFetch(shellApi({ 'GET /v1/search': answer }));
    const { router } = renderApp();
    const input = await openSearchField();
    fireEvent.change(input, { target: { value: 'snowstorm' } });
    const options = await screen.findAllByRole('option');

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]?.id);

    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(router.location().pathname).toBe(`/v/${quoteHit.id}`));
    expect(router.location().search).toBe('?t=83');
  });

  it('closes the suggestions with Escape, then clears the field, then closes the phone field', async () => {
    mockFetch(shellApi({ 'GET /v1/search': answer }));
    renderApp();
    const input = await openSearchField();
    fireEvent.change(input, { target: { value: 'flood' } });
    await screen.findAllByRole('option');
    fireEvent.keyDown(input, { key: 'ArrowDown' });

    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
    expect(input.value).toBe('flood');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.value).toBe('');
    fireEvent.keyDown(input, { key: 'Escape' });
    const openButton = screen.getByRole('button', { name: 'Open search' });
    expect(openButton.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(openButton);
  });

  it('opens the results page for the words typed when Enter is pressed without a highlighted suggestion', async () => {
    mockFetch(shellApi({ 'GET /v1/search': answer }));
    const { router } = renderApp();
    const input = await openSearchField();
    fireEvent.change(input, { target: { value: '  night train ' } });
    fireEvent.submit(input.closest('form')!);
    expect(await screen.findByRole('heading', { level: 1, name: `Results for “${isolate('night train')}”` })).toBeTruthy();
    expect(router.location().pathname + router.location().search).toBe('/search?q=night+train');
  });

  it('cancels the request for words the reader has typed past', async () => {
    const signals: Record<string, AbortSignal | undefined> = {};
    mockFetch(
      shellApi({
        'GET /v1/search': ({ url, init }) => {
          const q = url.searchParams.get('q') ?? '';
          signals[q] = init?.signal ?? undefined;
          if (q !== 'fl') return answer({ url, init });
          // The first answer never comes; only an abort ends it.
          return new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))));
        },
      }),
    );
    renderApp();
    const input = await openSearchField();
    fireEvent.change(input, { target: { value: 'fl' } });
    await waitFor(() => expect(signals.fl).toBeDefined());
    fireEvent.change(input, { target: { value: 'flood' } });
    expect(await screen.findByRole('option', { name: /Flood warnings/ })).toBeTruthy();
    expect(signals.fl?.aborted).toBe(true);
    expect(signals.flood?.aborted).toBe(false);
  });

  it('never holds more than the API accepts', async () => {
    const fetchMock = mockFetch(shellApi({ 'GET /v1/search': answer }));
    renderApp();
    const input = await openSearchField();
    expect(input.maxLength).toBe(200);
    fireEvent.change(input, { target: { value: 'storm '.repeat(50) } });
    expect(input.value).toHaveLength(200);
    await screen.findAllByRole('option');
    expect(searchCalls(fetchMock).every((url) => (url.searchParams.get('q') ?? '').length <= 200)).toBe(true);
  });

  it('shows the words of the results page in the address', async () => {
    mockFetch(shellApi({ 'GET /v1/search': answer }));
    const { router } = renderApp({ path: '/search?q=night%20train' });
    await screen.findByRole('heading', { level: 1, name: `Results for “${isolate('night train')}”` });
    const input = screen.getByRole('combobox', { hidden: true }) as HTMLInputElement;
    expect(input.value).toBe('night train');
    await router.navigate('/search?q=tram');
    await screen.findByRole('heading', { level: 1, name: `Results for “${isolate('tram')}”` });
    expect(input.value).toBe('tram');
  });
});
