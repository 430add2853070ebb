import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AccountUserSchema,
  ActivePublisherBodySchema,
  DestroyUserBodySchema,
  LoginBodySchema,
  MembershipListSchema,
  MessageSchema,
  PASSWORD_MIN_LENGTH,
  ReaderSettingsSchema,
  REFRESH_COOKIE_NAME,
  REFRESH_COOKIE_PATH,
  REFRESH_TOKEN_TTL_SECONDS,
  RegisterBodySchema,
  ResetCompleteBodySchema,
  ResetRequestBodySchema,
  SessionSchema,
  UpdateUserBodySchema,
  UserConfigBodySchema,
  VerifyBodySchema,
  VisitorQuerySchema,
} from '@newsreel/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppDeps } from '../../app-deps';
import { actorOf, userIdOf } from '../../http/access';
import { errorResponses, forbidden } from '../../http/errors';
import { PRIVATE_NO_STORE } from '../../http/query';
import { rateLimit } from '../../http/rate-limits';
import { ACCOUNT_MESSAGE_LANGUAGES } from '../../integrations/mail/account-messages';
import { createPersonalDataRepository } from './personal-data-repository';
import { createAccountService } from './account-service';
import { createReaderSettingsService } from './reader-settings';
import { createSessionRepository } from './session-repository';
import { createSessionService, type IssuedSession } from './session-service';
import { createUserRepository } from './user-repository';

/** The reader's first language of Accept-Language that mails are written in, kept for their mails. */
function languageOf(request: FastifyRequest): string | undefined {
  const header = request.headers['accept-language'] ?? '';
  return header
    .split(',')
    .map((part) => part.split(';')[0]?.trim().toLowerCase().split('-')[0] ?? '')
    .find((code) => (ACCOUNT_MESSAGE_LANGUAGES as string[]).includes(code));
}

/**
 * Users (SPEC §7 "Users"): registration, sign-in with a short-lived access token and a rotating
 * refresh token in an httpOnly cookie, the account's settings, and password resets. Who may call
 * each route is in http/access-table.ts; docs/security.md says how the tokens work.
 */
