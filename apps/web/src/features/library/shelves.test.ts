import { describe, expect, it } from 'vitest';
import { libraryShelfOf } from './shelves';

describe('libraryShelfOf', () => {
  it('opens Saved when no shelf is named', () => {
    expect(libraryShelfOf(undefined)).toBe('saved');
    expect(libraryShelfOf('')).toBe('saved');
  });

  it('knows the three shelves and nothing else', () => {
    expect(libraryShelfOf('history')).toBe('history');
    expect(libraryShelfOf('liked')).toBe('liked');
    expect(libraryShelfOf('Saved')).toBeNull();
    expect(libraryShelfOf('viewed')).toBeNull();
  });
});
