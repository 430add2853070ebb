import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queuedAnalyticsEvents, resetAnalytics } from '../lib/analytics';
import { shellApi } from '../test/api-fixtures';
import { mockFetch } from '../test/mock-fetch';
import { renderApp } from '../test/render';

describe('the shell', () => {
  it('has a header with the product name and language button, and a main landmark', async () => {
    mockFetch(shellApi());
    const { container } = renderApp();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Newsreel' })).toBeTruthy();
    expect(screen.getByRole('banner').textContent).toContain('Newsreel');
    expect(screen.getByRole('main')).toBeTruthy();
    expect(container.querySelector('[data-embedded]')?.getAttribute('data-embedded')).toBe('false');
  });

  it('opens the locale chooser from the language button', async () => {
    mockFetch(shellApi());
    const { store } = renderApp();
    fireEvent.click(await screen.findByRole('button', { name: 'Language: English' }));
    expect(store.getState().chooseLocale).toBe(true);
    expect(await screen.findByRole('dialog', { name: 'Choose your language' })).toBeTruthy();
  });

  it('in embedded mode hides the app bar and links to the full site', async () => {
    mockFetch(shellApi());
    const { container } = renderApp({ state: { embedded: true } });
    await screen.findByRole('heading', { level: 1 });
    expect(container.querySelector('[data-embedded="true"]')).not.toBeNull();
    expect(screen.queryByRole('button', { name: /^Language/ })).toBeNull();
    const link = screen.getByRole('link', { name: 'Open Newsreel' });
    expect(link.getAttribute('href')).toBe('http://localhost:3000/');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('records a page view after each completed route change', async () => {
    mockFetch(shellApi());
    resetAnalytics();
    const { router } = renderApp();
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Newsreel' });
    await router.navigate('/no/such/page?from=test');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    await waitFor(() => expect(queuedAnalyticsEvents().map((event) => event.path ?? event.action)).toEqual(['/', '/no/such/page?from=test']));
    expect(queuedAnalyticsEvents()[1]).toMatchObject({ action: 'Page View' });
  });

  it('shows a loading bar while the next page’s code arrives, and a skip link to the main landmark', async () => {
    mockFetch(shellApi());
    const { router } = renderApp();
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Newsreel' });
    expect(screen.queryByRole('progressbar', { name: 'Loading page' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Skip to content' }).getAttribute('href')).toBe(`#${screen.getByRole('main').id}`);

    await router.navigate('/app');
    await waitFor(() => expect(screen.getAllByRole('progressbar', { name: 'Loading page' }).length).toBeGreaterThan(0));
    await screen.findByRole('heading', { level: 1, name: 'Take Newsreel with you' });
    expect(screen.queryByRole('progressbar', { name: 'Loading page' })).toBeNull();
  });

  it('shows a not-found page with a link home for unknown addresses', async () => {
    mockFetch(shellApi());
    const { router } = renderApp({ path: '/nowhere' });
    fireEvent.click(await screen.findByRole('link', { name: 'Back to the home page' }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Newsreel' });
    expect(router.location().pathname).toBe('/');
  });

  it('puts the server config in the state and remembers it', async () => {
    const config = { type: 'web', advertising: { enabled: false, provider: 'x', rules: { startOn: 2, frequency: 3, timeBetweenAds: 300, deferAds: true } }, video: { enabled: true, provider: 'p' }, subscription: { enabled: true }, features: [] };
    mockFetch(shellApi({ 'GET /v1/config/app': () => config }));
    const { store } = renderApp();
    await waitFor(() => expect(store.getState().config).toEqual(config));
    expect(JSON.parse(localStorage.getItem('newsreel.appConfig') ?? 'null')).toEqual(config);
  });

  it('falls back to the default config when the config call fails, and reports it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch(shellApi({ 'GET /v1/config/app': () => new Response('down', { status: 503 }) }));
    const { store } = renderApp({ state: { config: { ...(await import('@newsreel/contracts')).defaultAppConfig('web'), features: [] } } });
    await waitFor(() => expect(store.getState().config.features.map((feature) => feature.name)).toEqual(['articlePoints', 'aiSearch']));
    expect(warn).toHaveBeenCalledWith('[newsreel] error reported:', 'Request failed with status 503', { call: 'GET /v1/config/app' });
    expect(localStorage.getItem('newsreel.appConfig')).toBeNull();
  });
});
