import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@newsreel/contracts';
import { describe, expect, it, vi } from 'vitest';
import { setViewType } from '../../features/articles/hooks/use-view-type';
import { serverDown, shellApi } from '../../test/api-fixtures';
import { mockFetch } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';

describe('home page', () => {
  it('shows the detected region', async () => {
    mockFetch(shellApi());
    renderApp();
    expect((await screen.findByTestId('detected-region')).textContent).toBe('Your region: Australia');
  });

  it('falls back to Global when detection fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch(shellApi({ 'GET /v1/regions/detect': serverDown }));
    renderApp();
    const detected = await screen.findByTestId('detected-region');
    expect(detected.textContent).toBe('Your region: Global');
    expect(detected.getAttribute('data-region-id')).toBe('0');
  });

  it('lists the 22 regions with the grouped ones marked', async () => {
    mockFetch(shellApi());
    renderApp();
    const group = await screen.findByRole('group', { name: 'Regions you follow' });
    await waitFor(() => expect(within(group).getAllByRole('checkbox')).toHaveLength(22));
    expect(within(group).getByRole('checkbox', { name: 'Europe Group of countries' })).toBeTruthy();
    expect(within(group).getByRole('checkbox', { name: 'South America Group of countries' })).toBeTruthy();
    expect(within(group).getByRole('checkbox', { name: 'Germany' })).toBeTruthy();
    expect((within(group).getByRole('checkbox', { name: 'Global' }) as HTMLInputElement).checked).toBe(true);
  });

  it('saves the chosen regions to the state and storage, and says so', async () => {
    mockFetch(shellApi());
    const { store } = renderApp();
    const save = await screen.findByRole('button', { name: 'Save regions' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Germany' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Global' }));
    fireEvent.click(save);
    expect(store.getState().userRegionIds).toEqual([11]);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.regions) ?? 'null')).toEqual([11]);
    expect((await screen.findByRole('alert')).textContent).toContain('Your regions are saved.');
  });

  it('shows the reference list when the region list cannot be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch(shellApi({ 'GET /v1/regions': serverDown }));
    renderApp();
    expect(await screen.findByText('The region list could not be loaded, so the standard list is shown.')).toBeTruthy();
    expect(screen.getAllByRole('checkbox')).toHaveLength(22);
  });

  it('toggles the view type, hero-player by default, and remembers it', async () => {
    mockFetch(shellApi());
    act(() => setViewType('hero-player'));
    renderApp();
    const layout = await screen.findByRole('group', { name: 'Article layout' });
    expect(within(layout).getByRole('button', { name: 'Hero player' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(layout).getByRole('button', { name: 'Grid' }));
    expect(within(layout).getByRole('button', { name: 'Grid' }).getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem(STORAGE_KEYS.viewType)).toBe('"grid"');
  });
});
