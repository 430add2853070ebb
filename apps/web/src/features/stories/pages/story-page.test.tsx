import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { shellApi } from '../../../test/api-fixtures';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { articleSummary, listOf, story } from '../../home/test/fixtures';

const theStory = story(1, { title: 'Night trains return', articleCount: 3 });
const articles = [1, 2, 3].map((n) => articleSummary(n));

function storyApi() {
  return shellApi({
    [`GET /v1/stories/${theStory.id}`]: () => theStory,
    [`GET /v1/stories/${theStory.id}/articles`]: () => listOf(articles),
    'GET /v1/stories/00000000-0000-4000-8000-000000000000': () =>
      jsonResponse({ statusCode: 404, error: 'Not Found', message: 'There is no story with that id.' }, 404),
    'GET /v1/stories/00000000-0000-4000-8000-000000000000/articles': () =>
      jsonResponse({ statusCode: 404, error: 'Not Found', message: 'There is no story with that id.' }, 404),
    'GET /v1/stories/not-an-id': () => jsonResponse({ statusCode: 400, error: 'Bad Request', message: 'params/id must match format "uuid"' }, 400),
    'GET /v1/stories/not-an-id/articles': () =>
      jsonResponse({ statusCode: 400, error: 'Bad Request', message: 'params/id must match format "uuid"' }, 400),
  });
}

const playerOf = (n: number) => screen.findByRole('region', { name: `Player: Report number ${n} from the newsroom` });

describe('story page', () => {
  beforeAll(async () => {
    await import('./story-page');
  }, 60_000);

  it('plays the story’s first article and shows where the reader is', async () => {
    mockFetch(storyApi());
    renderApp({ path: `/stories/${theStory.id}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Night trains return' })).toBeTruthy();
    expect(await playerOf(1)).toBeTruthy();
    expect(screen.getByTestId('sequence-position').textContent).toBe('Article 1 of 3');
    expect((screen.getByRole('button', { name: 'Previous article' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('moves to the next and previous article with the buttons, and by a click in the list', async () => {
    mockFetch(storyApi());
    renderApp({ path: `/stories/${theStory.id}` });
    await playerOf(1);
    fireEvent.click(screen.getByRole('button', { name: 'Next article' }));
    expect(await playerOf(2)).toBeTruthy();
    expect(screen.getByTestId('sequence-position').textContent).toBe('Article 2 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Previous article' }));
    expect(await playerOf(1)).toBeTruthy();
    const list = screen.getByRole('region', { name: 'In this story' });
    fireEvent.click(within(list).getByRole('button', { name: /Report number 3/ }));
    expect(await playerOf(3)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next article' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('moves on when an article ends, and offers to start again after the last', async () => {
    mockFetch(storyApi());
    renderApp({ path: `/stories/${theStory.id}` });
    await playerOf(1);
    const media = () => document.querySelector('video, audio') as HTMLMediaElement;
    fireEvent(media(), new Event('ended'));
    expect(await playerOf(2)).toBeTruthy();
    fireEvent(media(), new Event('ended'));
    await playerOf(3);
    fireEvent(media(), new Event('ended'));
    fireEvent.click(await screen.findByRole('button', { name: 'Watch again' }));
    expect(await playerOf(1)).toBeTruthy();
  });

  it('follows a swipe, mirrored in right-to-left languages', async () => {
    mockFetch(storyApi());
    renderApp({ path: `/stories/${theStory.id}` });
    await playerOf(1);
    const area = screen.getByTestId('sequence-swipe-area');
    const swipe = (fromX: number, toX: number) => {
      fireEvent.pointerDown(area, { pointerId: 1, isPrimary: true, pointerType: 'touch', clientX: fromX, clientY: 100 });
      fireEvent.pointerUp(area, { pointerId: 1, isPrimary: true, pointerType: 'touch', clientX: toX, clientY: 104 });
    };
    swipe(300, 120);
    expect(await playerOf(2)).toBeTruthy();
    await i18n.changeLanguage('ar');
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    // The player turns with the theme, once the mirrored styles have loaded: its skip icons point the other way.
    const previous = await screen.findByRole('button', { name: i18n.t('stories.player.previous') });
    await waitFor(() => expect(previous.querySelector('[data-testid="SkipNextRoundedIcon"]')).toBeTruthy());
    swipe(120, 300);
    await waitFor(() => expect(screen.getByTestId('sequence-position').getAttribute('data-position')).toBe('3'));
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-an-id'],
  ])('says the story cannot be found for %s', async (_label, id) => {
    mockFetch(storyApi());
    renderApp({ path: `/stories/${id}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'This story could not be found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All stories' }).getAttribute('href')).toBe('/stories');
  });
});
