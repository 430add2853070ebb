import { act, screen } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { OfflineNotice, RECONNECTED_NOTICE_MS } from './offline-notice';

const OFFLINE_TEXT = "You're offline. Newsreel will reconnect as soon as your connection is back.";

describe('offline notice', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('says nothing while online, in a polite status region that is always there', () => {
    renderWithProviders(<OfflineNotice />);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows while the connection is gone and says so once it is back', () => {
    vi.useFakeTimers();
    renderWithProviders(<OfflineNotice />);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('status').textContent).toBe(OFFLINE_TEXT);
    expect(onlineManager.isOnline()).toBe(false);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.getByRole('status').textContent).toBe("You're back online.");
    act(() => void vi.advanceTimersByTime(RECONNECTED_NOTICE_MS));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows at once when the page opens without a connection, and holds React Query’s requests', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithProviders(<OfflineNotice />);
    expect(screen.getByRole('status').textContent).toBe(OFFLINE_TEXT);
    expect(onlineManager.isOnline()).toBe(false);
  });
});
