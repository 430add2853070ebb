import { MediaSource, MediaType, type Article, type ArticleSummary, type InteractionCounts } from '@newsreel/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Visitor } from '../../../app/state';
import { serverDown, shellApi } from '../../../test/api-fixtures';
import { floodArticle as article } from '../../../test/article-fixture';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';

/** A video article with a timed transcript, as GET /v1/articles/:id?transcript=true answers it. */
const videoArticle: Article = {
  ...article,
  id: '6a1e2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  poster: '/media/demo/flood/poster.jpg',
  mediafile: {
    type: MediaType.VIDEO,
    source: MediaSource.MEDIA_STORE,
    url: '/media/demo/flood/video.webm',
    fileType: 'video/webm',
    fileSize: 143_611,
    language: 'en',
    durationSeconds: 25,
  },
  durationSeconds: 25,
  summary: 'Evacuation centres are open in three suburbs.',
  transcript: {
    articleId: '6a1e2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b',
    language: 'en',
    languages: ['en', 'es'],
    cues: [
      { start: 0, end: 3.5, text: 'Rivers north of Brisbane are rising.' },
      { start: 4, end: 8, text: 'They are expected to peak overnight.' },
      { start: 8.5, end: 12, text: 'Residents in low-lying suburbs should prepare.' },
    ],
  },
};

const related: ArticleSummary = {
  ...article,
  id: '0b9c8d7e-6f5a-4b3c-9d2e-1f0a9b8c7d6e',
  title: 'Storm season outlook for the east coast',
  breaking: false,
};

function counts(overrides: Partial<InteractionCounts> = {}): InteractionCounts {
  return { articleId: videoArticle.id, likes: 4, dislikes: 1, saves: 2, views: 30, liked: false, disliked: false, saved: false, viewed: false, ...overrides };
}

function articleApi(answer: Article = videoArticle, extra: Parameters<typeof shellApi>[0] = {}) {
  return shellApi({
    [`GET /v1/articles/${answer.id}`]: () => answer,
    'GET /v1/articles/interactions': () => ({ items: [counts()] }),
    [`GET /v1/articles/category/${answer.categories[0]!.id}`]: () => ({ items: [answer, related], page: 1, limit: 30, total: 2 }),
    'POST /v1/articles/view': () => ({ ok: true }),
    ...extra,
  });
}

/** The reader's own likes and saves are asked for, and told, under their visitor id. */
const visitor: Visitor = {
  id: 'visitor-article-test',
  regionId: 0,
  ipAddress: '',
  updatedAt: '2026-01-01T00:00:00.000Z',
  screenWidth: 1280,
  screenHeight: 800,
};

const video = () => document.querySelector('video') as HTMLVideoElement;

