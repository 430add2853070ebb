import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEnglishSection } from '../../../lib/lazy-strings';
import { renderWithProviders } from '../../../test/render';
import { articleHit, quoteHit } from '../testing/search-fixtures';
import { ArticleHitCard, SnippetLine } from './article-hit-card';

// The hits are drawn by the results page and the suggestions, which load these strings with their code.
beforeAll(() => loadEnglishSection('searchResults'));

describe('search snippets', () => {
  it('render markup in the server text as text, never as HTML', () => {
    const { container } = renderWithProviders(
      <>
        <SnippetLine snippet={'&lt;script&gt;alert(1)&lt;/script&gt; <mark>flood</mark> &lt;img src=x onerror=alert(2)&gt;'} />
        <SnippetLine snippet={'<script>alert(3)</script><img src=x onerror=alert(4)><mark>storm</mark>'} />
      </>,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['flood', 'storm']);
    expect(container.textContent).toContain('<script>alert(1)</script> flood <img src=x onerror=alert(2)>');
    expect(container.textContent).toContain('<script>alert(3)</script><img src=x onerror=alert(4)>storm');
  });

  it('show a transcript hit as the line that was said, opening the article at that moment', () => {
    renderWithProviders(
      <MemoryRouter>
        <ArticleHitCard hit={quoteHit} />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe(`/v/${quoteHit.id}?t=83`);
    expect(link.textContent).toContain('Said at 1:23: “Divers said the water looked like an upside-down snowstorm.”');
    expect([...link.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['upside', 'snowstorm']);
  });

  it('show other hits with their snippet, opening the article from the start', () => {
    renderWithProviders(
      <MemoryRouter>
        <ArticleHitCard hit={articleHit()} />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe(`/v/${articleHit().id}`);
    expect(link.querySelector('mark')?.textContent).toBe('Flood');
    expect(link.textContent).not.toContain('Said at');
  });
});
