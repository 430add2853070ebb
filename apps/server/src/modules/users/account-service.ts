import {
  AccountStatus,
  RESET_KEY_TTL_SECONDS,
  RESET_PAGE_PATH,
  VERIFY_KEY_TTL_SECONDS,
  VERIFY_PAGE_PATH,
  type AccountUser,
  type Membership,
  type RegisterBody,
  type UpdateUserBody,
} from '@newsreel/contracts';
import { isUniqueViolation } from '../../db/client';
import { badRequest, conflict, forbidden, HttpError, serviceUnavailable, unauthorized } from '../../http/errors';
import { accountMessage } from '../../integrations/mail/account-messages';
import type { Mailer } from '../../integrations/mail/mailer';
import { hashPassword, passwordProblem, verifyPassword } from '../auth/passwords';
import type { PersonalDataRepository } from './personal-data-repository';
import type { SessionRepository } from './session-repository';
import { hashOf, newSecret } from './session-service';
import type { UserRecord, UserRepository } from './user-repository';

/** More confirmation or reset mails than this an hour for one account are not sent. */
const MAILS_PER_HOUR = 5;
const EMAIL_TAKEN = 'An account with this email address already exists. Sign in, or reset its password.';
const MAIL_DOWN = 'We could not send the email just now, so nothing was changed. Try again in a minute.';
const BAD_KEY = (what: string) => `This link is not valid any more: it was used already, or it expired. ${what}`;

interface Deps {
  users: UserRepository;
  sessions: SessionRepository;
  personalData: PersonalDataRepository;
  mailer: Mailer;
  /** The app's own address, for the links in mails. */
  publicUrl: string;
  log: { error(details: object, message: string): void };
}

