import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { browserStorage } from '../../../lib/storage';
import { shellApi } from '../../../test/api-fixtures';
import { mockFetch } from '../../../test/mock-fetch';
import { renderWithProviders } from '../../../test/render';
import { RegionButton } from './region-button';

const calls = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === path);

describe('RegionButton', () => {
  it('starts a first visit with the detected region, and stores it', async () => {
    const fetchMock = mockFetch(shellApi()); // detection answers Australia (1)
    const { store } = renderWithProviders(<RegionButton />);
    await waitFor(() => expect(store.getState().userRegionIds).toEqual([1]));
    expect(browserStorage.regions.get()).toEqual([1]);
    expect(calls(fetchMock, '/v1/regions/detect')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Regions: Australia' })).toBeTruthy();
  });

  it('keeps a stored choice and does not ask for detection', async () => {
    browserStorage.regions.set([4, 11]);
    const fetchMock = mockFetch(shellApi());
    renderWithProviders(<RegionButton />, { state: { userRegionIds: [4, 11] } });
    const button = screen.getByRole('button', { name: 'Regions: Europe and Germany' });
    expect(button.textContent).toContain('Europe');
    expect(button.textContent).toContain('+1');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls(fetchMock, '/v1/regions/detect')).toHaveLength(0);
  });

  it('falls back to Global when detection fails (SPEC §4)', async () => {
    mockFetch(shellApi({ 'GET /v1/regions/detect': () => new Response('{}', { status: 503 }) }));
    const { store } = renderWithProviders(<RegionButton />);
    await waitFor(() => expect(browserStorage.regions.get()).toEqual([0]));
    expect(store.getState().userRegionIds).toEqual([0]);
  });

  it('saves the ticked regions to the app state and browser storage; cancel keeps the old choice', async () => {
    browserStorage.regions.set([0]);
    mockFetch(shellApi());
    const { store } = renderWithProviders(<RegionButton />);

    fireEvent.click(screen.getByRole('button', { name: 'Regions: Global' }));
    let dialog = await screen.findByRole('dialog', { name: 'Your regions' });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Sweden' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.getState().userRegionIds).toEqual([0]);

    fireEvent.click(screen.getByRole('button', { name: 'Regions: Global' }));
    dialog = await screen.findByRole('dialog', { name: 'Your regions' });
    expect((within(dialog).getByRole('checkbox', { name: 'Sweden' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Global' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'South America Group of countries' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Sweden' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save regions' }));

    await waitFor(() => expect(store.getState().userRegionIds).toEqual([10, 12]));
    expect(browserStorage.regions.get()).toEqual([10, 12]);
    expect(store.getState().notification).toMatchObject({ open: true, message: 'Your regions are saved.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Regions: South America and Sweden' }).textContent).toContain('+1');
  });

  it('groups the 22 regions and names them in the reader’s language', async () => {
    await i18n.changeLanguage('ar');
    browserStorage.regions.set([0]);
    mockFetch(shellApi());
    renderWithProviders(<RegionButton />);
    fireEvent.click(screen.getByRole('button', { name: 'المناطق: العالم' }));
    const dialog = await screen.findByRole('dialog', { name: 'مناطقك' });
    await within(dialog).findByRole('checkbox', { name: 'ألمانيا' });
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(22);
    expect(within(dialog).getByRole('group', { name: 'مجموعات دول' })).toBeTruthy();
    expect(within(within(dialog).getByRole('group', { name: 'مجموعات دول' })).getAllByRole('checkbox')).toHaveLength(2);
    expect(dialog.textContent).not.toMatch(/Germany|Europe|Global/);
  });
});
