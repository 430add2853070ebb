// @vitest-environment jsdom

import { STORAGE_KEYS } from '@newsreel/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { loadInitialAppState } from '../../app/state';
import { queuedAnalyticsEvents, resetAnalytics } from '../../lib/analytics';
import { browserStorage } from '../../lib/storage';
import { storedOrNewVisitor } from './use-visitor';

afterEach(() => resetAnalytics());

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

  it('is new on every start where storage keeps nothing, each with its New Visitor event', () => {
    localStorage.setItem(STORAGE_KEYS.visitor, '{not json');
    const first = storedOrNewVisitor();
    localStorage.clear();
    const second = storedOrNewVisitor();
    expect(second.id).not.toBe(first.id);
    expect(queuedAnalyticsEvents().map((event) => [event.action, event.visitorId])).toEqual([
      ['New Visitor', first.id],
      ['New Visitor', second.id],
    ]);
  });
});