/** Registering, confirming addresses, changing and deleting accounts, and password resets. */
export function createAccountService({ users, sessions, personalData, mailer, publicUrl, log }: Deps) {
  /** Mails a single-use key; earlier keys of the same purpose stop working. */
  async function mailKey(user: Pick<UserRecord, 'id' | 'name' | 'language'>, purpose: 'verify' | 'reset', to: string, kind: 'verify' | 'reset' | 'email-change') {
    const key = newSecret();
    const ttl = purpose === 'verify' ? VERIFY_KEY_TTL_SECONDS : RESET_KEY_TTL_SECONDS;
    await sessions.retireKeys(user.id, purpose);
    await sessions.createKey({ userId: user.id, purpose, keyHash: hashOf(key), email: purpose === 'verify' ? to : null, expiresAt: new Date(Date.now() + ttl * 1000) });
    const link = `${publicUrl}${purpose === 'verify' ? VERIFY_PAGE_PATH : RESET_PAGE_PATH}?key=${key}`;
    await mailer.send({ to, ...accountMessage(kind, user.language ?? undefined, { name: user.name, link }) });
  }

  async function requirePassword(user: UserRecord | undefined, password: string | undefined): Promise<UserRecord> {
    if (!user) throw unauthorized('This account no longer exists.', 'SESSION_ENDED');
    if (!password) throw badRequest('body.currentPassword is required to change the email address or the password');
    if (!(await verifyPassword(user.passwordHash, password))) throw forbidden('That is not the account’s current password.', 'WRONG_PASSWORD');
    return user;
  }

  function checkNewPassword(password: string, email: string) {
    const problem = passwordProblem(password, email);
    if (problem) throw badRequest(`body.password: ${problem.message}`, problem.code);
  }

  return {
    async register(body: RegisterBody, language: string | undefined): Promise<void> {
      checkNewPassword(body.password, body.email);
      let id: string;
      try {
        id = await users.create({ email: body.email.trim(), name: body.name.trim(), passwordHash: await hashPassword(body.password), language });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN, 'EMAIL_TAKEN');
        throw error;
      }
      try {
        await mailKey({ id, name: body.name.trim(), language: language ?? null }, 'verify', body.email.trim(), 'verify');
      } catch (error) {
        // Without its confirmation mail the account could never be used: undo it, and say so.
        await personalData.eraseUser(id);
        if (error instanceof HttpError) throw error;
        log.error({ err: error }, 'confirmation mail not sent');
        throw serviceUnavailable(MAIL_DOWN, 30, 'MAIL_UNAVAILABLE');
      }
    },

    /** Sent again when an unconfirmed account tries to sign in (at most MAILS_PER_HOUR an hour). */
    async resendVerification(user: UserRecord): Promise<void> {
      if ((await sessions.recentKeys(user.id, 'verify')) >= MAILS_PER_HOUR) return;
      try {
        await mailKey(user, 'verify', user.email, 'verify');
      } catch (error) {
        log.error({ err: error }, 'confirmation mail not sent');
        throw serviceUnavailable(MAIL_DOWN, 30, 'MAIL_UNAVAILABLE');
      }
    },

    /** Confirms the address a key was sent to: a new account's, or a changed one. */
    async verify(key: string): Promise<{ email: string }> {
      const used = await sessions.consumeKey(hashOf(key), 'verify');
      if (!used) throw badRequest(BAD_KEY('Sign in to get a new confirmation link.'), 'LINK_INVALID');
      const user = await users.byId(used.userId);
      if (!user) throw badRequest(BAD_KEY('Register again.'), 'LINK_INVALID');
      const email = used.email ?? user.email;
      const changes: Parameters<UserRepository['update']>[1] = {};
      if (user.status === AccountStatus.INACTIVE) changes.status = AccountStatus.ACTIVE;
      if (email.toLowerCase() !== user.email.toLowerCase() || email !== user.email) {
        changes.email = email;
        changes.pending_email = null;
      }
      try {
        if (Object.keys(changes).length > 0) await users.update(user.id, changes);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('That address now belongs to another account, so it cannot be confirmed for this one.', 'EMAIL_TAKEN');
        throw error;
      }
      return { email };
    },

    async update(userId: string, body: UpdateUserBody, currentFamilyId: string | undefined): Promise<AccountUser> {
      const user = await users.byId(userId);
      if (!user) throw unauthorized('This account no longer exists.');
      if (body.email !== undefined || body.password !== undefined) await requirePassword(user, body.currentPassword);
      if (body.password !== undefined) checkNewPassword(body.password, user.email);
      const newEmail = body.email?.trim();
      if (newEmail && newEmail.toLowerCase() !== user.email.toLowerCase()) {
        const owner = await users.byEmail(newEmail);
        if (owner) throw conflict(EMAIL_TAKEN, 'EMAIL_TAKEN');
      }
      const changes: Parameters<UserRepository['update']>[1] = {};
      if (body.name !== undefined) changes.name = body.name.trim();
      if (body.password !== undefined) changes.password_hash = await hashPassword(body.password);
      if (newEmail && newEmail !== user.email) changes.pending_email = newEmail;
      if (changes.pending_email) {
        try {
          await mailKey({ ...user, name: changes.name ?? user.name }, 'verify', changes.pending_email, 'email-change');
        } catch (error) {
          log.error({ err: error }, 'email-change mail not sent');
          throw serviceUnavailable(MAIL_DOWN, 30, 'MAIL_UNAVAILABLE');
        }
      }
      if (Object.keys(changes).length > 0) await users.update(userId, changes);
      // A new password ends every other session: whoever knew the old one is signed out.
      if (changes.password_hash) await sessions.revokeAllOf(userId, currentFamilyId);
      const account = await users.account(userId);
      if (!account) throw unauthorized('This account no longer exists.');
      return account;
    },

    async destroy(userId: string, password: string): Promise<void> {
      await requirePassword(await users.byId(userId), password);
      await personalData.eraseUser(userId);
    },

    /**
     * Mails a reset link when the address has an account. The caller answers at once and the same
     * way either way (this runs after the answer), so neither the words nor the time of the answer
     * tell whether an account exists.
     */
    async requestReset(email: string): Promise<void> {
      const user = await users.byEmail(email);
      if (!user || user.status === AccountStatus.SUSPENDED) return;
      if ((await sessions.recentKeys(user.id, 'reset')) >= MAILS_PER_HOUR) return;
      await mailKey(user, 'reset', user.email, 'reset');
    },

    /** Sets the new password with a reset key, once; every session of the account ends. */
    async completeReset(key: string, password: string): Promise<void> {
      // Checked before the key is spent, so a refused password does not cost the reader their link.
      const problem = passwordProblem(password);
      if (problem) throw badRequest(`body.password: ${problem.message}`, problem.code);
      const used = await sessions.consumeKey(hashOf(key), 'reset');
      if (!used) throw badRequest(BAD_KEY('Ask for a new reset link.'), 'LINK_INVALID');
      const user = await users.byId(used.userId);
      if (!user) throw badRequest(BAD_KEY('Ask for a new reset link.'), 'LINK_INVALID');
      checkNewPassword(password, user.email);
      // Opening the mailed link proves the address, so an unconfirmed account becomes active.
      await users.update(user.id, {
        password_hash: await hashPassword(password),
        ...(user.status === AccountStatus.INACTIVE ? { status: AccountStatus.ACTIVE } : {}),
      });
      await users.clearFailedLogins(user.id);
      await sessions.revokeAllOf(user.id);
    },

    publishers: (userId: string): Promise<Membership[]> => users.publishers(userId),

    /** The publisher the studio acts for: only one the user belongs to. */
    async setActivePublisher(userId: string, publisherId: string): Promise<AccountUser> {
      const memberships = await users.publishers(userId);
      if (!memberships.some((membership) => membership.id === publisherId.toLowerCase())) {
        throw forbidden('You are not a user of that publisher, so it cannot be your active publisher.', 'NOT_PUBLISHER_USER');
      }
      await users.update(userId, { active_publisher_id: publisherId.toLowerCase() });
      const account = await users.account(userId);
      if (!account) throw unauthorized('This account no longer exists.');
      return account;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
