import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MediaSource, MediaType, type AdminMediaFile } from '@newsreel/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { signedInAs } from '../../admin/test/admin-api';
import { guessUploadType, uploadedMediaOf } from '../api/player-media';
import { articleFixture, editorUser, manageApi } from '../test/manage-api';

/** The tus uploads the section started: their file, options, and whether they were aborted. */
const uploads = vi.hoisted(() => [] as { file: File; options: Record<string, unknown>; started: boolean; aborted: boolean | null }[]);

vi.mock('tus-js-client', () => ({
  Upload: class {
    record: (typeof uploads)[number];
    constructor(file: File, options: Record<string, unknown>) {
      this.record = { file, options, started: false, aborted: null };
      uploads.push(this.record);
    }
    findPreviousUploads() {
      return Promise.resolve([]);
    }
    start() {
      this.record.started = true;
    }
    abort(terminate: boolean) {
      this.record.aborted = terminate;
      return Promise.resolve();
    }
  },
}));

type Options = {
  endpoint: string;
  metadata: Record<string, string>;
  onBeforeRequest(request: { setHeader(name: string, value: string): void }): void;
  onProgress(sent: number, total: number): void;
  onSuccess(payload: { lastResponse: { getHeader(name: string): string | undefined } }): void;
  onError(error: Error & { originalResponse?: { getStatus(): number; getBody(): string } | null }): void;
};
const optionsOf = (index: number) => uploads[index]!.options as unknown as Options;

const ASSET_ID = '5b0c7a52-1f3e-4c61-9d2a-7e8f90a1b2c3';
const article = articleFixture();
const uploaded: AdminMediaFile = {
  id: ASSET_ID,
  type: MediaType.VIDEO,
  source: MediaSource.MEDIA_STORE,
  url: `/media/articles/${article.id}/${ASSET_ID}.mp4`,
  fileType: 'video/mp4',
  fileSize: 10_000,
  language: null,
  durationSeconds: null,
};

beforeEach(() => {
  uploads.length = 0;
});
afterEach(() => setAccessToken(null));

async function chooseFile(file: File) {
  const region = await screen.findByRole('region', { name: 'Upload media' }, { timeout: 5000 });
  fireEvent.change(region.querySelector('input[type="file"]')!, { target: { files: [file] } });
  return region;
}

