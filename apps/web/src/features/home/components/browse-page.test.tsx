import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { LoadFailed, PageHeading, SectionHeading } from './browse-page';
import { ContentNotFound } from './content-not-found';
import { PagedListEnd, type PagedList } from './paged-list-end';

function pagedList(overrides: Partial<PagedList> = {}): PagedList {
  return { hasNextPage: true, isFetchingNextPage: false, isFetchNextPageError: false, fetchNextPage: vi.fn(async () => undefined), ...overrides };
}

describe('the browse pages\' frame', () => {
  it('says a failure as an alert with a retry', () => {
    const onRetry = vi.fn();
    render(<LoadFailed message="These articles could not be loaded." onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('These articles could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('heads a page with one h1, a link back and its controls', () => {
    render(
      <MemoryRouter>
        <PageHeading title="Science" description="News about science" back={{ href: '/categories', label: 'All categories' }} actions={<button type="button">Act</button>} />
        <SectionHeading hidden>Latest</SectionHeading>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Science' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All categories' }).getAttribute('href')).toBe('/categories');
    expect(screen.getByText('News about science')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Act' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Latest' }).className).toBe('nr-visually-hidden');
  });

  it('offers the list and the home page for something that does not exist', () => {
    render(
      <MemoryRouter>
        <ContentNotFound title="This story could not be found" body="It may have been removed." back={{ href: '/stories', label: 'All stories' }} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('content-not-found')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'This story could not be found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All stories' }).getAttribute('href')).toBe('/stories');
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
  });

  it('ends a paged list with "Load more", its placeholders while loading, and an alert when loading more failed', () => {
    const list = pagedList();
    const { rerender } = render(<PagedListEnd list={list} loading={<p>Loading</p>} />);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(list.fetchNextPage).toHaveBeenCalledOnce();
    expect(screen.queryByText('Loading')).toBeNull();

    rerender(<PagedListEnd list={pagedList({ isFetchingNextPage: true })} loading={<p>Loading</p>} />);
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    rerender(<PagedListEnd list={pagedList({ isFetchNextPageError: true })} loading={<p>Loading</p>} />);
    expect(screen.getByRole('alert').textContent).toBe('More articles could not be loaded. Scroll down or press Load more to try again.');
  });
});
