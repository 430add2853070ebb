import { screen, within } from '@testing-library/react';
import type { Publisher } from '@newsreel/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { shellApi } from '../../../test/api-fixtures';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { articleSummary, listOf } from '../../home/test/fixtures';

const harbour: Publisher = {
  id: 'f9fd30de-d8ee-4066-9f6b-a195453cf3f6',
  slug: 'harbour-daily',
  name: 'Harbour Daily',
  description: 'Local and national news from Australia and New Zealand.',
  website: 'https://example.org/harbour-daily',
  logoUrl: null,
  bannerUrl: null,
  defaultLanguage: 'en',
  defaultRegionId: 0,
  branding: { primaryColour: '#0A84FF', secondaryColour: '#FFFFFF', backgroundColour: 'url(https://evil.example/x.png)' },
};
const missing = '00000000-0000-4000-8000-000000000000';

function publisherApi() {
  return shellApi({
    'GET /v1/publishers': () => listOf([harbour]),
    [`GET /v1/publishers/${harbour.id}`]: () => harbour,
    [`GET /v1/publishers/${harbour.id}/articles`]: () => listOf([articleSummary(1), articleSummary(2)]),
    [`GET /v1/publishers/${missing}`]: () => jsonResponse({ statusCode: 404, error: 'Not Found', message: 'There is no publisher with that id.' }, 404),
    [`GET /v1/publishers/${missing}/articles`]: () =>
      jsonResponse({ statusCode: 404, error: 'Not Found', message: 'There is no publisher with that id.' }, 404),
  });
}

describe('publisher pages', () => {
  beforeAll(async () => {
    await Promise.all([import('./publisher-page'), import('./publishers-page')]);
  }, 60_000);

  it('lists every publisher, each leading to its page', async () => {
    mockFetch(publisherApi());
    const { store } = renderApp({ path: '/publishers' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Publishers' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: /Harbour Daily/ });
    expect(link.getAttribute('href')).toBe(`/publishers/${harbour.id}`);
    expect(store.getState().publishers).toEqual([harbour]);
  });

  it('shows the publisher in its colours, leaving out what is not a colour, then its articles', async () => {
    mockFetch(publisherApi());
    renderApp({ path: `/publishers/${harbour.id}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Daily' })).toBeTruthy();
    const header = screen.getByTestId('publisher-header');
    const style = getComputedStyle(header);
    expect(style.borderBottomColor).toBe('rgb(10, 132, 255)');
    // The background was not a colour string, so the app's own paper colour stands in for it.
    expect(style.backgroundColor).toBe('rgb(23, 25, 30)');
    expect(within(header).getByRole('link', { name: /Visit their website/ }).getAttribute('href')).toBe('https://example.org/harbour-daily');
    expect(await screen.findAllByRole('link', { name: /Report number/ })).toHaveLength(2);
  });

  it('says when there is no such publisher', async () => {
    mockFetch(publisherApi());
    renderApp({ path: `/publishers/${missing}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'This publisher could not be found' })).toBeTruthy();
  });
});
