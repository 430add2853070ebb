import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { AccountStatus, REFRESH_TOKEN_TTL_SECONDS, type Session } from '@newsreel/contracts';
import { forbidden, tooManyRequests, unauthorized } from '../../http/errors';
import { decoyPasswordHash, verifyPassword } from '../auth/passwords';
import type { TokenService } from '../auth/tokens';
import type { PersonalDataRepository } from './personal-data-repository';
import type { SessionRepository } from './session-repository';
import type { UserRecord, UserRepository } from './user-repository';

export const hashOf = (secret: string) => createHash('sha256').update(secret).digest();
export const newSecret = () => randomBytes(32).toString('base64url');

/**
 * Per-account throttle of failed sign-ins (OWASP ASVS 2.2.1: at most 100 failures an hour), one
 * that an attacker cannot use to lock the owner out for long: after FREE_FAILURES failures the
 * next attempt must wait 2, 4, 8 … seconds, never more than MAX_WAIT_SECONDS, so at most about
 * 70 guesses fit in an hour while the owner waits a minute at worst. A success, or an hour
 * without failures, starts the count again.
 */
const FREE_FAILURES = 5;
const MAX_WAIT_SECONDS = 60;

export function loginWaitSeconds(user: Pick<UserRecord, 'failedLogins' | 'lastFailedLoginAt'>, now = Date.now()): number {
  if (user.failedLogins < FREE_FAILURES || !user.lastFailedLoginAt) return 0;
  const since = (now - user.lastFailedLoginAt.getTime()) / 1000;
  if (since > 3600) return 0;
  const wait = Math.min(2 ** (user.failedLogins - FREE_FAILURES + 1), MAX_WAIT_SECONDS);
  return Math.max(0, wait - since);
}

const WRONG_CREDENTIALS = 'That email and password do not match an account. Check them, or reset your password.';

export interface IssuedSession {
  session: Session;
  /** The new refresh token, for the cookie only. */
  refreshToken: string;
}

interface Deps {
  users: UserRepository;
  sessions: SessionRepository;
  personalData: PersonalDataRepository;
  tokens: TokenService;
  /** Sends a new confirmation link to an account that signs in before confirming its address. */
  resendVerification(user: UserRecord): Promise<void>;
}

/** Signing in, refreshing and signing out (docs/security.md, "Tokens"). */
export function createSessionService({ users, sessions, personalData, tokens, resendVerification }: Deps) {
  async function issue(userId: string, familyId: string): Promise<IssuedSession> {
    const refreshToken = newSecret();
    await sessions.createRefresh({
      userId,
      familyId,
      tokenHash: hashOf(refreshToken),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    });
    const [access, user] = await Promise.all([tokens.issue({ scope: 'user', userId }), users.account(userId)]);
    if (!user) throw unauthorized('This account no longer exists.', 'SESSION_ENDED');
    return { session: { ...access, user }, refreshToken };
  }

  return {
    async login(email: string, password: string, visitorId: string | undefined): Promise<IssuedSession> {
      const user = await users.byEmail(email);
      if (!user) {
        // As slow as a real check, so the answer's timing does not tell whether the account exists.
        await verifyPassword(await decoyPasswordHash(), password);
        throw unauthorized(WRONG_CREDENTIALS, 'WRONG_CREDENTIALS');
      }
      const wait = loginWaitSeconds(user);
      if (wait > 0) {
        throw tooManyRequests(`Too many failed attempts for this account. Try again in ${Math.ceil(wait)} seconds, or reset your password.`, wait);
      }
      if (!(await verifyPassword(user.passwordHash, password))) {
        await users.recordFailedLogin(user.id);
        throw unauthorized(WRONG_CREDENTIALS, 'WRONG_CREDENTIALS');
      }
      await users.clearFailedLogins(user.id);
      if (user.status === AccountStatus.SUSPENDED) throw forbidden('This account has been suspended. Contact support if you think this is a mistake.', 'ACCOUNT_SUSPENDED');
      if (user.status === AccountStatus.INACTIVE) {
        await resendVerification(user);
        throw forbidden(`Confirm your email address first: we have sent a new link to ${user.email}.`, 'EMAIL_NOT_CONFIRMED');
      }
      if (visitorId) await personalData.mergeVisitor(visitorId, user.id);
      return issue(user.id, randomUUID());
    },

    /**
     * Rotates the refresh token: the old one is spent, a new one of the same family is issued. A
     * spent token shown again means a copy exists elsewhere, so the whole family is revoked.
     */
    async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
      if (!refreshToken) throw unauthorized('You are not signed in.', 'SESSION_ENDED');
      const record = await sessions.refreshByHash(hashOf(refreshToken));
      if (!record || record.revokedAt) throw unauthorized('Your session has ended. Sign in again.', 'SESSION_ENDED');
      if (record.replacedAt) {
        await sessions.revokeFamily(record.familyId);
        throw unauthorized('For your safety this session was ended, because its sign-in was used twice. Sign in again.', 'SESSION_ENDED');
      }
      if (record.expiresAt.getTime() <= Date.now()) throw unauthorized('Your session has expired. Sign in again.', 'SESSION_ENDED');
      const user = await users.byId(record.userId);
      if (!user || user.status !== AccountStatus.ACTIVE) {
        await sessions.revokeFamily(record.familyId);
        throw user?.status === AccountStatus.SUSPENDED
          ? unauthorized('This account has been suspended.', 'ACCOUNT_SUSPENDED')
          : unauthorized('Your session has ended. Sign in again.', 'SESSION_ENDED');
      }
      if (!(await sessions.markReplaced(record.id))) {
        await sessions.revokeFamily(record.familyId);
        throw unauthorized('For your safety this session was ended, because its sign-in was used twice. Sign in again.', 'SESSION_ENDED');
      }
      return issue(user.id, record.familyId);
    },

    /** Ends the session the refresh token belongs to (its whole family); nothing to end is fine too. */
    async logout(refreshToken: string | undefined): Promise<void> {
      if (!refreshToken) return;
      const record = await sessions.refreshByHash(hashOf(refreshToken));
      if (record) await sessions.revokeFamily(record.familyId);
    },

    /** The family of the session a refresh token belongs to, to keep it when others are ended. */
    async familyOf(refreshToken: string | undefined): Promise<string | undefined> {
      if (!refreshToken) return undefined;
      return (await sessions.refreshByHash(hashOf(refreshToken)))?.familyId;
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
