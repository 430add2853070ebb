import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MediaType, type AdminMediaAsset, type MediaPipelineReport, adminApiPaths } from '@newsreel/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { mockFetch, type FetchHandler } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { bodyOf, moderatorUser, signedInAs } from '../test/admin-api';
import { collectionsApi, harbourStory } from '../test/collections-api';
import { articleFixture, contentApi } from '../test/content-api';

afterEach(() => {
  setAccessToken(null);
  vi.unstubAllGlobals();
});

const article = articleFixture();
const video: AdminMediaAsset = {
  id: '00000000-0000-4000-8000-000000007001',
  type: MediaType.VIDEO,
  source: 2,
  url: '/media/demo/harbour/video.webm',
  fileType: 'video/webm',
  fileSize: 2_400_000,
  language: 'en',
  durationSeconds: 75,
  width: 640,
  height: 360,
  poster: '/media/posters/7001/poster.jpg',
  processedAt: '2026-11-26T10:00:00.000Z',
  processing: false,
  createdAt: '2026-11-26T09:00:00.000Z',
};

function sentTo(fetchMock: ReturnType<typeof mockFetch>, method: string, pathname: string) {
  return fetchMock.mock.calls
    .filter(([input, init]) => new URL(String(input), 'http://localhost').pathname === pathname && (init?.method ?? 'GET') === method)
    .map(([, init]) => (init?.body ? bodyOf(init) : undefined));
}

function renderArticle(overrides: Record<string, FetchHandler> = {}) {
  const fetchMock = mockFetch(contentApi({ [`GET ${adminApiPaths.articleMediaAssets(article.id)}`]: () => [video], ...overrides }, [article]));
  renderApp({ path: `/admin/articles/${article.id}`, state: signedInAs(moderatorUser) });
  return { sent: (method: string, pathname: string) => sentTo(fetchMock, method, pathname) };
}

describe('an article’s media in the console', () => {
  it('lists each file with its type, size, language and duration, and removes one after asking', async () => {
    const { sent } = renderArticle({ [`DELETE ${adminApiPaths.articleMediaAsset(article.id, video.id)}`]: () => null });
    const section = await screen.findByRole('region', { name: 'Media' }, { timeout: 15_000 });
    const item = within(await within(section).findByRole('list', { name: 'Media files' })).getByRole('listitem');
    expect(item.textContent).toContain('Video');
    expect(item.textContent).toContain('/media/demo/harbour/video.webm');
    expect(item.textContent).toContain('video/webm · 2.4 MB · English · 1:15 · 640 × 360');
    fireEvent.click(within(item).getByRole('button', { name: 'Remove the Video file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this media file?' });
    expect(sent('DELETE', adminApiPaths.articleMediaAsset(article.id, video.id))).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent('DELETE', adminApiPaths.articleMediaAsset(article.id, video.id))).toHaveLength(1));
  }, 60_000);

  it('checks a new file as the server does, then adds it by its address', async () => {
    const { sent } = renderArticle({
      [`POST ${adminApiPaths.articleMediaAssets(article.id)}`]: ({ init }) => ({ asset: { ...video, ...(bodyOf(init) as object), id: video.id.replace('7001', '7002') }, processingJobId: 'job-1' }),
    });
    const section = await screen.findByRole('region', { name: 'Media' }, { timeout: 15_000 });
    const form = within(section).getByRole('form', { name: 'Add a file by its address' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add file' }));
    expect(await within(form).findByText('Enter a MIME type such as video/webm.')).toBeTruthy();
    expect(within(form).getByText("Enter the file's address.")).toBeTruthy();

    fireEvent.change(within(form).getByRole('textbox', { name: 'File type' }), { target: { value: 'audio/mpeg' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Address' }), { target: { value: 'ftp://files.example/a.mp3' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Size in bytes' }), { target: { value: '-3' } });
    expect(within(form).getByText('For this media type the file type must be video/….')).toBeTruthy();
    expect(within(form).getByText('Enter a path on this server starting with / or an http(s):// address, without spaces.')).toBeTruthy();
    expect(within(form).getByText('Enter the size as a whole number of bytes, at least 1.')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Add file' }));
    expect(sent('POST', adminApiPaths.articleMediaAssets(article.id))).toEqual([]);

    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Media type' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Transcript' }));
    fireEvent.change(within(form).getByRole('textbox', { name: 'File type' }), { target: { value: 'text/vtt' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Address' }), { target: { value: '/media/demo/harbour/captions.vtt' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Size in bytes' }), { target: { value: '' } });
    expect(within(form).getByText('A transcript needs its language.')).toBeTruthy();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Language' }), { target: { value: 'en' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add file' }));
    expect(await screen.findByText('The file was added and queued for processing.')).toBeTruthy();
    expect(sent('POST', adminApiPaths.articleMediaAssets(article.id))).toEqual([{ type: MediaType.TRANSCRIPT, fileType: 'text/vtt', url: '/media/demo/harbour/captions.vtt', language: 'en' }]);
  }, 60_000);

  it('tests the media pipeline and shows each stage’s result, time and error', async () => {
    const report: MediaPipelineReport = {
      articleId: article.id,
      url: video.url,
      ok: false,
      stages: [
        { stage: 'read', status: 'ok', durationMs: 2, error: null, result: { url: video.url!, bytes: 2_400_000 } },
        { stage: 'probe', status: 'ok', durationMs: 140, error: null, result: { format: 'matroska,webm', durationSeconds: 75, width: 640, height: 360, hasVideo: true, hasAudio: true } },
        { stage: 'poster', status: 'failed', durationMs: 90, error: 'ffmpeg could not read the file: Invalid data found', result: {} },
        { stage: 'transcript', status: 'skipped', durationMs: 0, error: 'The article has no transcript file (media type 4) to parse.', result: {} },
      ],
    };
    const { sent } = renderArticle({ [`POST ${adminApiPaths.articleTestMediaPipeline(article.id)}`]: () => report });
    const section = await screen.findByRole('region', { name: 'Media' }, { timeout: 15_000 });
    fireEvent.click(within(section).getByRole('button', { name: 'Test media pipeline' }));
    const stages = await within(section).findByRole('list', { name: 'Media pipeline stages' });
    expect(sent('POST', adminApiPaths.articleTestMediaPipeline(article.id))).toEqual([undefined]);
    expect(within(section).getByText('A stage of the pipeline failed; its error is shown below. Nothing was changed.')).toBeTruthy();
    const [read, probe, poster, transcript] = within(stages).getAllByRole('listitem');
    expect(read!.textContent).toContain('Reading the file');
    expect(read!.textContent).toContain('Worked');
    expect(probe!.textContent).toContain('matroska,webm · 1:15 · 640 × 360');
    expect(probe!.textContent).toContain('140 ms');
    expect(poster!.textContent).toContain('Failed');
    expect(poster!.textContent).toContain('ffmpeg could not read the file: Invalid data found');
    expect(transcript!.textContent).toContain('Skipped');
  }, 60_000);
});

