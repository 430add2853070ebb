import { AccountRole, AdminRole } from '@newsreel/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ActorType, type Actor } from '../modules/articles/article-repository';
import type { PrincipalRepository } from '../modules/auth/principal-repository';
import { InvalidTokenError, type TokenService } from '../modules/auth/tokens';
import { ACCESS_TABLE, accessRuleOf, type AccessRule } from './access-table';
import { forbidden, unauthorized } from './errors';

/**
 * Who is calling, once their token has been checked against the database: a signed-in user (with
 * a user- or admin-scoped token; `adminRole` is the role they hold now) or a vendor (an API key
 * exchanged at POST /v1/auth/vendor). Null: nobody, or a route that does not look.
 */
export type Principal =
  | { kind: 'user'; userId: string; scope: 'user' | 'admin'; adminRole: AdminRole | null }
  | { kind: 'vendor'; apiKeyId: string; vendorIds: string[] };

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    /** On a publisher route: the publisher its rule let the caller act for (the path's, or their active one). */
    actingPublisherId: string | null;
    /** The caller's own vendor, on routes whose rule is `vendor: 'own'` (set by the access layer). */
    ownVendorId: string | null;
  }
}

const VISITOR_ID = /^[A-Za-z0-9_-]{8,64}$/;
/** Every refusal the access layer answers (the authorization-matrix test tells them from a service's). */
export const ACCESS_REFUSALS = {
  NO_IDENTITY: 'Sign in, or name the reader with visitorId (visitorId is required when no one is signed in).',
  SIGN_IN: 'Sign in to do this.',
  BAD_HEADER: 'Send the access token as "Authorization: Bearer <token>".',
  EXPIRED: 'Your session has expired. Sign in again.',
  INVALID: 'That access token is not valid. Sign in again.',
  KEY_REVOKED: 'That API key has been revoked. Ask for a new key.',
  NO_ACCOUNT: 'This account no longer exists. Sign in again.',
  SUSPENDED: 'This account has been suspended. Contact support if you think this is a mistake.',
  UNCONFIRMED: 'Confirm your email address, then sign in again.',
  ROLE_TAKEN: 'You no longer hold an admin role. Sign in again.',
  VENDOR_NOT_READER: 'A vendor token cannot act as a reader. Sign in as a user.',
  VENDOR_NOT_USER: 'Sign in as a user to do this; a vendor token cannot.',
  NO_ADMIN_ROLE: 'This needs an admin role, which this account does not hold.',
  NEEDS_ADMIN_TOKEN: 'Admin calls need an admin token: ask for one with POST /v1/auth/admin.',
  SUPERUSER_ONLY: 'Only a superuser may do this.',
  VENDOR_NOT_PUBLISHER: 'Sign in as a user of this publisher to do this.',
  NO_ACTIVE_PUBLISHER: 'Choose the publisher to act for first (PUT /v1/users/publisher).',
  NOT_PUBLISHER_USER: 'You are not a user of this publisher.',
  PUBLISHER_ADMIN_ONLY: 'Only an admin of this publisher may do this.',
  NOT_VENDOR_USER: 'You are not a user of this vendor.',
  NO_VENDOR: 'This needs a vendor: sign in as a user of a vendor, or use a vendor token from POST /v1/auth/vendor.',
} as const;
const R = ACCESS_REFUSALS;

/** The reader a personal read or write is for: the signed-in user, else the visitor the request names. */
export function actorOf(request: FastifyRequest): Actor {
  const actor = optionalActorOf(request);
  if (!actor) throw unauthorized(R.NO_IDENTITY);
  return actor;
}

/** As actorOf, but null when the request names no one (reads that are personal only when they can be). */
export function optionalActorOf(request: FastifyRequest): Actor | null {
  const principal = request.principal;
  if (principal?.kind === 'user') return { type: ActorType.USER, id: principal.userId };
  const visitorId = visitorIdOf(request);
  return visitorId ? { type: ActorType.VISITOR, id: visitorId } : null;
}

/** The caller's own vendor on routes whose rule is `vendor: 'own'` (the rule has already refused others). */
export function ownVendorIdOf(request: FastifyRequest): string {
  if (!request.ownVendorId) throw forbidden(R.NO_VENDOR);
  return request.ownVendorId;
}

