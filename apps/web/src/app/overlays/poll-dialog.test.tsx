import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { appActions } from '../state';
import { floodArticle as article } from '../../test/article-fixture';
import type { Poll } from '../state/types';
import { PollDialog } from './poll-dialog';

const poll: Poll = {
  id: 'poll-9',
  name: 'Weekend weather',
  priority: 1,
  type: 0,
  questions: [
    {
      id: 'q-91',
      label: 'Will you go to the beach?',
      answers: [
        { id: 'a-911', label: 'Yes' },
        { id: 'a-912', label: 'No' },
      ],
    },
  ],
};

describe('PollDialog', () => {
  it('is not shown with a poll but no current article', () => {
    renderWithProviders(<PollDialog />, { state: { poll } });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is not shown with a current article but no poll', () => {
    renderWithProviders(<PollDialog />, { state: { currentArticle: article } });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the poll name and its questions as radio choices when both exist, and closes', () => {
    const { store } = renderWithProviders(<PollDialog />, { state: { poll, currentArticle: article } });
    const dialog = screen.getByRole('dialog', { name: 'Weekend weather' });
    const question = within(dialog).getByRole('radiogroup', { name: 'Will you go to the beach?' });
    const yes = within(question).getByRole('radio', { name: 'Yes' });
    fireEvent.click(yes);
    expect((yes as HTMLInputElement).checked).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(store.getState().poll).toBeNull();
  });

  it('disappears when the current article goes away', () => {
    const { store } = renderWithProviders(<PollDialog />, { state: { poll, currentArticle: article } });
    expect(screen.getByRole('dialog')).toBeTruthy();
    act(() => store.dispatch(appActions.setCurrentArticle(null)));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
