import { REFRESH_COOKIE_NAME, type AccountRole, type AdminRole, type Session } from '@newsreel/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';
import { provisionAccount } from '../src/modules/users/account-provisioning';

export const TEST_PASSWORD = 'correct-horse-battery-staple';

/** An active account made straight in the database (as `npm run user` does). */
export async function makeAccount(
  db: Kysely<Database>,
  email: string,
  roles: { adminRole?: AdminRole; publisher?: { id: string; role: AccountRole }; vendor?: { id: string; role: AccountRole } } = {},
): Promise<string> {
  return (await provisionAccount(db, { email, name: email.split('@')[0]!, password: TEST_PASSWORD, ...roles })).userId;
}

/** The refresh token the answer set in its cookie. */
export function refreshCookieOf(res: LightMyRequestResponse): string | undefined {
  return res.cookies.find((cookie) => cookie.name === REFRESH_COOKIE_NAME)?.value || undefined;
}

export interface SignedIn {
  accessToken: string;
  refreshToken: string;
  session: Session;
  auth: { authorization: string };
}

export async function signIn(app: FastifyInstance, email: string, password = TEST_PASSWORD, visitorId?: string): Promise<SignedIn> {
  const res = await app.inject({ method: 'POST', url: '/v1/users/login', payload: { email, password, ...(visitorId ? { visitorId } : {}) } });
  if (res.statusCode !== 200) throw new Error(`Sign-in of ${email} answered ${res.statusCode}: ${res.body}`);
  const session = res.json() as Session;
  return { accessToken: session.accessToken, refreshToken: refreshCookieOf(res)!, session, auth: { authorization: `Bearer ${session.accessToken}` } };
}

/** An admin-scoped token for a signed-in admin (POST /v1/auth/admin). */
export async function adminAuth(app: FastifyInstance, signedIn: SignedIn): Promise<{ authorization: string }> {
  const res = await app.inject({ method: 'POST', url: '/v1/auth/admin', headers: signedIn.auth });
  if (res.statusCode !== 200) throw new Error(`Admin token answered ${res.statusCode}: ${res.body}`);
  return { authorization: `Bearer ${(res.json() as { accessToken: string }).accessToken}` };
}
