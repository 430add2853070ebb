import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loadWithMuiTheme } from '../../../app/theme/mui-island';
import type * as MuiIsland from '../../../app/theme/mui-island';
import { shellApi } from '../../../test/api-fixtures';
import { mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { searchAnswer } from '../testing/search-fixtures';
import { SearchCombobox } from './search-combobox';

// The combobox's code arrives through loadWithMuiTheme (as do the pages'); a test can make its download fail.
vi.mock('../../../app/theme/mui-island', async (importOriginal) => {
  const actual = await importOriginal<typeof MuiIsland>();
  return { ...actual, loadWithMuiTheme: vi.fn(actual.loadWithMuiTheme) };
});

const field = () => screen.getByRole('combobox', { name: 'Search Newsreel' }) as HTMLInputElement;
/** The combobox controls its suggestion list; the plain field standing in for it controls nothing. */
const isCombobox = (input: HTMLInputElement) => input.hasAttribute('aria-controls');

// In this order: the combobox, once loaded, stays loaded for the rest of the file.
describe('the app bar search', () => {
  it('keeps the plain field working while the suggestions’ code cannot load, and asks again on the next approach', async () => {
    const actual = await vi.importActual<typeof MuiIsland>('../../../app/theme/mui-island');
    let comboboxAttempts = 0;
    let offline = true;
    vi.mocked(loadWithMuiTheme).mockImplementation(async (loadComponent) => {
      const component = await loadComponent();
      if (component === SearchCombobox) {
        comboboxAttempts += 1;
        if (offline) throw new TypeError('Failed to fetch dynamically imported module');
      }
      return actual.loadWithMuiTheme(async () => component);
    });
    mockFetch(shellApi({ 'GET /v1/search': ({ url }) => searchAnswer(url.searchParams.get('q') ?? '') }));
    const { router } = renderApp();
    fireEvent.click(await screen.findByRole('button', { name: 'Open search' }));
    await waitFor(() => expect(comboboxAttempts).toBeGreaterThan(0));

    fireEvent.change(field(), { target: { value: 'night train' } });
    fireEvent.submit(field().closest('form')!);
    await waitFor(() => expect(router.location().pathname + router.location().search).toBe('/search?q=night+train'));
    expect(isCombobox(field())).toBe(false);

    offline = false;
    const attempts = comboboxAttempts;
    fireEvent.focus(field());
    await waitFor(() => expect(isCombobox(field())).toBe(true));
    expect(comboboxAttempts).toBe(attempts + 1);
  });

  it('opens on a phone with the focus in the field, and the combobox taking its place keeps it', async () => {
    mockFetch(shellApi());
    renderApp();
    const openButton = await screen.findByRole('button', { name: 'Open search' });
    fireEvent.click(openButton);
    expect(openButton.getAttribute('aria-expanded')).toBe('true');
    const plainField = field();
    expect(document.activeElement).toBe(plainField);
    await waitFor(() => expect(isCombobox(field())).toBe(true));
    expect(field()).not.toBe(plainField);
    expect(document.activeElement).toBe(field());
  });
});