/** The publisher a publisher route acts for, as its access rule resolved it (the path's, or the active one). */
export function actingPublisherIdOf(request: FastifyRequest): string {
  if (!request.actingPublisherId) throw new Error(`${request.method} ${request.url} acts for a publisher but its access rule is not a publisher rule.`);
  return request.actingPublisherId;
}

/** The signed-in user's id on routes whose rule requires one (the rule has already refused others). */
export function userIdOf(request: FastifyRequest): string {
  const principal = request.principal;
  if (principal?.kind !== 'user') throw unauthorized(R.SIGN_IN);
  return principal.userId;
}

function bodyIsMissing(request: FastifyRequest): boolean {
  return request.method !== 'GET' && (request.body === null || typeof request.body !== 'object');
}

function rawVisitorIdOf(request: FastifyRequest): unknown {
  const fromQuery = (request.query as { visitorId?: unknown } | undefined)?.visitorId;
  return fromQuery ?? (request.body as { visitorId?: unknown } | undefined)?.visitorId;
}

function visitorIdOf(request: FastifyRequest): string | undefined {
  const visitorId = rawVisitorIdOf(request);
  return typeof visitorId === 'string' && VISITOR_ID.test(visitorId) ? visitorId : undefined;
}

function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9._-]+)\s*$/i.exec(header);
  if (!match) throw unauthorized(R.BAD_HEADER);
  return match[1];
}

export interface AccessOptions {
  tokens: TokenService;
  principals: PrincipalRepository;
}

/**
 * The one place that decides who may call what (docs/security.md). Every route under /v1 has a
 * row in ACCESS_TABLE; a route without one stops the server from starting, so nothing is ever
 * reachable by omission. Before a route's handler runs, its rule is applied here: the token is
 * checked (401), then the role and the resource it names (403). Handlers never look at roles.
 */