describe('the studio’s media upload', () => {
  it('guesses the media type from the file, and tells uploaded files from those named by address', () => {
    expect(guessUploadType({ name: 'clip.mp4', type: 'video/mp4' })).toBe(MediaType.VIDEO);
    expect(guessUploadType({ name: 'talk.mp3', type: 'audio/mpeg' })).toBe(MediaType.AUDIO);
    expect(guessUploadType({ name: 'still.png', type: 'image/png' })).toBe(MediaType.IMAGE);
    expect(guessUploadType({ name: 'words.srt', type: '' })).toBe(MediaType.TRANSCRIPT);
    expect(guessUploadType({ name: 'words.vtt', type: 'text/vtt' })).toBe(MediaType.TRANSCRIPT);
    const byAddress = { ...uploaded, id: '00000000-0000-4000-8000-000000000999', source: MediaSource.DIRECT, url: 'https://cdn.harbour.example/bridge.mp4' };
    expect(uploadedMediaOf([uploaded, byAddress]).map((file) => file.id)).toEqual([ASSET_ID]);
  });

  it('uploads with tus, showing percent and bytes, then lists the new file and reads the article again', async () => {
    let reads = 0;
    mockFetch(
      manageApi({
        [`GET /v1/manage/articles/${article.id}`]: () => {
          reads += 1;
          return reads === 1 ? article : { ...article, media: [...article.media, uploaded] };
        },
      }),
    );
    renderApp({ path: `/manage/articles/${article.id}`, state: signedInAs(editorUser) });
    const region = await chooseFile(new File([new Uint8Array(10_000)], 'harbour-clip.mp4', { type: 'video/mp4' }));
    expect(within(region).getByText(/^harbour-clip\.mp4 \(10 kB\)$/)).toBeTruthy();
    expect(within(region).getByRole('combobox', { name: 'Media type' }).textContent).toBe('Video');
    fireEvent.click(within(region).getByRole('button', { name: 'Upload' }));

    await waitFor(() => expect(uploads[0]?.started).toBe(true));
    const options = optionsOf(0);
    expect(options.endpoint).toBe('http://localhost:3000/v1/manage/player/media');
    expect(options.metadata).toEqual({ articleId: article.id, type: 'video', filename: 'harbour-clip.mp4' });
    const headers: Record<string, string> = {};
    options.onBeforeRequest({ setHeader: (name, value) => (headers[name] = value) });
    expect(headers).toEqual({ Authorization: 'Bearer user-token' });

    options.onProgress(2_500, 10_000);
    const progress = await within(region).findByRole('progressbar', { name: 'Uploading harbour-clip.mp4' });
    await waitFor(() => expect(progress.getAttribute('aria-valuenow')).toBe('25'));
    expect(within(region).getByText('25% · 2.5 kB of 10 kB')).toBeTruthy();
    expect((within(region).getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);

    options.onSuccess({ lastResponse: { getHeader: (name) => (name === 'Media-Asset-Id' ? ASSET_ID : undefined) } });
    expect(await screen.findByText('harbour-clip.mp4 was uploaded. It is being processed: its length and poster follow shortly.')).toBeTruthy();
    const row = await within(region).findByText(`${ASSET_ID}.mp4`);
    // Still being processed: marked so, and read again until it is.
    expect(within(row.closest('li')!).getByText('Processing')).toBeTruthy();
    expect(within(region).queryByRole('progressbar')).toBeNull();
  });

  it('says why the server refused the file, with the server’s words, and cancels an upload with DELETE', async () => {
    mockFetch(manageApi({ [`GET /v1/manage/articles/${article.id}`]: () => article }));
    renderApp({ path: `/manage/articles/${article.id}`, state: signedInAs(editorUser) });
    const region = await chooseFile(new File(['not a video'], 'notes.mp4', { type: 'video/mp4' }));
    fireEvent.click(within(region).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(uploads[0]?.started).toBe(true));
    const message = 'The file is not a video this server takes (video/mp4, video/webm, video/quicktime), judged by its bytes; nothing was stored.';
    optionsOf(0).onError(
      Object.assign(new Error('tus: unexpected response while uploading chunk'), {
        originalResponse: { getStatus: () => 415, getBody: () => JSON.stringify({ statusCode: 415, error: 'Upload refused', message }) },
      }),
    );
    expect((await within(region).findByRole('alert')).textContent).toBe(`The file is not that type of media. ${message}`);

    // A file too large is refused when the upload is created.
    fireEvent.click(within(region).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(uploads[1]?.started).toBe(true));
    optionsOf(1).onError(
      Object.assign(new Error('tus: unexpected response while creating upload'), {
        originalResponse: { getStatus: () => 413, getBody: () => JSON.stringify({ statusCode: 413, error: 'Payload Too Large', message: 'A video may be at most 4096 MB; this one is 5000 MB.' }) },
      }),
    );
    await waitFor(() => expect(within(region).getByRole('alert').textContent).toBe('The file is too large. A video may be at most 4096 MB; this one is 5000 MB.'));

    // No answer at all: the connection.
    fireEvent.click(within(region).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(uploads[2]?.started).toBe(true));
    optionsOf(2).onError(new Error('tus: failed to upload chunk'));
    await waitFor(() => expect(within(region).getByRole('alert').textContent).toMatch(/^The upload could not reach the server\./));

    // Cancelled midway: aborted with the server's copy removed (tus DELETE).
    fireEvent.click(within(region).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(uploads[3]?.started).toBe(true));
    optionsOf(3).onProgress(4, 11);
    fireEvent.click(await within(region).findByRole('button', { name: 'Cancel upload' }));
    await waitFor(() => expect(uploads[3]!.aborted).toBe(true));
    expect(await screen.findByText('The upload was cancelled and what arrived was removed.')).toBeTruthy();
    expect(within(region).queryByRole('progressbar')).toBeNull();
  });

  it('asks for a saved draft before media can be uploaded to a new article', async () => {
    mockFetch(manageApi());
    renderApp({ path: '/manage/articles/new', state: signedInAs(editorUser) });
    const region = await screen.findByRole('region', { name: 'Upload media' }, { timeout: 5000 });
    expect(within(region).getByText(/Save this article as a draft first/)).toBeTruthy();
    expect(region.querySelector('input[type="file"]')).toBeNull();
  });
});
