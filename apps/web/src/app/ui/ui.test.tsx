import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Button, IconButton } from './button';
import { PlayArrowRoundedIcon } from './icons';
import { Skeleton, Spinner } from './progress';

describe('plain UI primitives', () => {
  it('a button is a <button type="button"> that calls its handler', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick} startIcon={<PlayArrowRoundedIcon />}>Play</Button>);
    const button = screen.getByRole('button', { name: 'Play' });
    expect(button.getAttribute('type')).toBe('button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('a button with `to` is a link to that page of the app, and with `href` a link elsewhere', () => {
    render(
      <MemoryRouter>
        <Button to="/stories">Stories</Button>
        <Button href="https://example.org/">Elsewhere</Button>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Stories' }).getAttribute('href')).toBe('/stories');
    expect(screen.getByRole('link', { name: 'Elsewhere' }).getAttribute('href')).toBe('https://example.org/');
  });

  it('an icon button carries its label and hides its icon from screen readers', () => {
    const { container } = render(
      <IconButton aria-label="Play" disabled>
        <PlayArrowRoundedIcon />
      </IconButton>,
    );
    expect((screen.getByRole('button', { name: 'Play' }) as HTMLButtonElement).disabled).toBe(true);
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelector('svg path')?.getAttribute('d')).toMatch(/^M8 6\.82/);
  });

  it('a spinner is a labelled progress bar; a skeleton is hidden from screen readers', () => {
    const { container } = render(
      <>
        <Spinner label="Loading the video" />
        <Skeleton shape="rectangular" />
      </>,
    );
    expect(screen.getByRole('progressbar', { name: 'Loading the video' })).toBeTruthy();
    expect(container.querySelector('[aria-hidden="true"]:not([role])')).not.toBeNull();
  });
});