async function accessPlugin(app: FastifyInstance, { tokens, principals }: AccessOptions): Promise<void> {
  app.decorateRequest('principal', null);
  app.decorateRequest('actingPublisherId', null);
  app.decorateRequest('ownVendorId', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/v1/')) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const rule = accessRuleOf(method, route.url);
      if (!rule) {
        throw new Error(`${method} ${route.url} has no row in the access table (apps/server/src/http/access-table.ts): add one saying who may call it.`);
      }
      // The OpenAPI document says who may call each route, from the same row.
      if (route.schema && rule.who !== 'anyone') {
        route.schema = {
          ...route.schema,
          security: rule.who === 'reader' ? [{ bearer: [] }, {}] : [{ bearer: [] }],
          description: `${(route.schema as { description?: string }).description ?? ''}\n\n**Who may call it:** ${describeRule(rule)}`.trim(),
        };
      }
    }
  });

  /** The principal a valid token names, or a 401 that says why there is none. */
  async function authenticate(token: string): Promise<Principal> {
    let claims;
    try {
      claims = await tokens.verify(token);
    } catch (error) {
      if (error instanceof InvalidTokenError && error.expired) throw unauthorized(R.EXPIRED, 'SESSION_ENDED');
      throw unauthorized(R.INVALID, 'SESSION_ENDED');
    }
    if (claims.scope === 'vendor') {
      const vendor = await principals.vendorKey(claims.apiKeyId);
      if (!vendor) throw unauthorized(R.KEY_REVOKED);
      return { kind: 'vendor', apiKeyId: claims.apiKeyId, vendorIds: vendor.vendorIds };
    }
    const user = await principals.user(claims.userId);
    if (!user) throw unauthorized(R.NO_ACCOUNT, 'SESSION_ENDED');
    if (user.status === 2) throw unauthorized(R.SUSPENDED, 'ACCOUNT_SUSPENDED');
    if (user.status !== 1) throw unauthorized(R.UNCONFIRMED, 'SESSION_ENDED');
    if (claims.scope === 'admin' && user.adminRole === null) throw unauthorized(R.ROLE_TAKEN, 'SESSION_ENDED');
    return { kind: 'user', userId: claims.userId, scope: claims.scope, adminRole: user.adminRole };
  }

  async function authorize(request: FastifyRequest, rule: AccessRule): Promise<void> {
    const principal = request.principal;
    switch (rule.who) {
      case 'anyone':
        if (rule.personal && principal?.kind === 'vendor') throw forbidden(R.VENDOR_NOT_READER);
        return;
      case 'reader':
        if (principal?.kind === 'vendor') throw forbidden(R.VENDOR_NOT_READER);
        // A malformed visitorId, or a body that is not an object, is left to validation (400);
        // the handler's actorOf still refuses a request that names no one.
        if (!principal && rawVisitorIdOf(request) === undefined && !bodyIsMissing(request)) throw unauthorized(R.NO_IDENTITY);
        return;
      case 'user':
        if (!principal) throw unauthorized(R.SIGN_IN);
        if (principal.kind !== 'user') throw forbidden(R.VENDOR_NOT_USER);
        return;
      case 'admin': {
        if (!principal) throw unauthorized(R.SIGN_IN);
        if (principal.kind !== 'user' || principal.adminRole === null) throw forbidden(R.NO_ADMIN_ROLE);
        if ((rule.token ?? 'admin') === 'admin' && principal.scope !== 'admin') {
          throw forbidden(R.NEEDS_ADMIN_TOKEN);
        }
        if (rule.role === 'superuser' && principal.adminRole !== AdminRole.SUPERUSER) throw forbidden(R.SUPERUSER_ONLY);
        return;
      }
      case 'publisher': {
        if (!principal) throw unauthorized(R.SIGN_IN);
        if (principal.kind !== 'user') throw forbidden(R.VENDOR_NOT_PUBLISHER);
        const publisherId = rule.publisher === 'active' ? await principals.activePublisherId(principal.userId) : paramOf(request, rule.publisher.param);
        if (!publisherId) throw forbidden(R.NO_ACTIVE_PUBLISHER);
        const role = await principals.publisherRole(principal.userId, publisherId);
        if (role === null) throw forbidden(R.NOT_PUBLISHER_USER);
        if (rule.role === 'admin' && role !== AccountRole.ADMIN) throw forbidden(R.PUBLISHER_ADMIN_ONLY);
        request.actingPublisherId = publisherId.toLowerCase();
        return;
      }
      case 'vendor': {
        if (!principal) throw unauthorized(R.SIGN_IN);
        const vendorIds = principal.kind === 'vendor' ? principal.vendorIds : await principals.vendorIds(principal.userId);
        if (rule.vendor === 'own') {
          // vendorIds come ordered by the vendor's name: the first is the caller's own.
          if (vendorIds.length === 0) throw forbidden(R.NO_VENDOR);
          request.ownVendorId = vendorIds[0]!;
          return;
        }
        const vendorId = paramOf(request, rule.vendor.param);
        if (!vendorId || !vendorIds.includes(vendorId.toLowerCase())) throw forbidden(R.NOT_VENDOR_USER);
        return;
      }
    }
  }

  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (!url?.startsWith('/v1/')) return;
    const rule = accessRuleOf(request.method, url);
    // Public reads ignore credentials, so a stale token never breaks them.
    if (!rule || (rule.who === 'anyone' && !rule.personal)) return;
    const token = bearerTokenOf(request);
    if (token) request.principal = await authenticate(token);
  });

  app.addHook('preValidation', async (request) => {
    const url = request.routeOptions.url;
    if (!url?.startsWith('/v1/')) return;
    const rule = accessRuleOf(request.method, url);
    if (rule) await authorize(request, rule);
  });
}

/** A row of the access table in words, for the OpenAPI document. */
function describeRule(rule: AccessRule): string {
  switch (rule.who) {
    case 'anyone':
      return 'anyone.';
    case 'reader':
      return 'the signed-in user (bearer token), or without one the visitor named by visitorId.';
    case 'user':
      return 'a signed-in user (bearer token).';
    case 'admin':
      return `${rule.role === 'superuser' ? 'a superuser' : 'a moderator or a superuser'}, with ${rule.token === 'user' ? 'their user token' : 'an admin token from POST /v1/auth/admin'}.`;
    case 'publisher':
      return `${rule.role === 'admin' ? 'an admin' : 'a member or an admin'} of ${rule.publisher === 'active' ? 'the user’s active publisher' : 'the publisher in the path'}.`;
    case 'vendor':
      return rule.vendor === 'own'
        ? 'a vendor: a vendor token (POST /v1/auth/vendor), or a signed-in user of a vendor; it acts for that vendor.'
        : 'the vendor in the path: a vendor token of its API key, or a signed-in user of the vendor.';
  }
}

function paramOf(request: FastifyRequest, name: string): string | undefined {
  const value = (request.params as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

export const registerAccess = fp(accessPlugin, { name: 'access' });
export { ACCESS_TABLE };
