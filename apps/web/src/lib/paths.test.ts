import { RESET_PAGE_PATH, VERIFY_PAGE_PATH } from '@newsreel/contracts';
import { describe, expect, it } from 'vitest';
import { paths, RESET_PAGE, VERIFY_PAGE } from './paths';

describe('the account pages the mails link to', () => {
  it('are where the server’s links point', () => {
    expect(VERIFY_PAGE).toBe(VERIFY_PAGE_PATH);
    expect(RESET_PAGE).toBe(RESET_PAGE_PATH);
    expect(paths.verifyEmail.href('k_ey-1')).toBe(`${VERIFY_PAGE_PATH}?key=k_ey-1`);
    expect(paths.resetPassword.href()).toBe(RESET_PAGE_PATH);
  });
});

describe('sign-in links', () => {
  it('carry the page to come back to', () => {
    expect(paths.signIn.href()).toBe('/account/signin');
    expect(paths.signIn.href('/library/saved?x=1')).toBe('/account/signin?next=%2Flibrary%2Fsaved%3Fx%3D1');
  });
});
