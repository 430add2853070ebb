import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ArticleAiWork, ArticleTranslation } from '@newsreel/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { bodyOf, moderatorUser, signedInAs } from '../test/admin-api';
import { articleFixture, contentApi } from '../test/content-api';
import { requestsTo } from '../test/people-api';

afterEach(() => setAccessToken(null));

describe("an article's AI section", () => {
  it('translates into a chosen language in the background and shows the job’s state until it is done', { timeout: 120_000 }, async () => {
    const article = articleFixture();
    const queued: ArticleTranslation = {
      articleId: article.id,
      language: 'fr',
      state: 'queued',
      jobId: 'job-1',
      title: null,
      description: null,
      summary: null,
      cueCount: null,
      provider: 'openai-compatible:test',
      error: null,
      requestedAt: '2026-11-26T08:00:00.000Z',
      completedAt: null,
    };
    let work: ArticleAiWork = {
      articleId: article.id,
      translationProvider: 'openai-compatible:test',
      summary: { method: 'extractive', provider: 'built-in', sourceLanguage: 'en', durationMs: 3, createdAt: '2026-11-26T07:00:00.000Z' },
      translations: [],
    };
    const fetchMock = mockFetch(
      contentApi(
        {
          [`GET /v1/admin/articles/${article.id}/ai`]: () => work,
          [`POST /v1/admin/articles/${article.id}/translate`]: () => {
            work = { ...work, translations: [queued] };
            return jsonResponse(queued, 202);
          },
        },
        [article],
      ),
    );
    renderApp({ path: `/admin/articles/${article.id}`, state: signedInAs(moderatorUser) });
    const section = await screen.findByRole('region', { name: 'AI' }, { timeout: 80_000 });
    expect(await within(section).findByText(/built-in summary.*\(extractive\)/)).toBeTruthy();
    const translate = within(section).getByRole('button', { name: 'Translate' });
    expect(translate.hasAttribute('disabled')).toBe(true);

    fireEvent.mouseDown(within(section).getByRole('combobox', { name: 'Translate into' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'French' }));
    fireEvent.click(translate);
    await waitFor(() => expect(requestsTo(fetchMock, `/v1/admin/articles/${article.id}/translate`, 'POST')).toHaveLength(1));
    expect(bodyOf(requestsTo(fetchMock, `/v1/admin/articles/${article.id}/translate`, 'POST')[0]!.init)).toEqual({ language: 'fr' });
    expect(await within(section).findByText('Being translated')).toBeTruthy();

    // The job ends; the section reads its state again by itself.
    work = { ...work, translations: [{ ...queued, state: 'done', title: '[fr] Le pont du port rouvre', cueCount: 12, completedAt: '2026-11-26T08:00:05.000Z' }] };
    expect(await within(section).findByText('Translated', {}, { timeout: 10_000 })).toBeTruthy();
    expect(within(section).getByText('[fr] Le pont du port rouvre')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Watch with the translated transcript (lines: 12)' }).getAttribute('href')).toBe(`/v/${article.id}?language=fr`);
  });

  it('says when no translation provider is configured, and offers no translation', { timeout: 120_000 }, async () => {
    const article = articleFixture();
    mockFetch(contentApi({}, [article]));
    renderApp({ path: `/admin/articles/${article.id}`, state: signedInAs(moderatorUser) });
    const section = await screen.findByRole('region', { name: 'AI' }, { timeout: 80_000 });
    expect(await within(section).findByText(/No translation provider is configured/)).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Translate' }).hasAttribute('disabled')).toBe(true);
  });
});