describe('article page', () => {
  beforeEach(() => {
    // jsdom has no media playback; the player's own logic is what is under test.
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  });

  it('shows the article and makes it the current one', async () => {
    mockFetch(articleApi(article));
    const { store } = renderApp({ path: `/v/${article.id}` });
    expect(await screen.findByRole('heading', { level: 1, name: article.title })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Coast News' }).getAttribute('href')).toBe(`/publishers/${article.publisher.id}`);
    expect(screen.getByRole('link', { name: 'Weather' }).getAttribute('href')).toBe(`/categories/${article.categories[0]!.id}`);
    expect(screen.getByText('Breaking')).toBeTruthy();
    expect(screen.getByText('National')).toBeTruthy();
    expect(screen.getByText('Brisbane')).toBeTruthy();
    expect(store.getState().currentArticle).toEqual(article);
  });

  it('asks for the transcript, in the language of ?language=', async () => {
    const fetchMock = mockFetch(articleApi());
    renderApp({ path: `/v/${videoArticle.id}?language=es` });
    await screen.findByRole('heading', { level: 1, name: videoArticle.title });
    const articleCall = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost')).find((url) => url.pathname === `/v1/articles/${videoArticle.id}`);
    expect(articleCall?.searchParams.get('transcript')).toBe('true');
    expect(articleCall?.searchParams.get('language')).toBe('es');
  });

  it('plays the article with captions from its transcript', async () => {
    mockFetch(articleApi());
    renderApp({ path: `/v/${videoArticle.id}` });
    const player = await screen.findByRole('region', { name: `Player: ${videoArticle.title}` });
    expect(video().getAttribute('src')).toBe('/media/demo/flood/video.webm');
    expect(video().getAttribute('poster')).toBe('/media/demo/flood/poster.jpg');
    const track = player.querySelector('track');
    expect(track?.getAttribute('kind')).toBe('captions');
    expect(track?.getAttribute('src')).toBe(`/v1/articles/${videoArticle.id}/transcript?format=vtt&language=en`);
    for (const name of ['Play', 'Mute', 'Seek', 'Volume', 'Captions', 'Playback speed: 1×']) {
      expect(within(player).getByRole(name === 'Seek' || name === 'Volume' ? 'slider' : 'button', { name })).toBeTruthy();
    }
    fireEvent.click(within(player).getByRole('button', { name: 'Play' }));
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
  });

  it('highlights the line being spoken and seeks to a line when it is chosen', async () => {
    mockFetch(articleApi());
    renderApp({ path: `/v/${videoArticle.id}` });
    const transcript = await screen.findByRole('region', { name: 'Transcript' });
    const lines = within(transcript).getAllByRole('button');
    expect(lines.map((line) => line.textContent)).toEqual([
      '0:00Rivers north of Brisbane are rising.',
      '0:04They are expected to peak overnight.',
      '0:08Residents in low-lying suburbs should prepare.',
    ]);

    video().currentTime = 9;
    fireEvent.timeUpdate(video());
    await waitFor(() => expect(lines[2]!.closest('li')?.getAttribute('aria-current')).toBe('true'));
    expect(lines[0]!.closest('li')?.getAttribute('aria-current')).toBeNull();

    fireEvent.click(lines[1]!);
    // Before the media has loaded, the seek waits for it; the controls show it at once.
    expect(await screen.findByText('0:04 / 0:25')).toBeTruthy();
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
  });

  it('offers the transcript in its other languages, marking the one shown', async () => {
    mockFetch(articleApi());
    renderApp({ path: `/v/${videoArticle.id}` });
    const transcript = await screen.findByRole('region', { name: 'Transcript' });
    const languages = within(transcript).getByRole('navigation', { name: 'Transcript languages' });
    const links = within(languages).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('aria-current')])).toEqual([
      ['English', `/v/${videoArticle.id}?language=en`, 'true'],
      ['Spanish', `/v/${videoArticle.id}?language=es`, null],
    ]);
  });

  it('draws the facts, the categories and the transcript without MUI (the first screen is plain CSS)', async () => {
    mockFetch(articleApi());
    renderApp({ path: `/v/${videoArticle.id}` });
    const heading = await screen.findByRole('heading', { level: 1, name: videoArticle.title });
    const transcript = screen.getByRole('region', { name: 'Transcript' });
    const categories = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(categories).getByRole('link', { name: 'Weather' }).tagName).toBe('A');
    const mui = (element: Element) => [element, ...element.querySelectorAll('*')].filter((node) => /\bMui/.test(node.getAttribute('class') ?? ''));
    const details = heading.parentElement!;
    expect(mui(details)).toEqual([]);
    expect(mui(transcript)).toEqual([]);
  });

  it('starts at the second a ?t= deep link names', async () => {
    mockFetch(articleApi());
    renderApp({ path: `/v/${videoArticle.id}?t=5` });
    expect(await screen.findByText('0:05 / 0:25')).toBeTruthy();
    // The line spoken at 5 s is the current one from the start.
    const transcript = screen.getByRole('region', { name: 'Transcript' });
    expect(within(transcript).getByText('They are expected to peak overnight.').closest('li')?.getAttribute('aria-current')).toBe('true');
  });

  it('answers the keyboard: K plays, arrows and J/L seek, C turns captions on', async () => {
    mockFetch(articleApi());
    renderApp({ path: `/v/${videoArticle.id}?t=12` });
    const player = await screen.findByRole('region', { name: `Player: ${videoArticle.title}` });
    fireEvent.keyDown(player, { key: 'k', code: 'KeyK' });
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
    video().currentTime = 12;
    fireEvent.keyDown(player, { key: 'ArrowRight' });
    expect(await screen.findByText('0:17 / 0:25')).toBeTruthy();
    video().currentTime = 17;
    fireEvent.keyDown(player, { key: 'j', code: 'KeyJ' });
    expect(await screen.findByText('0:07 / 0:25')).toBeTruthy();
    const captions = within(player).getByRole('button', { name: 'Captions' });
    expect(captions.getAttribute('aria-pressed')).toBe('false');
    fireEvent.keyDown(player, { key: 'c', code: 'KeyC' });
    expect(captions.getAttribute('aria-pressed')).toBe('true');
  });

  it('remembers where the reader stopped and resumes there', async () => {
    mockFetch(articleApi());
    const first = renderApp({ path: `/v/${videoArticle.id}` });
    await screen.findByRole('region', { name: `Player: ${videoArticle.title}` });
    video().currentTime = 14;
    fireEvent.timeUpdate(video());
    first.unmount();

    renderApp({ path: `/v/${videoArticle.id}` });
    expect(await screen.findByText('0:14 / 0:25')).toBeTruthy();
  });

  it('likes, dislikes and saves with counts, pressed state and the API call', async () => {
    let liked = false;
    const fetchMock = mockFetch(
      articleApi(videoArticle, {
        'GET /v1/articles/interactions': () => ({ items: [counts(liked ? { liked: true, likes: 5 } : {})] }),
        'POST /v1/articles/like': () => {
          liked = true;
          return { ok: true };
        },
      }),
    );
    renderApp({ path: `/v/${videoArticle.id}`, state: { visitor } });
    const like = await screen.findByRole('button', { name: 'Like 4' });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Dislike 1' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Save 2' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(like);
    // Generous wait: on a busy machine the optimistic update and the refetch after it take a while.
    expect((await screen.findByRole('button', { name: 'Like 5' }, { timeout: 10_000 })).getAttribute('aria-pressed')).toBe('true');
    const post = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith('/v1/articles/like') && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ articleId: videoArticle.id, action: 'add', visitorId: visitor.id });
  });

  it('lists related articles from the same category, without this one', async () => {
    mockFetch(articleApi());
    renderApp({ path: `/v/${videoArticle.id}` });
    const section = await screen.findByRole('region', { name: 'More in Weather' });
    expect(await within(section).findByRole('heading', { level: 3, name: related.title })).toBeTruthy();
    expect(within(section).queryByRole('heading', { name: videoArticle.title })).toBeNull();
  });

  it('shows a transcript-only article as its poster and transcript, lines not seekable', async () => {
    const transcriptOnly: Article = { ...videoArticle, mediafile: null };
    mockFetch(articleApi(transcriptOnly));
    renderApp({ path: `/v/${transcriptOnly.id}` });
    const player = await screen.findByRole('region', { name: `Player: ${transcriptOnly.title}` });
    expect(within(player).getByText('Transcript only')).toBeTruthy();
    expect(video()).toBeNull();
    const transcript = screen.getByRole('region', { name: 'Transcript' });
    expect(within(transcript).getByText('They are expected to peak overnight.')).toBeTruthy();
    expect(within(transcript).queryAllByRole('button')).toHaveLength(0);
  });

  it('opens the share dialog with the article link and its preview image', async () => {
    mockFetch(articleApi(article));
    renderApp({ path: `/v/${article.id}` });
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share this article' });
    expect((screen.getByLabelText('Article link') as HTMLInputElement).value).toBe(`http://localhost:3000/v/${article.id}`);
    expect(within(dialog).getByRole('img', { name: `Preview of the shared link: ${article.title}` }).getAttribute('src')).toBe(
      `/api/articles/${article.id}/ogimage.jpg`,
    );
    expect(dialog.textContent).toContain('Copy link');
  });

  it('holds the page in shape while loading, then says plainly when the article does not exist', async () => {
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
      expect(fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://localhost').pathname === `/v1/articles/${article.id}`)).toHaveLength(2),
    );
  });
});
