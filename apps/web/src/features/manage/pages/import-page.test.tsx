import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MediaType, type ManageArticleBundleCreateBody } from '@newsreel/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { signedInAs } from '../../admin/test/admin-api';
import { articleFixture, cranesDraft, editorUser, fixableDraft, manageApi, transport } from '../test/manage-api';

afterEach(() => setAccessToken(null));

/** The bodies POSTed to the bundle route, in order. */
function bundles(fetchMock: ReturnType<typeof mockFetch>): ManageArticleBundleCreateBody[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => String(input).endsWith('/v1/manage/articles/bundle') && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as ManageArticleBundleCreateBody);
}

async function readFeed(url = 'https://harbour.example/feed.xml') {
  fireEvent.change(await screen.findByRole('textbox', { name: /Feed address/ }), { target: { value: url } });
  fireEvent.click(screen.getByRole('button', { name: 'Read the feed' }));
}

const rowOf = (table: HTMLElement, title: string) => within(table).getByText(title).closest('tr') as HTMLElement;

describe('importing from a feed', () => {
  it('reads the feed and shows each draft’s media, thumbnail, credits, categories and problems in words', async () => {
    const fetchMock = mockFetch(manageApi());
    renderApp({ path: '/manage/import', state: signedInAs(editorUser) });
    await readFeed();
    const table = await screen.findByRole('table', { name: 'Items of the feed' });
    const load = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).find((url) => url.pathname === '/v1/manage/mrss/load');
    expect(load?.searchParams.get('url')).toBe('https://harbour.example/feed.xml');
    expect(screen.getByText('Items in the feed: 3')).toBeTruthy();

    const cranes = rowOf(table, cranesDraft.title);
    expect(within(cranes).getByText('Video, 2:35')).toBeTruthy();
    expect(within(cranes).getByRole('img', { name: `Thumbnail of “${cranesDraft.title}”` }).getAttribute('src')).toBe('https://cdn.harbour.example/cranes.jpg');
    expect(within(cranes).getByText('Mira Holt (reporter)')).toBeTruthy();
    expect(within(cranes).getByText('Transport')).toBeTruthy();
    expect(within(cranes).getByText('Ready')).toBeTruthy();
    // Ready drafts start chosen; one with problems cannot be chosen.
    expect((within(cranes).getByRole('checkbox', { name: `Choose “${cranesDraft.title}”` }) as HTMLInputElement).checked).toBe(true);
    const short = rowOf(table, 'Short');
    expect(within(short).getByText('Title under 12 characters')).toBeTruthy();
    expect(within(short).getByText('Description under 50 characters')).toBeTruthy();
    expect(within(short).getByText('No video or audio file')).toBeTruthy();
    expect((within(short).getByRole('checkbox', { name: 'Choose “Short”' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Chosen: 1 of 3')).toBeTruthy();
  });

  it('imports the chosen drafts one by one, a corrected one too, and says how each went', async () => {
    const created = articleFixture({ id: '00000000-0000-4000-8000-000000000777' });
    const fetchMock = mockFetch(
      manageApi({
        'POST /v1/manage/articles/bundle': ({ init }) => {
          const body = JSON.parse(String(init?.body)) as ManageArticleBundleCreateBody;
          return body.title === cranesDraft.title
            ? jsonResponse(created, 201)
            : jsonResponse({ statusCode: 409, error: 'Conflict', message: `Another article already has the slug "${body.slug}"; choose another.` }, 409);
        },
      }),
    );
    renderApp({ path: '/manage/import', state: signedInAs(editorUser) });
    await readFeed();
    const table = await screen.findByRole('table', { name: 'Items of the feed' });

    // The ferry's title is too short: corrected, it can be chosen.
    fireEvent.click(within(rowOf(table, 'Ferry')).getByRole('button', { name: 'Correct “Ferry”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct the item' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), { target: { value: 'Fer' } });
    expect(within(dialog).getByText('At least 12 characters (3 now).')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), { target: { value: 'Ferry timetable changes for winter' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use these words' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const ferry = rowOf(table, 'Ferry timetable changes for winter');
    expect((within(ferry).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Import the chosen items (2)' }));
    expect(await screen.findByText('Imported: 1. Not imported: 1.')).toBeTruthy();
    expect(within(rowOf(table, cranesDraft.title)).getByRole('link', { name: 'Imported: open it' }).getAttribute('href')).toBe(`/manage/articles/${created.id}`);
    expect(within(ferry).getByText(/Not imported: Another article already has the slug "ferry-timetable-changes-for-winter"/)).toBeTruthy();

    const [cranes, corrected] = bundles(fetchMock);
    expect(cranes).toMatchObject({
      title: cranesDraft.title,
      slug: 'harbour-cranes-return-after-a-year-of-repairs-tests',
      description: cranesDraft.description,
      language: 'en-gb',
      categoryIds: [transport.id],
      submit: true,
      media: [
        { type: MediaType.VIDEO, url: 'https://cdn.harbour.example/cranes-1080.mp4', fileType: 'video/mp4', fileSize: 48211234, durationSeconds: 154.5, language: 'en' },
        { type: MediaType.TRANSCRIPT, url: 'https://cdn.harbour.example/cranes.en.vtt', fileType: 'text/vtt', language: 'en' },
        { type: MediaType.IMAGE, url: 'https://cdn.harbour.example/cranes.jpg', fileType: 'image/jpeg' },
      ],
      // The item's metadata goes with it: nothing the feed said is dropped.
      credits: [{ name: 'Mira Holt', role: 'reporter' }],
      keywords: ['port', 'cranes'],
      copyright: '© Harbour Daily',
      sourceUrl: 'https://harbour.example/video/cranes',
    });
    expect(corrected).toMatchObject({ title: 'Ferry timetable changes for winter', description: fixableDraft.description });
    // An imported draft cannot be imported twice.
    expect((within(rowOf(table, cranesDraft.title)).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
  });

  it.each([
    [400, 'The address resolves to a private network address, which is refused.', 'This feed cannot be read: the address must be a public web address of an RSS feed.'],
    [413, 'The feed is larger than 5 MB.', 'This feed is too large to read.'],
    [502, 'The feed’s server answered 500.', "The feed's server failed or could not be reached."],
    [504, 'The feed did not answer within 10 s.', "The feed's server did not answer in time. Try again later."],
  ])('says why a feed could not be read (%i), with the server’s words', async (status, message, words) => {
    mockFetch(manageApi({ 'GET /v1/manage/mrss/load': () => jsonResponse({ statusCode: status, error: 'Error', message }, status) }));
    renderApp({ path: '/manage/import', state: signedInAs(editorUser) });
    await readFeed('http://127.0.0.1/feed.xml');
    expect(await screen.findByText(words)).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('asks for an http(s) address before reading anything', async () => {
    const fetchMock = mockFetch(manageApi());
    renderApp({ path: '/manage/import', state: signedInAs(editorUser) });
    await readFeed('ftp://harbour.example/feed.xml');
    expect(await screen.findByText('Enter an address starting with http:// or https://.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/v1/manage/mrss/load'))).toBe(false);
  });
});
