import { describe, expect, it } from 'vitest';
import { safeNextPath } from './next-path';

describe('safeNextPath', () => {
  it('keeps a page of this app', () => {
    expect(safeNextPath('/library/saved')).toBe('/library/saved');
    expect(safeNextPath('/v/42?t=10#top')).toBe('/v/42?t=10#top');
    expect(safeNextPath('/account')).toBe('/account');
    // The account's own pages are pages to come back to, once signed in.
    expect(safeNextPath('/account/devices')).toBe('/account/devices');
    expect(safeNextPath('/account/subscription?from=paywall')).toBe('/account/subscription?from=paywall');
  });

  it('goes home for anything else: nothing, other sites, the sign-in pages themselves', () => {
    for (const next of [null, undefined, '', 'library', '//evil.example/x', '/\\evil.example', 'https://evil.example', '/account/signin?next=/x', '/account/register', '/account/forgot', '/account/reset?key=x', '/account/verify', '/account/signin/']) {
      expect(safeNextPath(next), String(next)).toBe('/');
    }
  });
});
