import { act, fireEvent, screen } from '@testing-library/react';
import { NOTIFICATION_HIDE_MS } from '@newsreel/contracts';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { appActions } from '../state';
import { NotificationBar } from './notification-bar';

function showNotification(message: string, severity?: 'success' | 'info' | 'error') {
  const rendered = renderWithProviders(
    <>
      <button type="button">Somewhere else</button>
      <NotificationBar />
    </>,
  );
  act(() => rendered.store.dispatch(appActions.showNotification(message, severity)));
  return rendered;
}

describe('NotificationBar', () => {
  it('shows the message with its severity at the top centre', () => {
    showNotification('Upload failed', 'error');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Upload failed');
    expect(alert.className).toContain('colorError');
  });

  it('hides itself after NOTIFICATION_HIDE_MS', () => {
    vi.useFakeTimers();
    const { store } = showNotification('Your regions are saved.');
    act(() => vi.advanceTimersByTime(NOTIFICATION_HIDE_MS - 50));
    expect(store.getState().notification.open).toBe(true);
    act(() => vi.advanceTimersByTime(100));
    expect(store.getState().notification.open).toBe(false);
    act(() => vi.runOnlyPendingTimers());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('closes on Escape', () => {
    const { store } = showNotification('Link copied.');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(store.getState().notification.open).toBe(false);
  });

  it('closes on a click elsewhere', async () => {
    const { store } = showNotification('Link copied.');
    // Snackbar arms its click-away listener on the next tick, so the click that opened it does not count.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    fireEvent.click(screen.getByRole('button', { name: 'Somewhere else' }));
    expect(store.getState().notification.open).toBe(false);
  });

  it('closes from its close button', () => {
    const { store } = showNotification('Link copied.');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(store.getState().notification.open).toBe(false);
  });
});
