import { screen } from '@testing-library/react';
import type { Category } from '@newsreel/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { shellApi } from '../../../test/api-fixtures';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { articleSummary, listOf } from '../../home/test/fixtures';

const science: Category = { id: 'c1d2e3f4-a5b6-4c7d-8e9f-a0b1c2d3e4f5', slug: 'science', name: 'Science', description: 'Discoveries and research.' };
const travel: Category = { id: 'd1d2e3f4-a5b6-4c7d-8e9f-a0b1c2d3e4f5', slug: 'travel', name: 'Travel', description: 'Trains, routes and journeys.' };

function categoryApi() {
  return shellApi({
    'GET /v1/categories': () => listOf([science, travel]),
    [`GET /v1/categories/${science.id}`]: () => science,
    [`GET /v1/articles/category/${science.id}`]: () => listOf([articleSummary(1), articleSummary(2), articleSummary(3)]),
    [`GET /v1/categories/${travel.id}`]: () => travel,
    [`GET /v1/articles/category/${travel.id}`]: () => listOf([]),
    'GET /v1/categories/nope': () => jsonResponse({ statusCode: 400, error: 'Bad Request', message: 'params/id must match format "uuid"' }, 400),
    'GET /v1/articles/category/nope': () => jsonResponse({ statusCode: 400, error: 'Bad Request', message: 'params/id must match format "uuid"' }, 400),
  });
}

describe('category pages', () => {
  beforeAll(async () => {
    await Promise.all([import('./category-page'), import('./categories-page')]);
  }, 60_000);

  it('lists every category, each leading to its articles', async () => {
    mockFetch(categoryApi());
    renderApp({ path: '/categories' });
    const link = await screen.findByRole('link', { name: /Science/ });
    expect(link.getAttribute('href')).toBe(`/categories/${science.id}`);
    expect(screen.getByRole('link', { name: /Travel/ })).toBeTruthy();
  });

  it('shows a category’s articles under its name', async () => {
    mockFetch(categoryApi());
    renderApp({ path: `/categories/${science.id}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Science' })).toBeTruthy();
    expect(await screen.findAllByRole('link', { name: /Report number/ })).toHaveLength(3);
  });

  it('says what to do when a category has no articles', async () => {
    mockFetch(categoryApi());
    renderApp({ path: `/categories/${travel.id}` });
    expect(await screen.findByText('There are no articles in this category yet. Try another category.')).toBeTruthy();
  });

  it('says when there is no such category', async () => {
    mockFetch(categoryApi());
    renderApp({ path: '/categories/nope' });
    expect(await screen.findByRole('heading', { level: 1, name: 'This category could not be found' })).toBeTruthy();
  });
});
