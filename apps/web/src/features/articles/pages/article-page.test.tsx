import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serverDown, shellApi } from '../../../test/api-fixtures';
import { floodArticle as article } from '../../../test/article-fixture';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';

describe('article page', () => {
  it('shows the article and makes it the current one', async () => {
    mockFetch(shellApi({ [`GET /v1/articles/${article.id}`]: () => article }));
    const { store } = renderApp({ path: `/v/${article.id}` });
    expect(await screen.findByRole('heading', { level: 1, name: article.title })).toBeTruthy();
    expect(screen.getByText('Published by Coast News')).toBeTruthy();
    expect(screen.getByText('Breaking')).toBeTruthy();
    expect(screen.getByText('National')).toBeTruthy();
    expect(store.getState().currentArticle).toEqual(article);
  });

  it('opens the share dialog with the article link', async () => {
    mockFetch(shellApi({ [`GET /v1/articles/${article.id}`]: () => article }));
    renderApp({ path: `/v/${article.id}` });
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share this article' });
    expect((screen.getByLabelText('Article link') as HTMLInputElement).value).toBe(`http://localhost:3000/v/${article.id}`);
    expect(dialog.textContent).toContain('Copy link');
  });

  it('says plainly when the article does not exist', async () => {
    mockFetch(shellApi());
    renderApp({ path: '/v/404' });
    expect(await screen.findByText('Loading article 404…')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'This article could not be found.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toBeTruthy();
  });

  it('treats a malformed id the server refuses as not found', async () => {
    mockFetch(
      shellApi({
        'GET /v1/articles/not-an-id': () =>
          jsonResponse({ statusCode: 400, error: 'Bad Request', message: 'params.id must match format "uuid"' }, 400),
      }),
    );
    renderApp({ path: '/v/not-an-id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'This article could not be found.' })).toBeTruthy();
  });

  it('offers a retry when the server fails', async () => {
    const fetchMock = mockFetch(shellApi({ [`GET /v1/articles/${article.id}`]: serverDown }));
    renderApp({ path: `/v/${article.id}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'This article could not be loaded.' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith(`/v1/articles/${article.id}`))).toHaveLength(2),
    );
  });
});
