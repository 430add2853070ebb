import { MediaType } from '@newsreel/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { articleSummary } from '../../home/test/fixtures';
import { ArticleCard, ArticleCardSkeleton } from './article-card';

const article = articleSummary(1, { breaking: true, poster: '/media/1/poster.jpg' });

describe('ArticleCard', () => {
  it('is one link to the article, named by its title, with the poster, badge, length and meta line', () => {
    const { container } = render(
      <MemoryRouter>
        <ArticleCard article={article} priority />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: /Report number 1 from the newsroom/ });
    expect(link.getAttribute('href')).toBe(`/v/${article.id}`);
    expect(container.querySelector(`[data-article-id="${article.id}"]`)).toContain(link);
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Report number 1 from the newsroom');
    expect(screen.getByText('Breaking')).toBeTruthy();
    expect(link.textContent).toContain('Video length 0:30');
    expect(link.textContent).toContain('Coast News');
    const poster = container.querySelector('img')!;
    expect(poster.getAttribute('alt')).toBe('');
    expect(poster.getAttribute('loading')).toBe('eager');
    expect(poster.getAttribute('fetchpriority')).toBe('high');
  });

  it('loads later posters lazily and says an audio report is audio', () => {
    const audio = articleSummary(2, { poster: '/media/2/poster.jpg', mediafile: { ...article.mediafile!, type: MediaType.AUDIO } });
    const { container } = render(
      <MemoryRouter>
        <ArticleCard article={audio} href="/somewhere" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link').getAttribute('href')).toBe('/somewhere');
    expect(screen.getByRole('link').textContent).toContain('Audio length 0:30');
    expect(container.querySelector('img')?.getAttribute('loading')).toBe('lazy');
    expect(screen.queryByText('Breaking')).toBeNull();
  });

  it('is a button marked as current when it selects instead of leading somewhere', () => {
    const onSelect = vi.fn();
    const { rerender } = render(<ArticleCard article={article} layout="row" onSelect={onSelect} current />);
    const button = screen.getByRole('button', { name: /Report number 1/ });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.getAttribute('aria-current')).toBe('true');
    fireEvent.click(button);
    expect(onSelect).toHaveBeenCalledOnce();
    rerender(<ArticleCard article={article} layout="row" onSelect={onSelect} />);
    expect(screen.getByRole('button').hasAttribute('aria-current')).toBe(false);
  });

  it('holds the card\'s place while loading, hidden from screen readers', () => {
    const { container } = render(<ArticleCardSkeleton layout="row" />);
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
  });
});
