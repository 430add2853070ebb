import { paths, RESET_PAGE, VERIFY_PAGE } from '../../../lib/paths';

/** The pages of signing in itself: returning to one after signing in would go round in a circle. */
const SIGN_IN_PAGES = [paths.signIn.pattern, paths.register.pattern, paths.forgotPassword.pattern, RESET_PAGE, VERIFY_PAGE];

/**
 * Where to go after signing in: the `next` a link named, when it is a page of this app (a path
 * starting with one slash) and not one of the sign-in pages themselves; home otherwise. Anything
 * else (`//evil.example`, `https://…`) would make the sign-in page an open redirect.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  const pathname = (next.split(/[?#]/, 1)[0] ?? '').replace(/\/+$/, '');
  return SIGN_IN_PAGES.some((page) => pathname === page || pathname.startsWith(`${page}/`)) ? '/' : next;
}
