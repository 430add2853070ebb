import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MediaSource, MediaType, type PosterChange } from '@newsreel/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { signedInAs } from '../../admin/test/admin-api';
import { articleFixture, editorUser, manageApi } from '../test/manage-api';

afterEach(() => setAccessToken(null));

const ASSET_ID = '5b0c7a52-1f3e-4c61-9d2a-7e8f90a1b2c3';
/** An article whose only file is named by address (not in the media store). */
const base = articleFixture({ media: articleFixture().media.map((file) => ({ ...file, source: MediaSource.DIRECT, url: 'https://cdn.harbour.example/bridge.webm' })) });
const article = articleFixture({
  media: [{ id: ASSET_ID, type: MediaType.AUDIO, source: 1, url: `/media/articles/${base.id}/${ASSET_ID}.mp3`, fileType: 'audio/mpeg', fileSize: 80_000, language: 'en', durationSeconds: 60 }],
});
const IMAGE = 'https://images.harbour.example/bridge.jpg';
const change: PosterChange = { articleId: article.id, posterUrl: `/media/posters/${ASSET_ID}/imported.jpg`, appliesAt: '2026-11-27T07:00:00.000Z', applied: true };

describe('the studio’s thumbnail import', () => {
  it('imports an image by its address, showing a refusal under the field and the new poster once it worked', async () => {
    let answers = 0;
    const fetchMock = mockFetch(
      manageApi({
        [`GET /v1/manage/articles/${article.id}`]: () => article,
        [`PUT /v1/manage/player/media/${ASSET_ID}/thumbnail/import`]: () => {
          answers += 1;
          return answers === 1
            ? jsonResponse({ statusCode: 400, error: 'Bad Request', message: 'The address resolves to a private network address (10.0.0.1), which is refused.' }, 400)
            : change;
        },
      }),
    );
    renderApp({ path: `/manage/articles/${article.id}`, state: signedInAs(editorUser) });
    const region = await screen.findByRole('region', { name: 'Import a poster' }, { timeout: 5000 });
    const field = within(region).getByRole('textbox', { name: 'Image address' });

    // Not an address: said at once, nothing sent.
    fireEvent.change(field, { target: { value: 'bridge.jpg' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Import poster' }));
    expect(within(region).getByText('An address starting with http:// or https://, without spaces.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(field, { target: { value: IMAGE } });
    fireEvent.click(within(region).getByRole('button', { name: 'Import poster' }));
    expect(await within(region).findByText('The image was not imported: The address resolves to a private network address (10.0.0.1), which is refused.')).toBeTruthy();
    // The message is the field's description, read with it.
    const describedBy = field.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toMatch(/^The image was not imported/);

    fireEvent.click(within(region).getByRole('button', { name: 'Import poster' }));
    expect(await screen.findByText("The imported image is now the article's poster.")).toBeTruthy();
    expect(within(region).getByRole('img', { name: "The article's new poster" }).getAttribute('src')).toBe(change.posterUrl);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('false'));
    const bodies = fetchMock.mock.calls.filter(([input]) => String(input).includes('/thumbnail/import')).map(([, init]) => JSON.parse(String(init?.body)));
    expect(bodies).toEqual([{ url: IMAGE }, { url: IMAGE }]);
  });

  it('asks for an uploaded file first when the article has none', async () => {
    mockFetch(manageApi({ [`GET /v1/manage/articles/${base.id}`]: () => base }));
    renderApp({ path: `/manage/articles/${base.id}`, state: signedInAs(editorUser) });
    const region = await screen.findByRole('region', { name: 'Import a poster' }, { timeout: 5000 });
    expect(within(region).getByText(/Upload a file above first/)).toBeTruthy();
    expect(within(region).queryByRole('textbox')).toBeNull();
  });
});
