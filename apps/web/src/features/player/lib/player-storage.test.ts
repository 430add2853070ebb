// @vitest-environment jsdom

import { afterEach, describe, expect, it, vi } from 'vitest';
import { isResumable, playbackPositions, playerPreferences, REMEMBERED_ARTICLES, withPosition } from './player-storage';

describe('playback positions', () => {
  afterEach(() => vi.restoreAllMocks());

  it('remembers where the reader stopped, per article', () => {
    playbackPositions.set('a', 42.37, 120);
    playbackPositions.set('b', 10, 30);
    expect(playbackPositions.get('a')).toBe(42.3);
    expect(playbackPositions.get('b')).toBe(10);
    expect(playbackPositions.get('c')).toBeUndefined();
  });

  it('forgets an article played to the end or stopped at the start', () => {
    playbackPositions.set('a', 42, 120);
    playbackPositions.set('a', 119, 120);
    expect(playbackPositions.get('a')).toBeUndefined();
    playbackPositions.set('b', 42, 120);
    playbackPositions.set('b', 1, 120);
    expect(playbackPositions.get('b')).toBeUndefined();
    playbackPositions.set('c', 42, 120);
    playbackPositions.forget('c');
    expect(playbackPositions.get('c')).toBeUndefined();
  });

  it(`keeps only the last ${REMEMBERED_ARTICLES} articles, most recent last`, () => {
    let entries = withPosition([], 'first', 5);
    for (let index = 0; index < REMEMBERED_ARTICLES; index += 1) entries = withPosition(entries, `article-${index}`, 10 + index);
    expect(entries).toHaveLength(REMEMBERED_ARTICLES);
    expect(entries.some(([id]) => id === 'first')).toBe(false);
    // Playing an older article again makes it the newest, so it is kept longest.
    entries = withPosition(entries, 'article-0', 99);
    expect(entries.at(-1)).toEqual(['article-0', 99]);
    expect(entries).toHaveLength(REMEMBERED_ARTICLES);
  });

  it('resumes only from a place worth resuming', () => {
    expect(isResumable(30, 60)).toBe(true);
    expect(isResumable(30, null)).toBe(true);
    expect(isResumable(2, 60)).toBe(false);
    expect(isResumable(58, 60)).toBe(false);
    expect(isResumable(Number.NaN, 60)).toBe(false);
  });

  it('ignores hand-edited or broken storage', () => {
    localStorage.setItem('newsreel.playbackPositions', '{not json');
    expect(playbackPositions.get('a')).toBeUndefined();
    localStorage.setItem('newsreel.playbackPositions', JSON.stringify([['a', 'soon'], ['b', 12], 'c']));
    expect(playbackPositions.get('a')).toBeUndefined();
    expect(playbackPositions.get('b')).toBe(12);
  });

  it('keeps playing when storage refuses', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('Blocked', 'SecurityError');
    });
    expect(() => playbackPositions.set('a', 42, 120)).not.toThrow();
    expect(playbackPositions.get('a')).toBeUndefined();
    expect(() => playerPreferences.set({ muted: true })).not.toThrow();
    expect(playerPreferences.get().muted).toBe(false);
  });
});

describe('player preferences', () => {
  it('starts with sound on, full volume, no captions, normal speed', () => {
    expect(playerPreferences.get()).toEqual({ volume: 1, muted: false, captions: false, rate: 1 });
  });

  it('remembers each choice beside the others', () => {
    playerPreferences.set({ captions: true });
    playerPreferences.set({ volume: 0.4, rate: 1.5 });
    expect(playerPreferences.get()).toEqual({ volume: 0.4, muted: false, captions: true, rate: 1.5 });
  });

  it('falls back to the default for values it does not know', () => {
    localStorage.setItem('newsreel.playerPreferences', JSON.stringify({ volume: 7, muted: 'yes', rate: 3, captions: true }));
    expect(playerPreferences.get()).toEqual({ volume: 1, muted: false, captions: true, rate: 1 });
  });
});