/** An XMLHttpRequest that the test drives: it reports upload progress and answers when told. */
class FakeUpload {
  static last: FakeUpload | undefined;
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeUpload.last = this;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  finish(status: number) {
    this.status = status;
    this.responseText = '{}';
    this.onload?.();
  }
}

describe('a story’s images and videos in the console', () => {
  it('declares a file, uploads its bytes with progress, and refuses another kind before sending anything', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const declared: AdminMediaAsset = { ...video, id: video.id.replace('7001', '7003'), type: MediaType.IMAGE, source: 1, url: null, fileType: 'image/png', fileSize: null, language: null, durationSeconds: null, width: null, height: null, poster: null, processedAt: null, processing: false };
    const fetchMock = mockFetch(
      collectionsApi({
        [`GET ${adminApiPaths.storyAssets(harbourStory.id)}`]: () => [],
        [`POST ${adminApiPaths.storyAssets(harbourStory.id)}`]: () => ({ asset: declared, uploadUrl: adminApiPaths.storyAssetFile(harbourStory.id, declared.id) }),
      }),
    );
    renderApp({ path: `/admin/stories/${harbourStory.id}`, state: signedInAs(moderatorUser) });
    const section = await screen.findByRole('region', { name: 'Images and videos' }, { timeout: 15_000 });
    expect(await within(section).findByText('This story has no images or videos yet.')).toBeTruthy();
    const input = section.querySelector('input[type="file"]') as HTMLInputElement;

    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' })] } });
    expect(within(section).getByText('Choose a JPEG, PNG, WebP or GIF image, or an MP4 or WebM video.')).toBeTruthy();
    expect(sentTo(fetchMock, 'POST', adminApiPaths.storyAssets(harbourStory.id))).toEqual([]);

    const file = new File([new Uint8Array(2048)], 'harbour.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(FakeUpload.last).toBeDefined());
    expect(sentTo(fetchMock, 'POST', adminApiPaths.storyAssets(harbourStory.id))).toEqual([{ fileType: 'image/png' }]);
    const upload = FakeUpload.last!;
    expect(upload.url).toBe(adminApiPaths.storyAssetFile(harbourStory.id, declared.id));
    expect(upload.headers['Content-Type']).toBe('image/png');
    expect(upload.body).toBe(file);
    act(() => upload.progress(512, 2048));
    expect(within(section).getByRole('progressbar', { name: 'Uploading the file' }).getAttribute('aria-valuenow')).toBe('25');
    expect(within(section).getByText('25% uploaded')).toBeTruthy();
    act(() => upload.finish(200));
    expect(await screen.findByText('The file was uploaded.')).toBeTruthy();
  }, 60_000);
});
