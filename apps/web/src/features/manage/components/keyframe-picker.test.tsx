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
/** The demo's video added by address, and a video uploaded in the studio (12 s long). */
const article = articleFixture({
  media: [
    ...base.media,
    { id: ASSET_ID, type: MediaType.VIDEO, source: 1, url: `/media/articles/${base.id}/${ASSET_ID}.mp4`, fileType: 'video/mp4', fileSize: 80_000, language: null, durationSeconds: 12 },
  ],
});
const change: PosterChange = { articleId: article.id, posterUrl: `/media/posters/${ASSET_ID}/poster-1.jpg`, appliesAt: '2026-11-27T07:00:00.000Z', applied: true };

/** The bodies PUT to the key-frame route of `assetId`. */
function keyframeBodies(fetchMock: ReturnType<typeof mockFetch>, assetId: string): unknown[] {
  return fetchMock.mock.calls.filter(([input, init]) => String(input).endsWith(`/v1/manage/player/media/${assetId}/keyframe`) && init?.method === 'PUT').map(([, init]) => JSON.parse(String(init?.body)));
}

describe('the studio’s key-frame picker', () => {
  it('scrubs the uploaded video with a keyboard-usable slider and makes the frame at that second the poster', async () => {
    const fetchMock = mockFetch(
      manageApi({
        [`GET /v1/manage/articles/${article.id}`]: () => article,
        [`PUT /v1/manage/player/media/${ASSET_ID}/keyframe`]: () => change,
      }),
    );
    renderApp({ path: `/manage/articles/${article.id}`, state: signedInAs(editorUser) });
    const region = await screen.findByRole('region', { name: 'Poster from a frame' }, { timeout: 5000 });
    const video = region.querySelector('video')!;
    // The uploaded file, not the one added by address (which has no id the server's poster routes take).
    expect(video.getAttribute('src')).toBe(`/media/articles/${base.id}/${ASSET_ID}.mp4`);
    expect(video.getAttribute('aria-label')).toBe("The article's video");

    const slider = within(region).getByRole('slider', { name: 'Frame position' });
    expect(slider.getAttribute('aria-valuemax')).toBe('12');
    fireEvent.change(slider, { target: { value: '4.5' } });
    expect(within(region).getByText('Frame at 4.5 sec')).toBeTruthy();
    expect(video.currentTime).toBe(4.5);
    expect(slider.getAttribute('aria-valuetext')).toBe('4.5 sec');
    // The arrow keys move it a tenth of a second.
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(within(region).getByText('Frame at 4.6 sec')).toBeTruthy();

    fireEvent.click(within(region).getByRole('button', { name: 'Use this frame' }));
    expect(await screen.findByText("The frame at 4.6 sec is now the article's poster.")).toBeTruthy();
    expect(keyframeBodies(fetchMock, ASSET_ID)).toEqual([{ articleId: article.id, position: 4.6 }]);

    // Played with the video's own controls: its time, a hair off the tenth, is the one sent.
    video.currentTime = 7.2999;
    fireEvent.timeUpdate(video);
    expect(within(region).getByText('Frame at 7.3 sec')).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: 'Use this frame' }));
    await waitFor(() => expect(keyframeBodies(fetchMock, ASSET_ID)).toEqual([{ articleId: article.id, position: 4.6 }, { articleId: article.id, position: 7.3 }]));
    expect(within(region).getByRole('img', { name: "The article's new poster" }).getAttribute('src')).toBe(change.posterUrl);
    expect(within(region).getByText('Readers see the new poster from now on.')).toBeTruthy();
  });

  it('shows the server’s refusal, and says a video must be uploaded first when there is none', async () => {
    mockFetch(
      manageApi({
        [`GET /v1/manage/articles/${article.id}`]: () => article,
        [`PUT /v1/manage/player/media/${ASSET_ID}/keyframe`]: () =>
          jsonResponse({ statusCode: 409, error: 'Conflict', message: 'No key frame could be drawn: the file is missing.' }, 409),
      }),
    );
    renderApp({ path: `/manage/articles/${article.id}`, state: signedInAs(editorUser) });
    const region = await screen.findByRole('region', { name: 'Poster from a frame' }, { timeout: 5000 });
    fireEvent.click(within(region).getByRole('button', { name: 'Use this frame' }));
    await waitFor(() => expect(within(region).getByRole('alert').textContent).toBe('The frame could not be used: No key frame could be drawn: the file is missing.'));
    expect(within(region).queryByRole('img')).toBeNull();
  });

  it('asks for an uploaded video when the article has only files added by address', async () => {
    mockFetch(manageApi({ [`GET /v1/manage/articles/${base.id}`]: () => base }));
    renderApp({ path: `/manage/articles/${base.id}`, state: signedInAs(editorUser) });
    const region = await screen.findByRole('region', { name: 'Poster from a frame' }, { timeout: 5000 });
    expect(within(region).getByText('Upload a video above to pick a frame of it as the poster.')).toBeTruthy();
    expect(region.querySelector('video')).toBeNull();
  });
});
