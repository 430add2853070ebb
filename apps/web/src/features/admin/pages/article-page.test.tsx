import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ArticleStatus, ReviewStatus, type AdminArticle, adminApiPaths } from '@newsreel/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { expectConsoleErrors } from '../../../test/console-guard';
import { jsonResponse, mockFetch, type FetchHandler } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { bodyOf, moderatorUser, signedInAs } from '../test/admin-api';
import { aiSummaryArticle, articleFixture, contentApi, sport, transport } from '../test/content-api';

afterEach(() => setAccessToken(null));

function renderArticle(article: AdminArticle, overrides: Record<string, FetchHandler> = {}) {
  const fetchMock = mockFetch(contentApi(overrides, [article]));
  const rendered = renderApp({ path: `/admin/articles/${article.id}`, state: signedInAs(moderatorUser) });
  /** The bodies of the requests sent with `method` to `path`, in order. */
  const sent = (method: string, pathname: string) =>
    fetchMock.mock.calls
      .filter(([input, init]) => new URL(String(input), 'http://localhost').pathname === pathname && (init?.method ?? 'GET') === method)
      .map(([, init]) => (init?.body ? bodyOf(init) : undefined));
  return { fetchMock, sent, ...rendered };
}

const article = articleFixture();

describe('an article in the console', () => {
  it('shows what a moderator decides on: title, description, summary, poster, publisher, state and media', async () => {
    renderArticle(article);
    expect(await screen.findByRole('heading', { level: 1, name: article.title })).toBeTruthy();
    const overview = screen.getByRole('region', { name: 'Overview' });
    expect(within(overview).getByRole('img', { name: `Poster of “${article.title}”` }).getAttribute('src')).toBe('/media/401/poster.jpg');
    expect(within(overview).getByText('Harbour Daily')).toBeTruthy();
    expect(within(overview).getByRole('listitem').textContent).toBe('Video · video/webm · English · 12.4 MB');
    const form = screen.getByRole('form', { name: 'Details' });
    expect((within(form).getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).value).toBe(article.description);
    expect((within(form).getByRole('textbox', { name: 'Summary' }) as HTMLTextAreaElement).value).toBe(article.summary);
    const review = screen.getByRole('region', { name: 'Review' });
    expect(within(review).getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(within(review).getByRole('button', { name: 'Needs work' })).toBeTruthy();
    // Its summary is the publisher's: there is no AI summary to reject.
    expect(within(review).queryByRole('button', { name: 'Reject AI summary' })).toBeNull();
  });

  it('approves it: it goes live, and the page shows it', async () => {
    const live = { ...article, status: ArticleStatus.ACTIVE, reviewStatus: ReviewStatus.APPROVED, live: true, publishedAt: '2026-11-26T10:00:00.000Z' };
    let current = article;
    const { sent } = renderArticle(article, {
      [`GET /v1/admin/articles/${article.id}`]: () => current,
      [`POST ${adminApiPaths.articleApprove(article.id)}`]: () => (current = live),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('The article was approved and is live.')).toBeTruthy();
    expect(sent('POST', adminApiPaths.articleApprove(article.id))).toEqual([undefined]);
    const review = screen.getByRole('region', { name: 'Review' });
    await waitFor(() => expect(within(review).queryByRole('button', { name: 'Approve' })).toBeNull());
    expect(within(review).getByRole('button', { name: 'Needs work' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open as a reader' }).getAttribute('href')).toBe(`/v/${article.id}`);
  });

  it('sends it back only with a reason, which the page then shows', async () => {
    let current = article;
    const { sent } = renderArticle(article, {
      [`GET /v1/admin/articles/${article.id}`]: () => current,
      [`POST ${adminApiPaths.articleNeedsWork(article.id)}`]: ({ init }) =>
        (current = { ...article, status: ArticleStatus.PENDING, reviewStatus: ReviewStatus.NEEDS_WORK, reviewNote: (bodyOf(init) as { reason: string }).reason }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Needs work' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this article back?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send back' }));
    expect(await within(dialog).findByText('Say what needs to change: the publisher reads it.')).toBeTruthy();
    expect(sent('POST', adminApiPaths.articleNeedsWork(article.id))).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /What needs to change/ }), { target: { value: '  The video has no sound after 0:40.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send back' }));
    expect(await screen.findByText('The article was sent back to its publisher.')).toBeTruthy();
    expect(sent('POST', adminApiPaths.articleNeedsWork(article.id))).toEqual([{ reason: 'The video has no sound after 0:40.' }]);
    const note = await screen.findByText('What the publisher was asked to change');
    expect(note.closest('[role="alert"]')?.textContent).toContain('The video has no sound after 0:40.');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('rejects an AI-written summary, with the reason left to the standard note', async () => {
    const { sent } = renderArticle(aiSummaryArticle, {
      [`POST ${adminApiPaths.articleRejectSummary(aiSummaryArticle.id)}`]: () => ({ ...aiSummaryArticle, status: ArticleStatus.PENDING, reviewStatus: ReviewStatus.NEEDS_WORK }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reject AI summary' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the AI-written summary?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject summary' }));
    expect(await screen.findByText('The summary was rejected and the article sent back to its publisher.')).toBeTruthy();
    expect(sent('POST', adminApiPaths.articleRejectSummary(aiSummaryArticle.id))).toEqual([{}]);
  });

  it('checks its fields as the API does (SPEC §5 minimums) and saves only what changed', async () => {
    const { sent } = renderArticle(article, {
      [`PUT ${adminApiPaths.article(article.id)}`]: ({ init }) => ({ ...article, ...(bodyOf(init) as object) }),
    });
    const form = await screen.findByRole('form', { name: 'Details' });
    const title = within(form).getByRole('textbox', { name: 'Title' });
    fireEvent.change(title, { target: { value: 'Too short' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Slug' }), { target: { value: 'Harbour Bridge' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Description' }), { target: { value: 'Only a few words.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save details' }));
    expect(await within(form).findByText('At least 12 characters (9 now).')).toBeTruthy();
    expect(within(form).getByText(/^Only lower-case letters and digits/)).toBeTruthy();
    expect(within(form).getByText('At least 50 characters (17 now).')).toBeTruthy();
    expect(sent('PUT', adminApiPaths.article(article.id))).toEqual([]);

    fireEvent.change(title, { target: { value: 'Harbour bridge reopens to traffic' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Slug' }), { target: { value: article.slug } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Description' }), { target: { value: article.description } });
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Categories' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Sport' }));
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(sent('PUT', adminApiPaths.article(article.id))).toEqual([{ title: 'Harbour bridge reopens to traffic', categoryIds: [transport.id, sport.id] }]));
    expect(await screen.findByText('The article was saved.')).toBeTruthy();
  });

  it('says what the server refused when a save is refused (the slug is taken)', async () => {
    renderArticle(article, {
      [`PUT ${adminApiPaths.article(article.id)}`]: () => jsonResponse({ statusCode: 409, error: 'Conflict', message: 'Another article already has the slug "bridge-news"; choose another.' }, 409),
    });
    const errors = expectConsoleErrors();
    const form = await screen.findByRole('form', { name: 'Details' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Slug' }), { target: { value: 'bridge-news' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Another article already has the slug "bridge-news"; choose another.')).toBeTruthy();
    expect((within(form).getByRole('textbox', { name: 'Slug' }) as HTMLInputElement).value).toBe('bridge-news');
    expect(errors).toHaveBeenCalled();
  });

  it('purges it from the caches, and deletes it only once asked', async () => {
    const { sent, router } = renderArticle(article, {
      [`DELETE ${adminApiPaths.articleCache(article.id)}`]: () => ({ articleId: article.id, purged: ['article'] }),
      [`DELETE ${adminApiPaths.article(article.id)}`]: () => new Response(null, { status: 204 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Purge cache' }));
    expect(await screen.findByText(/purged from the caches/)).toBeTruthy();
    expect(sent('DELETE', adminApiPaths.articleCache(article.id))).toEqual([undefined]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete article' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this article?' });
    expect(sent('DELETE', adminApiPaths.article(article.id))).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.location().pathname).toBe('/admin/articles'));
    expect(sent('DELETE', adminApiPaths.article(article.id))).toEqual([undefined]);
    expect(await screen.findByText('The article was deleted.')).toBeTruthy();
  });

  it('says when there is no such article', async () => {
    mockFetch(contentApi({}, []));
    renderApp({ path: '/admin/articles/00000000-0000-4000-8000-000000000999', state: signedInAs(moderatorUser) });
    expect(await screen.findByText('There is no article at this address. It may have been deleted.')).toBeTruthy();
  });
});
