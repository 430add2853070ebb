import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ManagedPublisher } from '@newsreel/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { signedInAs } from '../../admin/test/admin-api';
import { cityNews, editorUser, manageApi } from '../test/manage-api';

afterEach(() => {
  setAccessToken(null);
  vi.unstubAllGlobals();
});

/** The editor works for City News, whose admin they are. */
const cityAdmin = { ...editorUser, activePublisherId: cityNews.id };
const managed: ManagedPublisher = { ...cityNews, assets: { logo: null, banner: null }, updatedAt: '2026-11-26T09:00:00.000Z' };
const settingsPath = `/v1/manage/publishers/${cityNews.id}/settings`;

/** The bodies sent with `method` to `path`, in order. */
function sent(fetchMock: ReturnType<typeof mockFetch>, method: string, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => new URL(String(input), 'http://localhost').pathname === path && init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

/** An XMLHttpRequest that the test drives: it reports upload progress and answers when told. */
class FakeUpload {
  static last: FakeUpload | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeUpload.last = this;
  }
}

describe('the publisher’s settings', () => {
  it('are for the publisher’s admins only', async () => {
    mockFetch(manageApi({ [`GET ${settingsPath}`]: () => managed }));
    renderApp({ path: '/manage/settings', state: signedInAs(editorUser) });
    expect(await screen.findByText('Only your publisher\'s admins can change its settings and branding.')).toBeTruthy();
  });

  it('checks the colours as they are typed, previews the card with them, and saves them', async () => {
    const fetchMock = mockFetch(
      manageApi({
        [`GET ${settingsPath}`]: () => managed,
        [`PUT ${settingsPath}/branding`]: () => ({ ...managed, branding: { primaryColour: '#0A84FF' } }),
      }),
    );
    renderApp({ path: '/manage/settings', state: signedInAs(cityAdmin) });
    const colours = await screen.findByRole('form', { name: 'Colours' });
    const primary = within(colours).getByRole('textbox', { name: 'Primary colour' });
    fireEvent.change(primary, { target: { value: 'blue-ish' } });
    expect(within(colours).getByText(/A colour such as/)).toBeTruthy();
    expect((within(colours).getByRole('button', { name: 'Save the colours' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(primary, { target: { value: '#0A84FF' } });
    // The card readers see, drawn with the colour typed.
    const preview = screen.getByText('Preview of your card').parentElement as HTMLElement;
    expect(within(preview).getByText('City News')).toBeTruthy();
    fireEvent.click(within(colours).getByRole('button', { name: 'Save the colours' }));
    await waitFor(() => expect(sent(fetchMock, 'PUT', `${settingsPath}/branding`)).toEqual([{ primaryColour: '#0A84FF', secondaryColour: null, backgroundColour: null }]));
  });

  it('saves the details, and shows the API’s refusal', async () => {
    const fetchMock = mockFetch(
      manageApi({
        [`GET ${settingsPath}`]: () => managed,
        [`PUT ${settingsPath}`]: () => jsonResponse({ statusCode: 400, error: 'Bad Request', message: 'body.website must match format "uri"' }, 400),
      }),
    );
    renderApp({ path: '/manage/settings', state: signedInAs(cityAdmin) });
    const details = await screen.findByRole('form', { name: 'Details' });
    fireEvent.change(within(details).getByRole('textbox', { name: 'Website' }), { target: { value: 'city news' } });
    expect(within(details).getByText('An address starting with http:// or https://.')).toBeTruthy();
    fireEvent.change(within(details).getByRole('textbox', { name: 'Website' }), { target: { value: 'https://city.example' } });
    fireEvent.click(within(details).getByRole('button', { name: 'Save' }));
    expect(await within(details).findByText('body.website must match format "uri"')).toBeTruthy();
    expect(sent(fetchMock, 'PUT', settingsPath)).toEqual([{ name: 'City News', description: cityNews.description, website: 'https://city.example', defaultLanguage: 'en', defaultRegionId: 0 }]);
  });

  it('declares a logo, sends its bytes to the upload address with the user’s token, and shows how far it has got', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const uploadUrl = `${settingsPath}/branding/logo`;
    const fetchMock = mockFetch(
      manageApi({
        [`GET ${settingsPath}`]: () => managed,
        [`PUT ${settingsPath}/branding`]: () => ({ ...managed, assets: { logo: { fileType: 'image/png', fileName: 'logo.png', url: null, uploadUrl }, banner: null } }),
      }),
    );
    renderApp({ path: '/manage/settings', state: signedInAs(cityAdmin) });
    const images = await screen.findByRole('region', { name: 'Logo and banner' });
    const input = images.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File([new Uint8Array(2048)], 'logo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });

    await waitFor(() => expect(FakeUpload.last).toBeDefined());
    expect(sent(fetchMock, 'PUT', `${settingsPath}/branding`)).toEqual([{ logo: { fileType: 'image/png', fileName: 'logo.png' } }]);
    const upload = FakeUpload.last!;
    expect(upload.method).toBe('PUT');
    expect(upload.url).toBe(uploadUrl);
    expect(upload.headers).toEqual({ 'Content-Type': 'image/png', Authorization: 'Bearer user-token' });
    expect(upload.body).toBe(file);

    act(() => upload.upload.onprogress?.({ lengthComputable: true, loaded: 1024, total: 2048 } as ProgressEvent));
    expect(within(images).getByRole('progressbar', { name: 'Uploading the image' }).getAttribute('aria-valuenow')).toBe('50');
    expect(within(images).getByText('50% uploaded')).toBeTruthy();
    act(() => {
      upload.status = 200;
      upload.responseText = '{}';
      upload.onload?.();
    });
    await waitFor(() => expect(within(images).queryByRole('progressbar')).toBeNull());
    expect(await screen.findByText('The image was uploaded.')).toBeTruthy();
  });

  it('refuses an image of another kind before sending anything', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    FakeUpload.last = undefined;
    const fetchMock = mockFetch(manageApi({ [`GET ${settingsPath}`]: () => managed }));
    renderApp({ path: '/manage/settings', state: signedInAs(cityAdmin) });
    const images = await screen.findByRole('region', { name: 'Logo and banner' });
    const input = images.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'logo.svg', { type: 'image/svg+xml' })] } });
    expect(await within(images).findByText('Choose a JPEG, PNG, WebP or GIF image.')).toBeTruthy();
    expect(sent(fetchMock, 'PUT', `${settingsPath}/branding`)).toEqual([]);
    expect(FakeUpload.last).toBeUndefined();
  });
});
