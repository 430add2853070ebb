import { STORAGE_KEYS } from '@newsreel/contracts';
import { describe, expect, it } from 'vitest';
import { loadInitialAppState } from '../../app/state';
import { browserStorage } from '../../lib/storage';
import { storedOrNewVisitor } from './use-visitor';

describe('the session visitor', () => {
  it('is made and kept on a first visit, then reused', () => {
    expect(localStorage.getItem(STORAGE_KEYS.visitor)).toBeNull();
    const first = storedOrNewVisitor();
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(browserStorage.visitor.get()).toEqual(first);
    expect(storedOrNewVisitor()).toEqual(first);
  });

  it('is in the state the app starts with, so no page renders without it', () => {
    const state = loadInitialAppState();
    expect(state.visitor).not.toBeNull();
    expect(state.visitor).toEqual(browserStorage.visitor.get());
    expect(loadInitialAppState().visitor?.id).toBe(state.visitor?.id);
  });
});