export const userRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const users = createUserRepository(db);
  const sessions = createSessionRepository(db);
  const personalData = createPersonalDataRepository(db);
  const settings = createReaderSettingsService(db);
  const accounts = createAccountService({ users, sessions, personalData, mailer: deps.mailer, publicUrl: deps.config.publicUrl, log: app.log });
  const sessionService = createSessionService({
    users,
    sessions,
    personalData,
    tokens: deps.tokens,
    resendVerification: (user) => accounts.resendVerification(user),
  });
  const tags = ['users'];

  /** Allowed origins of cookie-carried calls: the app's own, and those CORS_ORIGINS names. */
  const trustedOrigins = new Set([new URL(deps.config.publicUrl).origin, ...deps.config.corsOrigins]);
  /**
   * CSRF guard of the calls the refresh cookie authenticates. SameSite=Lax already keeps the
   * cookie off cross-site POSTs; a browser also sends Origin on every POST, and one that is not
   * ours (nor the host the request came to) is refused.
   */
  function checkOrigin(request: FastifyRequest) {
    const origin = request.headers.origin;
    if (!origin) return;
    if (trustedOrigins.has(origin) || origin === `${request.protocol}://${request.host}`) return;
    throw forbidden('This request came from another site, so it was refused.');
  }

  const cookieOf = (request: FastifyRequest) => request.cookies[REFRESH_COOKIE_NAME];
  const cookieOptions = (request: FastifyRequest) => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    path: REFRESH_COOKIE_PATH,
  });

  function sendSession(request: FastifyRequest, reply: FastifyReply, issued: IssuedSession) {
    return reply
      .header('cache-control', PRIVATE_NO_STORE)
      .setCookie(REFRESH_COOKIE_NAME, issued.refreshToken, { ...cookieOptions(request), maxAge: REFRESH_TOKEN_TTL_SECONDS })
      .send(issued.session);
  }
  const clearCookie = (request: FastifyRequest, reply: FastifyReply) => reply.clearCookie(REFRESH_COOKIE_NAME, cookieOptions(request));

  app.post(
    '/v1/users/register',
    {
      config: rateLimit('register'),
      schema: {
        operationId: 'registerUser',
        summary: 'Create an account; a confirmation link is mailed',
        description: `The account is inactive until the link mailed to \`email\` is opened (POST /v1/users/verify with its key, within 24 hours); it can sign in from then on. The password must have at least ${PASSWORD_MIN_LENGTH} characters and not be one of the commonly used passwords (400 says so). Mails are written in the first language of Accept-Language the app speaks. \`visitorId\` is accepted so the client can send the same body as sign-in; the visitor is merged at the first sign-in. 409: the address has an account. 503: the mail could not be sent, and no account was made.`,
        tags,
        body: RegisterBodySchema,
        response: { 201: MessageSchema, ...errorResponses(400, 409, 413, 429, 503) },
      },
    },
    async (request, reply) => {
      await accounts.register(request.body, languageOf(request));
      return reply.code(201).send({ message: `We have sent a link to ${request.body.email.trim()}. Open it to confirm your address, then sign in.` });
    },
  );

  app.post(
    '/v1/users/verify',
    {
      config: rateLimit('verify'),
      schema: {
        operationId: 'verifyUserEmail',
        summary: 'Confirm an email address with the key from the mailed link',
        description: 'Activates a new account, or makes a changed address the account’s own. Each key works once, for 24 hours; a newer mail makes older keys stop working. 400: the key is unknown, used or expired. 409: the new address has meanwhile become another account’s.',
        tags,
        body: VerifyBodySchema,
        response: { 200: MessageSchema, ...errorResponses(400, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const { email } = await accounts.verify(request.body.key);
      return reply.header('cache-control', PRIVATE_NO_STORE).send({ message: `${email} is confirmed. You can sign in now.` });
    },
  );

  app.post(
    '/v1/users/login',
    {
      config: rateLimit('login'),
      schema: {
        operationId: 'loginUser',
        summary: 'Sign in: an access token, and the refresh token in a cookie',
        description: `Answers the session: a short-lived access token (send it as \`Authorization: Bearer …\`) and the user; the refresh token is set as the httpOnly cookie \`${REFRESH_COOKIE_NAME}\` (path ${REFRESH_COOKIE_PATH}, SameSite=Lax, Secure over HTTPS). With \`visitorId\`, what that visitor did (likes, dislikes, saves, views, scores, settings, paired devices) becomes the user’s. 401: the email and password do not match an account (the same answer either way). 403: the address is not confirmed yet (a new link is mailed) or the account is suspended. 429: too many attempts from this address, or too many failures for this account (Retry-After says when to try again).`,
        tags,
        body: LoginBodySchema,
        response: { 200: SessionSchema, ...errorResponses(400, 401, 403, 413, 429, 503) },
      },
    },
    async (request, reply) => {
      const { email, password, visitorId } = request.body;
      return sendSession(request, reply, await sessionService.login(email.trim(), password, visitorId));
    },
  );

  app.post(
    '/v1/users/refresh',
    {
      schema: {
        operationId: 'refreshSession',
        summary: 'A new access token from the refresh cookie; the cookie rotates',
        description: `Reads the \`${REFRESH_COOKIE_NAME}\` cookie, spends it and sets the next one. A refresh token that was already spent, shown again, ends its whole session family (someone holds a copy). 401: no cookie, or the session ended (signed out, expired, replaced, account suspended). 403: the request came from another site (its Origin is not this app’s).`,
        tags,
        response: { 200: SessionSchema, ...errorResponses(401, 403, 503) },
      },
    },
    async (request, reply) => {
      checkOrigin(request);
      try {
        return sendSession(request, reply, await sessionService.refresh(cookieOf(request)));
      } catch (error) {
        clearCookie(request, reply);
        throw error;
      }
    },
  );

  app.post(
    '/v1/users/logout',
    {
      schema: {
        operationId: 'logoutUser',
        summary: 'Sign out: the session (its refresh tokens) ends',
        description: 'Revokes the session the refresh cookie belongs to and clears the cookie. Access tokens already handed out expire within minutes. Answers 204 whether or not there was a session.',
        tags,
        response: { 204: Type.Null({ description: 'Signed out' }), ...errorResponses(403, 503) },
      },
    },
    async (request, reply) => {
      checkOrigin(request);
      await sessionService.logout(cookieOf(request));
      return clearCookie(request, reply).code(204).send(null);
    },
  );

  app.get(
    '/v1/users/config',
    {
      schema: {
        operationId: 'getUserConfig',
        summary: 'The reader’s settings, every SPEC §3 key with its value or default',
        description: 'The signed-in user’s, or without sign-in the visitor’s that `visitorId` names. Personal: never cached.',
        tags,
        querystring: VisitorQuerySchema,
        response: { 200: ReaderSettingsSchema, ...errorResponses(400, 401, 503) },
      },
    },
    async (request, reply) => reply.header('cache-control', PRIVATE_NO_STORE).send(await settings.read(actorOf(request))),
  );

  app.put(
    '/v1/users/config',
    {
      config: rateLimit('anonymousWrite'),
      schema: {
        operationId: 'setUserConfig',
        summary: 'Set one of the reader’s settings',
        description: 'Each key takes its own kind of value: bulletin and autoScoreAdjust true or false; localRadius one of the radius options in metres (SPEC §9); blockedPublishers and blockedCategories lists of existing ids (the personal feed leaves them out). subscriptionExempt is granted by an admin (403 here). Answers every setting. Without sign-in, `visitorId` names the reader.',
        tags,
        body: UserConfigBodySchema,
        response: { 200: ReaderSettingsSchema, ...errorResponses(400, 401, 403, 413, 429, 503) },
      },
    },
    async (request, reply) => {
      const next = await settings.write(actorOf(request), request.body.key, request.body.value);
      return reply.header('cache-control', PRIVATE_NO_STORE).send(next);
    },
  );

  app.put(
    '/v1/users/update',
    {
      schema: {
        operationId: 'updateUser',
        summary: 'Change the name, the email address or the password',
        description: 'The name changes at once. A new email address needs `currentPassword`; a link is mailed to the new address and the change takes effect when it is opened (`pendingEmail` until then). A new password needs `currentPassword` too, and ends every other session of the account. 403: wrong current password. 409: the new address has an account.',
        tags,
        body: UpdateUserBodySchema,
        response: { 200: AccountUserSchema, ...errorResponses(400, 401, 403, 409, 413, 503) },
      },
    },
    async (request, reply) => {
      const family = await sessionService.familyOf(cookieOf(request));
      return reply.header('cache-control', PRIVATE_NO_STORE).send(await accounts.update(userIdOf(request), request.body, family));
    },
  );

  app.delete(
    '/v1/users/destroy',
    {
      schema: {
        operationId: 'destroyUser',
        summary: 'Delete the account and its personal data',
        description: 'Asks for the password to confirm. The account, its sessions, settings, scores, roles and memberships are deleted and its devices unpaired; likes, saves and views stay counted in the articles’ totals, linked to no one. 403: wrong password. 409: the account is the last active superuser (make another user a superuser first).',
        tags,
        body: DestroyUserBodySchema,
        response: { 204: Type.Null({ description: 'Deleted' }), ...errorResponses(400, 401, 403, 409, 503) },
      },
    },
    async (request, reply) => {
      await accounts.destroy(userIdOf(request), request.body.password);
      return clearCookie(request, reply).code(204).send(null);
    },
  );

  app.post(
    '/v1/users/resetpassword',
    {
      config: rateLimit('passwordReset'),
      schema: {
        operationId: 'requestPasswordReset',
        summary: 'Mail a password-reset link',
        description: 'Answers 202 at once and in the same words whether or not the address has an account, so the answer tells nobody who has one. When it has, a link valid for one hour and one use is mailed (at most five an hour).',
        tags,
        body: ResetRequestBodySchema,
        response: { 202: MessageSchema, ...errorResponses(400, 413, 429) },
      },
    },
    async (request, reply) => {
      const email = request.body.email.trim();
      accounts.requestReset(email).catch((error: unknown) => request.log.error({ err: error }, 'password reset mail not sent'));
      return reply.code(202).send({ message: `If ${email} has an account, we have sent it a link to choose a new password. It works once, within an hour.` });
    },
  );

  app.put(
    '/v1/users/resetpassword',
    {
      config: rateLimit('passwordReset'),
      schema: {
        operationId: 'completePasswordReset',
        summary: 'Choose a new password with the key from the reset link',
        description: 'Each key works once, within an hour. The account’s sessions all end; sign in with the new password. 400: the key is unknown, used or expired, or the password is too short or too common (the key then still works).',
        tags,
        body: ResetCompleteBodySchema,
        response: { 200: MessageSchema, ...errorResponses(400, 413, 429, 503) },
      },
    },
    async (request, reply) => {
      await accounts.completeReset(request.body.key, request.body.password);
      return reply.send({ message: 'Your password has been changed. Sign in with the new one.' });
    },
  );

  app.get(
    '/v1/users/publishers',
    {
      schema: {
        operationId: 'listUserPublishers',
        summary: 'The publishers the user belongs to, with their account role',
        description: 'Account role 0 admin (manages the publisher’s users and settings), 1 member (manages its articles). Personal: never cached.',
        tags,
        response: { 200: MembershipListSchema, ...errorResponses(401, 503) },
      },
    },
    async (request, reply) => {
      const items = await accounts.publishers(userIdOf(request));
      return reply.header('cache-control', PRIVATE_NO_STORE).send({ items, page: 1, limit: Math.max(items.length, 1), total: items.length });
    },
  );

  app.put(
    '/v1/users/publisher',
    {
      schema: {
        operationId: 'setActivePublisher',
        summary: 'Choose the publisher the studio acts for',
        description: '403 for a publisher the user does not belong to. Answers the user with `activePublisherId` set.',
        tags,
        body: ActivePublisherBodySchema,
        response: { 200: AccountUserSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request, reply) => {
      const account = await accounts.setActivePublisher(userIdOf(request), request.body.publisherId);
      return reply.header('cache-control', PRIVATE_NO_STORE).send(account);
    },
  );
};
