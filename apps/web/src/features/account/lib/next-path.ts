/**
 * Where to go after signing in: the `next` a link named, when it is a page of this app (a path
 * starting with one slash) and not one of the sign-in pages themselves; home otherwise. Anything
 * else (`//evil.example`, `https://…`) would make the sign-in page an open redirect.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  const pathname = next.split(/[?#]/, 1)[0] ?? '';
  return pathname.startsWith('/account/') ? '/' : next;
}
