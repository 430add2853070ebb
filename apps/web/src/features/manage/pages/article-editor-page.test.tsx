import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ArticleStatus, MediaType, ReviewStatus, type ManageArticleBundleCreateBody } from '@newsreel/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { signedInAs } from '../../admin/test/admin-api';
import { articleFixture, editorUser, manageApi, sport } from '../test/manage-api';

afterEach(() => setAccessToken(null));

/** The bodies sent with `method` to a bundle route, in order. */
function bodies(fetchMock: ReturnType<typeof mockFetch>, method: string): ManageArticleBundleCreateBody[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => String(input).includes('/v1/manage/articles/bundle') && init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)) as ManageArticleBundleCreateBody);
}

const DESCRIPTION = 'The night ferries to the outer islands run again from Monday, after the harbour repaired the north pier.';

function fillArticle() {
  fireEvent.change(screen.getByRole('textbox', { name: /^Title/ }), { target: { value: 'Night ferries return to the outer islands' } });
  fireEvent.change(screen.getByRole('textbox', { name: /^Description/ }), { target: { value: DESCRIPTION } });
  fireEvent.click(screen.getByRole('button', { name: 'Add a file' }));
  fireEvent.change(screen.getByRole('textbox', { name: 'Address' }), { target: { value: 'https://cdn.harbour.example/ferries.webm' } });
}

describe('the studio’s article editor', () => {
  it('says what falls short as the publisher types, with the API’s minimums, and sends nothing until it is right', async () => {
    const fetchMock = mockFetch(manageApi());
    renderApp({ path: '/manage/articles/new', state: signedInAs(editorUser) });
    const title = await screen.findByRole('textbox', { name: /^Title/ });
    fireEvent.change(title, { target: { value: 'Ferries' } });
    expect(await screen.findByText('At least 12 characters (7 now).')).toBeTruthy();
    // The slug follows the title until it is typed in.
    expect((screen.getByRole('textbox', { name: /^Slug/ }) as HTMLInputElement).value).toBe('ferries');
    fireEvent.change(screen.getByRole('textbox', { name: /^Description/ }), { target: { value: 'Too short.' } });
    expect(await screen.findByText('At least 50 characters (10 now).')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send for review' }));
    await waitFor(() => expect(screen.getAllByText(/At least/).length).toBeGreaterThanOrEqual(2));
    expect(bodies(fetchMock, 'POST')).toEqual([]);
  });

  it('creates the article in one bundle with its media, and shows the API’s refusal at the field it names', async () => {
    let answers = 0;
    const fetchMock = mockFetch(
      manageApi({
        'POST /v1/manage/articles/bundle': () => {
          answers += 1;
          if (answers === 1) return jsonResponse({ statusCode: 409, error: 'Conflict', message: 'Another article already has the slug "night-ferries-return-to-the-outer-islands"; choose another.' }, 409);
          if (answers === 2) return jsonResponse({ statusCode: 400, error: 'Bad Request', message: 'body.categoryIds holds 123, which names no category.' }, 400);
          return jsonResponse(articleFixture({ status: ArticleStatus.REVIEW, reviewStatus: ReviewStatus.AWAITING_REVIEW }), 201);
        },
      }),
    );
    const { router } = renderApp({ path: '/manage/articles/new', state: signedInAs(editorUser) });
    await screen.findByRole('textbox', { name: /^Title/ });
    fillArticle();
    fireEvent.change(screen.getByRole('textbox', { name: 'Summary' }), { target: { value: '  Night ferries run again from Monday.  ' } });
    expect((screen.getByRole('textbox', { name: 'File type' }) as HTMLInputElement).value).toBe('video/webm');

    fireEvent.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(await screen.findByText(/Another article already has the slug/)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Slug/ }).getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByRole('textbox', { name: /^Slug/ }), { target: { value: 'night-ferries-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(await screen.findByText('body.categoryIds holds 123, which names no category.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Send for review' }));
    await waitFor(() => expect(router.location().pathname).toBe('/manage/articles'));
    expect(await screen.findByText('The article was saved and sent for review.')).toBeTruthy();
    expect(bodies(fetchMock, 'POST').at(-1)).toEqual({
      title: 'Night ferries return to the outer islands',
      slug: 'night-ferries-2026',
      description: DESCRIPTION,
      summary: 'Night ferries run again from Monday.',
      breaking: false,
      categoryIds: [],
      scheduledAt: null,
      media: [{ type: MediaType.VIDEO, url: 'https://cdn.harbour.example/ferries.webm', fileType: 'video/webm' }],
      submit: true,
    });
  });

  it('edits an article of the publisher, warning that a live one goes through review again', async () => {
    const live = articleFixture({ status: ArticleStatus.ACTIVE, reviewStatus: ReviewStatus.APPROVED, live: true, media: [{ id: '00000000-0000-4000-8000-000000000452', type: 1, source: 2, url: 'https://cdn.harbour.example/bridge.mp4', fileType: 'video/mp4', fileSize: 1, language: 'en', durationSeconds: 83 }] });
    const fetchMock = mockFetch(
      manageApi({
        [`GET /v1/manage/articles/${live.id}`]: () => live,
        [`PUT /v1/manage/articles/bundle/${live.id}`]: () => ({ ...live, status: ArticleStatus.REVIEW, live: false, updatedAt: '2026-11-27T04:00:00.000Z' }),
      }),
    );
    renderApp({ path: `/manage/articles/${live.id}`, state: signedInAs(editorUser) });
    expect(await screen.findByText(/Saving a change takes it off the feeds at once/)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /^Title/ }) as HTMLInputElement).value).toBe(live.title);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Categories' }));
    fireEvent.click(await screen.findByRole('option', { name: sport.name }));
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(bodies(fetchMock, 'PUT')).toHaveLength(1));
    expect(bodies(fetchMock, 'PUT')[0]).toMatchObject({
      title: live.title,
      categoryIds: [live.categories[0]!.id, sport.id],
      location: null,
      media: [{ type: MediaType.VIDEO, url: 'https://cdn.harbour.example/bridge.mp4', fileType: 'video/mp4' }],
      submit: false,
    });
  });
});
